import { PortalDesigner } from '@kp/designer';
import type { PortalLayout } from '@kp/schema';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

/** Full-screen portal designer with confirm and cancel (spec 1 §2.4); loaded only when opened. */
export default function PortalCustomize({
  value,
  onConfirm,
  onCancel,
}: {
  value: PortalLayout;
  onConfirm: (layout: PortalLayout) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<PortalLayout>(value);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={t('portalHome.customize')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      onCancel={onCancel}
      maskClosable={false}
      footer={[
        <Button key="cancel" data-testid="customize-cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={saving}
          data-testid="customize-confirm"
          onClick={async () => {
            setSaving(true);
            try {
              await onConfirm(layout);
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <div data-testid="customize-dialog">
        <PortalDesigner
          value={value}
          onChange={setLayout}
          language={currentLanguage()}
          height="calc(100vh - 140px)"
        />
      </div>
    </Modal>
  );
}

import { FormRenderer } from '@kp/renderer';
import type { FormConfig, Language } from '@kp/schema';
import { Button, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { currentLanguage } from '../../i18n';
import { wfApi } from './api';
import { WF_NS } from './i18n';
import { parseDetailConfig } from './model';
import { launchDefaults, wfProviders } from './providers';

const providers = wfProviders();

/**
 * /previewModel?id={flow template id} (or config=base64 JSON with id/flowId): the form preview dialog
 * titled 预览 with only a cancel button (spec 2 §2), which goes back.
 */
export default function PreviewModel() {
  const { t } = useTranslation(WF_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cfg = parseDetailConfig(params.get('config')) ?? Object.fromEntries(params.entries());
  const id = (cfg.id ?? cfg.flowId) as string | undefined;
  const [form, setForm] = useState<FormConfig | null | undefined>(undefined);
  useEffect(() => {
    if (!id) {
      setForm(null);
      return;
    }
    void wfApi
      .template(id)
      .then((r) => setForm(r.formData ?? null))
      .catch(() => setForm(null));
  }, [id]);
  const close = () => navigate(-1);
  return (
    <Modal
      open
      title={t('dlg.preview')}
      width={1000}
      onCancel={close}
      footer={<Button onClick={close}>{t('btn.cancel')}</Button>}
    >
      {form === undefined ? (
        <Spin />
      ) : form === null ? (
        <Empty description={t('msg.noData')} />
      ) : (
        <FormRenderer
          config={form}
          value={launchDefaults(form)}
          mode="create"
          providers={providers}
          language={currentLanguage() as Language}
          showButtons={false}
        />
      )}
    </Modal>
  );
}

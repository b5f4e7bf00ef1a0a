import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../config';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';

/** About: system name, version V1.1.0, author the information management department, producer the group. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sysName = useStore(sessionStore, (s) => s.sysConfig.sysName);
  return (
    <Modal open={open} title={t('about.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Descriptions column={1} bordered size="small" data-testid="about-dialog">
        <Descriptions.Item label={t('about.sysName')}>
          {sysName || t('about.defaultSysName')}
        </Descriptions.Item>
        <Descriptions.Item label={t('about.version')}>{APP_VERSION}</Descriptions.Item>
        <Descriptions.Item label={t('about.author')}>{t('about.authorValue')}</Descriptions.Item>
        <Descriptions.Item label={t('about.producer')}>{t('about.producerValue')}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/** Statement: internal staff only; data belongs to the group; stealing, spreading or selling forbidden. */
export function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('statement.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="statement-dialog">
        <p>{t('statement.line1')}</p>
        <p>{t('statement.line2')}</p>
        <p>{t('statement.line3')}</p>
      </div>
    </Modal>
  );
}

import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { defaultErrorText, http } from '../../api/http';
import { openLink } from '../../services/linkCodes';
import { countsStore } from '../../store/counts';
import { Attachments } from './Attachments';
import { attachmentsOf, formatTime, siteMessageAction } from './model';

export interface SiteMessage {
  id: string;
  title: string;
  type: number;
  creatorUser: string;
  creatorUserId?: string;
  lastModifyTime: string | number;
  isRead: '0' | '1';
}
interface SiteMessageInfo extends SiteMessage {
  bodyText?: string | null;
  files?: unknown;
}

/** Read-all with its confirmation (spec 1 §8): 您确定全部为已读状态, 是否继续? */
export function useReadAll(after: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('oa.readAllConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/message/Actions/ReadAll', undefined, { showSuccess: true });
          countsStore.set((c) => ({ ...c, notice: 0 }));
        } catch {
          /* toast shown */
        }
        after();
      },
    });
}

/**
 * Opening a site message: marks it read (ReadInfo), then acts by type (spec 1 §4). Returns the opener and
 * the view-message dialog element (type 1).
 */
export function useOpenSiteMessage(after: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SiteMessageInfo | null>(null);

  const openMessage = async (m: SiteMessage) => {
    let info: SiteMessageInfo;
    try {
      info = (await http.get<SiteMessageInfo>(`/api/message/ReadInfo/${encodeURIComponent(m.id)}`)).data;
    } catch {
      return;
    }
    if (m.isRead === '0') {
      // the server pushes messagePush with the new count too; decrement at once for the badge
      countsStore.set((c) => ({ ...c, notice: Math.max(0, c.notice - (Number(m.type) === 7 ? 1 : 0)) }));
    }
    after();
    const action = siteMessageAction(info.type ?? m.type, info.bodyText);
    switch (action.kind) {
      case 'dialog':
        setDialog(info);
        break;
      case 'external':
        // a one-time code bound to this link, never the session token; refused for an address the server
        // did not allow (its message is shown), and then nothing opens
        void openLink(action.url, { withCode: true });
        break;
      case 'route':
      case 'workflow':
        navigate(action.path);
        break;
      case 'booking':
        navigate(`/oa/conference?id=${encodeURIComponent(action.id)}&readonly=1`);
        break;
      default:
        message.error(defaultErrorText());
    }
  };

  const view = (
    <Modal
      open={!!dialog}
      title={t('oa.viewMessage')}
      footer={null}
      onCancel={() => setDialog(null)}
      destroyOnHidden
    >
      {dialog && (
        <div data-testid="site-message-dialog">
          <h3>{dialog.title}</h3>
          <div className="kp-muted">
            {dialog.creatorUser} {formatTime(dialog.lastModifyTime)}
          </div>
          <p style={{ whiteSpace: 'pre-wrap' }}>{dialog.bodyText}</p>
          <Attachments files={attachmentsOf(dialog.files)} />
        </div>
      )}
    </Modal>
  );
  return { openMessage, view };
}

import { Alert, Descriptions, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, http } from '../../api/http';
import { DATE_TIME, formatTime } from '../../util/date';
import { safeHtml } from '../oa/model';

/** One mail as GET /api/Bussiness/email/{id} answers it (server domains/portal/routes/email.ts). */
export interface MailDetail {
  id: string;
  subject: string;
  from: string;
  to: string[];
  time: number;
  read: boolean;
  /** HTML, sanitised by the server (and again here before it is shown). */
  body: string;
}

type State = { kind: 'loading' } | { kind: 'ready'; mail: MailDetail } | { kind: 'error'; text: string };

/**
 * /emailDetail?id= (spec 1 §2.1 查看邮件): one mail of the signed-in user's mailbox. The mail lives outside
 * this product; without a configured mail service, or for a mail that is not the user's, the page shows
 * the server's message (未配置邮件服务, 邮件不存在或无权查看).
 */
export default function EmailDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ kind: 'loading' });
    http
      .get<MailDetail>(`/api/Bussiness/email/${encodeURIComponent(id)}`, undefined, { silent: true })
      .then((r) => live && setState({ kind: 'ready', mail: r.data }))
      .catch(
        (e: unknown) =>
          live &&
          setState({ kind: 'error', text: e instanceof ApiError ? e.message : t('common.requestError') }),
      );
    return () => {
      live = false;
    };
  }, [id, t]);

  let body: ReactNode;
  if (!id) body = <Alert type="error" showIcon title={t('detail.emailMissing')} />;
  else if (state.kind === 'loading') body = <Spin />;
  else if (state.kind === 'error')
    body = <Alert type="error" showIcon title={state.text} data-testid="email-error" />;
  else {
    const m = state.mail;
    body = (
      <>
        <Typography.Title level={4} data-testid="email-subject">
          {m.subject}
        </Typography.Title>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'from', label: t('detail.emailFrom'), children: m.from },
            { key: 'to', label: t('detail.emailTo'), children: m.to.join('; ') },
            { key: 'time', label: t('detail.emailTime'), children: formatTime(m.time, DATE_TIME) },
          ]}
        />
        <div
          className="kp-email-body"
          data-testid="email-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and by safeHtml
          dangerouslySetInnerHTML={{ __html: safeHtml(m.body) }}
        />
      </>
    );
  }
  return (
    <div className="kp-email-detail" data-testid="email-detail">
      {body}
    </div>
  );
}

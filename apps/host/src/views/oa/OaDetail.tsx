import { ArrowLeftOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import './i18n';
import { Attachments } from './Attachments';
import { Comments } from './Comments';
import type { KindConfig } from './kinds';
import { attachmentsOf, formatTime, reminderAction, safeHtml } from './model';
import { Recipients } from './Recipients';
import type { PickUser } from './UserPicker';
import './oa.css';
import { type Detail, type Draft, emptyDraft } from './itemTypes';

const fmt = formatTime;

export function DetailView({
  cfg,
  id,
  onBack,
  onEdit,
}: {
  cfg: KindConfig;
  id: string;
  onBack: () => void;
  onEdit: (d: Draft) => void;
}) {
  const { t } = useTranslation();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const [d, setD] = useState<Detail | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const res = await http.get<Detail>(`${cfg.prefix}/${encodeURIComponent(id)}`);
      setD(res.data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [cfg.prefix, id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return (
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('oa.back')}
      </Button>
    );
  if (!d) return null;
  const remind = reminderAction(d.isRemind);
  const isCreator = d.creatorUserId === user?.userId;
  const marked = Number(d.isMark) === 1;

  const toggleRemind = async () => {
    await http
      .post(`${cfg.prefix}/${d.id}/close/${remind.x}`, undefined, { showSuccess: true })
      .catch(() => {});
    await load();
  };
  const toggleMark = async () => {
    await http.post(`${cfg.prefix}/${d.id}/addMark`, undefined, { showSuccess: true }).catch(() => {});
    await load();
  };
  const asDraft = (prefix: string, recipients: PickUser[]): Draft => ({
    ...emptyDraft(),
    title: `${prefix}${d.title}`,
    contents: d.contents,
    files: prefix ? attachmentsOf(d.files) : [],
    recipients,
  });

  return (
    <Card
      data-testid="item-detail"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('oa.back')} />
          <span data-testid="item-detail-title">{d.title}</span>
          {Number(d.isImportant) === 1 && <Tag color="red">{t('oa.important')}</Tag>}
        </Space>
      }
      extra={
        <Space>
          {Number(d.isDraft) !== 1 && (
            <Button onClick={() => void toggleRemind()} data-testid="item-remind">
              {t(remind.labelKey)}
            </Button>
          )}
          <Button
            icon={marked ? <StarFilled /> : <StarOutlined />}
            onClick={() => void toggleMark()}
            data-testid="item-mark"
          >
            {marked ? t('oa.unmark') : t('oa.mark')}
          </Button>
          {cfg.kind === 'message' && !isCreator && Number(d.isDraft) !== 1 && (
            <Button
              onClick={() =>
                onEdit(asDraft('Re: ', [{ id: d.creatorUserId, realName: d.userName, account: '' }]))
              }
              data-testid="item-reply"
            >
              {t('oa.reply')}
            </Button>
          )}
          {cfg.kind === 'message' && Number(d.isDraft) !== 1 && (
            <Button
              onClick={() => onEdit({ ...asDraft('Fw: ', []), files: attachmentsOf(d.files) })}
              data-testid="item-forward"
            >
              {t('oa.forward')}
            </Button>
          )}
          <Button onClick={onBack}>{t('oa.cancel')}</Button>
        </Space>
      }
    >
      <div className="kp-item-meta">
        <span>
          {cfg.kind === 'message' ? t('oa.sender') : t('oa.publisher')}：{d.userName}
        </span>
        {d.reportUserName ? (
          <span>
            {t('oa.correspondent')}：{d.reportUserName}
          </span>
        ) : null}
        <span>
          {t('oa.publishTime')}：{fmt(d.formtDate)}
        </span>
      </div>
      <Recipients
        list={d.oaGeneralReceiveList ?? []}
        isCreator={isCreator}
        prefix={cfg.prefix}
        objectId={d.id}
        objectType={cfg.kind}
        onChanged={() => void load()}
      />
      {cfg.kind === 'news' && attachmentsOf(d.coverFiles)[0] && (
        <img className="kp-item-cover" src={attachmentsOf(d.coverFiles)[0].url} alt={t('oa.cover')} />
      )}
      <div
        className="kp-item-body"
        data-testid="item-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on the way in and by DOMPurify here
        dangerouslySetInnerHTML={{ __html: safeHtml(d.contents) }}
      />
      {attachmentsOf(d.files).length > 0 && (
        <>
          <h4>{t('oa.attachments')}</h4>
          <Attachments files={attachmentsOf(d.files)} testId="item-attachments" />
        </>
      )}
      {Number(d.isDraft) !== 1 && <Comments ownerId={d.id} />}
    </Card>
  );
}

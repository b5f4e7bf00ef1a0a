import { App, Button, Checkbox, Form, Input, Modal, Space, Tag, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import './i18n';
import { Attachments } from './Attachments';
import type { KindConfig } from './kinds';
import { type Attachment, checkChatImage } from './model';
import { RichEditor } from './RichEditor';
import { UserPicker } from './UserPicker';
import { uploadSingle } from './upload';
import './oa.css';
import { type Draft, emptyDraft } from './itemTypes';

/** News cover: one image (editor-image upload, public, 10 MB). */
function CoverPicker({ files, onChange }: { files: Attachment[]; onChange: (f: Attachment[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = async (f: File) => {
    if (checkChatImage({ name: f.name, type: f.type, size: 0 }) === 'chat.imageOnly') {
      message.error(t('oa.imageOnly'));
      return;
    }
    try {
      const up = await uploadSingle(f, 'annexpic');
      onChange([{ name: up.name, fileId: up.fileId, url: up.url, size: up.size }]);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Space>
      {files[0] && <img src={files[0].url} alt={files[0].name} style={{ height: 64, borderRadius: 4 }} />}
      <Upload
        accept="image/*"
        fileList={[]}
        showUploadList={false}
        beforeUpload={(f) => {
          void pick(f);
          return false;
        }}
      >
        <Button size="small">{t('oa.upload')}</Button>
      </Upload>
      {files[0] && (
        <Button size="small" danger onClick={() => onChange([])}>
          {t('oa.delete')}
        </Button>
      )}
    </Space>
  );
}

/** Create or edit (draft, release/send). */
export function EditorModal({
  cfg,
  draft,
  onClose,
}: {
  cfg: KindConfig;
  draft: Draft | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [d, setD] = useState<Draft>(emptyDraft());
  const [picker, setPicker] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setLoaded(false);
    if (!draft) return;
    setD(draft);
    setLoaded(true);
  }, [draft]);
  // What is typed is kept in this browser until it is saved or sent (an ended session loses nothing).
  const current = useRef(d);
  current.current = d;
  const unsent = useUnsentInput({
    scope: draft ? `oa:${cfg.kind}:${draft.id ?? 'new'}` : null,
    ready: loaded,
    read: () => current.current as unknown as Record<string, unknown>,
    write: (data) => setD({ ...emptyDraft(), ...(data as Partial<Draft>) }),
  });
  const { onChange } = unsent;
  useEffect(() => {
    if (loaded) onChange(d as unknown as Record<string, unknown>);
  }, [d, loaded, onChange]);
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));
  const cancel = () => void unsent.confirmClose().then((ok) => ok && onClose(false));

  const save = async (isDraft: boolean) => {
    if (!d.title.trim()) {
      message.error(t('oa.titleRequired'));
      return;
    }
    if (!isDraft && cfg.kind === 'message' && d.recipients.length === 0) {
      message.error(t('oa.recipientsRequired'));
      return;
    }
    const body: Record<string, unknown> = {
      title: d.title.trim(),
      contents: d.contents,
      files: d.files,
      isImportant: d.isImportant ? 1 : 0,
      isRemind: d.isRemind ? 1 : 0,
      acceptUsers: d.recipients.map((u) => u.id).join(','),
      isDraft: isDraft ? 1 : 0,
    };
    if (cfg.kind === 'news') {
      body.coverFiles = d.coverFiles;
      body.reportUserName = d.reportUserName;
    }
    setBusy(true);
    try {
      if (d.id) {
        await http.put(`${cfg.prefix}/${d.id}`, body, { showSuccess: true });
        if (!isDraft) await http.post(`${cfg.prefix}/sync/${d.id}`, undefined, { showSuccess: true });
      } else await http.post(cfg.prefix, body, { showSuccess: true });
      unsent.settle();
      onClose(true);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!draft}
      width={900}
      title={d.id ? t('oa.edit') : t('oa.add')}
      onCancel={cancel}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={cancel}>{t('oa.cancel')}</Button>
          <Button loading={busy} onClick={() => void save(true)} data-testid="item-save-draft">
            {t('oa.saveDraft')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save(false)} data-testid="item-send">
            {cfg.kind === 'message' ? t('oa.send') : t('oa.release')}
          </Button>
        </Space>
      }
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      <Form layout="vertical">
        <Form.Item label={t('oa.title')} required>
          <Input
            value={d.title}
            maxLength={200}
            onChange={(e) => set({ title: e.target.value })}
            data-testid="item-title"
          />
        </Form.Item>
        <Form.Item label={t('oa.recipients')} required={cfg.kind === 'message'}>
          <Space wrap>
            {d.recipients.length === 0 && cfg.kind !== 'message' && (
              <span className="kp-muted">{t('oa.recipientsAll')}</span>
            )}
            {d.recipients.map((u) => (
              <Tag
                key={u.id}
                closable
                onClose={() => set({ recipients: d.recipients.filter((x) => x.id !== u.id) })}
              >
                {u.realName}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicker(true)} data-testid="item-pick-recipients">
              {t('oa.addRecipient')}
            </Button>
          </Space>
        </Form.Item>
        {cfg.kind === 'news' && (
          <Form.Item label={t('oa.correspondent')}>
            <Input
              value={d.reportUserName}
              maxLength={50}
              onChange={(e) => set({ reportUserName: e.target.value })}
            />
          </Form.Item>
        )}
        {cfg.kind === 'news' && (
          <Form.Item label={t('oa.cover')}>
            <CoverPicker files={d.coverFiles} onChange={(coverFiles) => set({ coverFiles })} />
          </Form.Item>
        )}
        <Form.Item label={t('oa.contents')}>
          <RichEditor value={d.contents} onChange={(contents) => set({ contents })} />
        </Form.Item>
        <Form.Item label={t('oa.attachments')}>
          <Attachments files={d.files} onChange={(files) => set({ files })} testId="item-files" />
        </Form.Item>
        <Space>
          <Checkbox checked={d.isImportant} onChange={(e) => set({ isImportant: e.target.checked })}>
            {t('oa.important')}
          </Checkbox>
          <Checkbox checked={d.isRemind} onChange={(e) => set({ isRemind: e.target.checked })}>
            {t('oa.remind')}
          </Checkbox>
        </Space>
      </Form>
      <UserPicker
        open={picker}
        initial={d.recipients}
        onCancel={() => setPicker(false)}
        onOk={(recipients) => {
          set({ recipients });
          setPicker(false);
        }}
      />
    </Modal>
  );
}

import { FileImageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Empty, Image, Input, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { Attachments } from '../oa/Attachments';
import { fileHref } from '../oa/model';
import { uploadSingle } from '../oa/upload';
import { type CommentAttachment, type CommentRow, wfApi } from './api';
import { WF_NS } from './i18n';
import {
  COMMENT_FILE_EXTS,
  COMMENT_IMAGE_EXTS,
  COMMENT_MAX,
  checkCommentFiles,
  commentAttachments,
  commentIsEmpty,
  commentsEnded,
  nearBottom,
} from './model';
import { fmtTime } from './util';

/** The server's upload kind for comment attachments (private, 50 MB). */
const UPLOAD_KIND = 'comment';
const PICKS = [
  { kind: 'image', label: 'dlg.commentImage', icon: <FileImageOutlined />, exts: COMMENT_IMAGE_EXTS },
  { kind: 'file', label: 'dlg.commentFile', icon: <PaperClipOutlined />, exts: COMMENT_FILE_EXTS },
] as const;

/**
 * Flow comments (spec 2 §5, §9): text with up to 9 images and 9 files (50 MB each) uploaded through
 * /api/file/Uploader/comment; 评论不能为空 when nothing is given. The list (newest first) pages by 20 when
 * scrolled within 600 px of its bottom and ends at a short page; images as thumbnails, files as links;
 * delete only when isDel.
 */
export function Comments(props: { taskId: string }) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const token = useStore(sessionStore, (s) => s.token) ?? '';
  const [rows, setRows] = useState<CommentRow[]>([]);
  const [ended, setEnded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState('');
  const [images, setImages] = useState<CommentAttachment[]>([]);
  const [files, setFiles] = useState<CommentAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);
  const pageRef = useRef(0);
  const busy = useRef(false);
  const gen = useRef(0);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});

  const loadPage = useCallback(
    async (page: number) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      const g = gen.current;
      try {
        const p = await wfApi.comments(props.taskId, page);
        if (g !== gen.current) return;
        pageRef.current = page;
        setRows((r) => (page === 1 ? p.list : [...r, ...p.list]));
        setEnded(commentsEnded(p.list.length));
      } catch {
        if (g === gen.current) setEnded(true);
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [props.taskId],
  );
  const reload = useCallback(() => {
    gen.current++;
    busy.current = false;
    setEnded(false);
    void loadPage(1);
  }, [loadPage]);
  useEffect(reload, [reload]);

  const more = () => {
    if (!ended && !busy.current && box.current && nearBottom(box.current)) void loadPage(pageRef.current + 1);
  };
  // A page that does not fill the box leaves nothing to scroll: look again after each page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each page lands
  useEffect(() => {
    if (!loading) more();
  }, [rows, loading, ended]);

  const add = async (kind: 'image' | 'file', list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (!chosen.length) return;
    const have = kind === 'image' ? images : files;
    const err = checkCommentFiles(kind, have.length, chosen);
    if (err) {
      message.warning(t(err));
      return;
    }
    setUploading(true);
    try {
      for (const f of chosen) {
        const up = await uploadSingle(f, UPLOAD_KIND);
        const item = { fileId: up.fileId, url: up.url, name: up.name, size: up.size ?? f.size };
        (kind === 'image' ? setImages : setFiles)((l) => [...l, item]);
      }
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const send = async () => {
    if (commentIsEmpty({ text, image: images, file: files })) {
      message.warning(t('dlg.commentEmpty'));
      return;
    }
    setSending(true);
    try {
      await wfApi.addComment(props.taskId, { text: text.trim(), image: images, file: files });
      setText('');
      setImages([]);
      setFiles([]);
      reload();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="wf-comments" style={{ maxWidth: 800 }}>
      <Input.TextArea
        rows={3}
        value={text}
        data-testid="wf-comment-text"
        placeholder={t('dlg.commentPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <Space wrap style={{ marginTop: 8 }}>
        {PICKS.map((k) => {
          const have = k.kind === 'image' ? images.length : files.length;
          return (
            <Button
              key={k.kind}
              icon={k.icon}
              loading={uploading}
              disabled={have >= COMMENT_MAX}
              onClick={() => inputs.current[k.kind]?.click()}
            >
              {t(k.label)} ({have}/{COMMENT_MAX})
            </Button>
          );
        })}
        <Button
          type="primary"
          loading={sending}
          disabled={uploading}
          onClick={() => void send()}
          data-testid="wf-comment-send"
        >
          {t('btn.confirm')}
        </Button>
      </Space>
      {PICKS.map((k) => (
        <input
          key={k.kind}
          ref={(el) => {
            inputs.current[k.kind] = el;
          }}
          type="file"
          multiple
          hidden
          accept={k.exts.map((e) => `.${e}`).join(',')}
          data-testid={`wf-comment-${k.kind}-input`}
          onChange={(e) => {
            void add(k.kind, e.target.files);
            e.target.value = '';
          }}
        />
      ))}
      {(images.length > 0 || files.length > 0) && (
        <div data-testid="wf-comment-pending" style={{ marginTop: 8 }}>
          {[...images, ...files].map((a) => (
            <Tag
              key={a.fileId || a.url}
              closable
              onClose={() => {
                setImages((l) => l.filter((x) => x !== a));
                setFiles((l) => l.filter((x) => x !== a));
              }}
            >
              {a.name}
            </Tag>
          ))}
        </div>
      )}
      <div
        ref={box}
        data-testid="wf-comment-list"
        onScroll={more}
        style={{ marginTop: 12, maxHeight: 'calc(100vh - 380px)', overflowY: 'auto' }}
      >
        {rows.length === 0 && !loading ? (
          <Empty description={t('msg.noData')} />
        ) : (
          rows.map((c) => (
            <CommentItem
              key={c.id}
              row={c}
              token={token}
              onDelete={async () => {
                await wfApi.deleteComment(c.id).catch(() => {});
                reload();
              }}
            />
          ))
        )}
        {loading && <Spin style={{ display: 'block', margin: 8 }} />}
        {ended && rows.length > 0 && (
          <div style={{ textAlign: 'center', color: '#999', padding: 8 }} data-testid="wf-comment-end">
            {t('dlg.commentEnd')}
          </div>
        )}
      </div>
    </div>
  );
}

function CommentItem(props: { row: CommentRow; token: string; onDelete(): Promise<void> }) {
  const { t } = useTranslation(WF_NS);
  const c = props.row;
  const images = commentAttachments(c.image);
  const files = commentAttachments(c.file);
  return (
    <div data-testid="wf-comment" style={{ borderBottom: '1px solid #eee', padding: '8px 0' }}>
      <b>{c.creatorUserName}</b> <span style={{ color: '#666' }}>{fmtTime(c.creatorTime)}</span>
      {c.isDel && (
        <Button
          type="link"
          danger
          size="small"
          data-testid="wf-comment-delete"
          onClick={() => void props.onDelete()}
        >
          {t('btn.delete')}
        </Button>
      )}
      {c.text && <div style={{ whiteSpace: 'pre-wrap' }}>{c.text}</div>}
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap style={{ marginTop: 4 }}>
            {images.map((i) => (
              <Image
                key={i.fileId || i.url}
                data-testid="wf-comment-image"
                width={80}
                height={80}
                style={{ objectFit: 'cover' }}
                alt={i.name}
                src={fileHref(i.url, props.token)}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {files.length > 0 && <Attachments files={files} testId={`wf-comment-files-${c.id}`} />}
    </div>
  );
}

import { DeleteOutlined, LikeFilled, LikeOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Input, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import {
  type Attachment,
  COMMENT_FILE_EXTS,
  extOf,
  fileHref,
  formatTime,
  IMAGE_EXTS,
  MAX_COMMENT_BYTES,
  MAX_COMMENT_FILES,
  MAX_COMMENT_IMAGES,
} from './model';
import { uploadSingle } from './upload';

export interface CommentNode {
  id: string;
  fromId: string;
  fromName: string;
  fromAvatar?: string | null;
  toId?: string | null;
  toName?: string | null;
  date: string | number;
  content: string;
  files: Attachment[];
  isLike: boolean;
  likeNum: number;
  isDel: boolean;
  children?: CommentNode[];
}

const PAGE = 20;

/**
 * Splits picked comment files (spec 1 §5): images ≤ 9, files ≤ 9 (xls…pptx), each under 50 MB: exactly
 * 50 MB is refused, as the server's comment upload does. Null = ok.
 */
export function checkCommentPick(
  current: Attachment[],
  picked: { name: string; size: number }[],
  kind: 'image' | 'file',
): string | null {
  const isImg = (n: string) => IMAGE_EXTS.includes(extOf(n));
  if (kind === 'image') {
    if (picked.some((f) => !isImg(f.name))) return 'oa.imageOnly';
    if (picked.some((f) => f.size >= MAX_COMMENT_BYTES)) return 'oa.imageTooBig';
    if (current.filter((f) => isImg(f.name)).length + picked.length > MAX_COMMENT_IMAGES)
      return 'oa.maxImages';
    return null;
  }
  if (picked.some((f) => !COMMENT_FILE_EXTS.includes(extOf(f.name)))) return 'oa.commentFileType';
  if (picked.some((f) => f.size >= MAX_COMMENT_BYTES)) return 'oa.fileTooBig';
  if (current.filter((f) => !isImg(f.name)).length + picked.length > MAX_COMMENT_FILES)
    return 'oa.maxCommentFiles';
  return null;
}

function Editor({
  ownerId,
  parent,
  onDone,
  autoFocus,
}: {
  ownerId: string;
  parent?: CommentNode;
  onDone: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [busy, setBusy] = useState(false);
  const img = useRef<HTMLInputElement>(null);
  const doc = useRef<HTMLInputElement>(null);

  const pick = async (list: FileList | null, kind: 'image' | 'file') => {
    if (!list?.length) return;
    const picked = [...list];
    const refusal = checkCommentPick(files, picked, kind);
    if (refusal) {
      message.error(t(refusal, { defaultValue: COMMENT_FILE_EXTS.join(',') }));
      return;
    }
    setBusy(true);
    try {
      const up: Attachment[] = [];
      for (const f of picked) {
        const a = await uploadSingle(f, 'comment');
        up.push({ name: a.name, fileId: a.fileId, url: a.url, size: a.size });
      }
      setFiles((fs) => [...fs, ...up]);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!text.trim()) {
      message.error(t('oa.commentEmpty'));
      return;
    }
    setBusy(true);
    try {
      await http.post('/api/Bussiness/Comment', {
        contents: text.trim(),
        ownerId,
        files,
        ...(parent ? { parentId: parent.id, toUserId: parent.fromId } : {}),
      });
      setText('');
      setFiles([]);
      onDone();
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kp-comment-editor" data-testid={parent ? 'reply-editor' : 'comment-editor'}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={parent ? `${t('oa.reply')} ${parent.fromName}` : t('oa.commentPlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        autoFocus={autoFocus}
        data-testid={parent ? 'reply-input' : 'comment-input'}
      />
      {files.length > 0 && (
        <div className="kp-comment-files">
          {files.map((f) => (
            <span key={f.fileId} className="kp-tag">
              {f.name}{' '}
              <button
                type="button"
                className="kp-link"
                onClick={() => setFiles((fs) => fs.filter((x) => x !== f))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      )}
      <Space style={{ marginTop: 8 }}>
        <Button size="small" icon={<PictureOutlined />} onClick={() => img.current?.click()}>
          {t('oa.commentImage')}
        </Button>
        <Button size="small" icon={<UploadOutlined />} onClick={() => doc.current?.click()}>
          {t('oa.commentFile')}
        </Button>
        <input
          ref={img}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(e) => void pick(e.target.files, 'image')}
        />
        <input
          ref={doc}
          type="file"
          accept={COMMENT_FILE_EXTS.map((e) => `.${e}`).join(',')}
          multiple
          hidden
          onChange={(e) => void pick(e.target.files, 'file')}
        />
        <Button
          type="primary"
          size="small"
          loading={busy}
          onClick={() => void submit()}
          data-testid={parent ? 'reply-submit' : 'comment-submit'}
        >
          {parent ? t('oa.reply') : t('oa.comment')}
        </Button>
      </Space>
    </div>
  );
}

function Files({ files }: { files: Attachment[] }) {
  const token = useStore(sessionStore, (s) => s.token);
  if (!files?.length) return null;
  return (
    <div className="kp-comment-files">
      {files.map((f) =>
        IMAGE_EXTS.includes(extOf(f.name)) ? (
          <a key={f.fileId || f.url} href={fileHref(f.url, token)} target="_blank" rel="noreferrer">
            <img src={fileHref(f.url, token)} alt={f.name} className="kp-comment-img" />
          </a>
        ) : (
          <a
            key={f.fileId || f.url}
            href={fileHref(f.url, token)}
            target="_blank"
            rel="noreferrer"
            className="kp-tag"
          >
            {f.name}
          </a>
        ),
      )}
    </div>
  );
}

/** Comment panel of a business object: paged tree (roots newest first), replies, likes, attachments, delete. */
export function Comments({ ownerId }: { ownerId: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [list, setList] = useState<CommentNode[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [replyTo, setReplyTo] = useState<string | null>(null);

  const load = useCallback(
    async (p: number) => {
      setLoading(true);
      try {
        const res = await http.get<{ list: CommentNode[] }>(
          `/api/Bussiness/Comment/${encodeURIComponent(ownerId)}/Tree`,
          {
            currentPage: p,
            pageSize: PAGE,
          },
        );
        const rows = res.data.list ?? [];
        // pages up to p are reloaded together so a refresh keeps what was shown
        setList((old) =>
          p === 1 ? rows : [...old.filter((o) => !rows.some((r) => r.id === o.id)), ...rows],
        );
        setPage(p);
        setMore(rows.length >= PAGE);
      } catch {
        /* list failures only stop the loading indicator */
      } finally {
        setLoading(false);
      }
    },
    [ownerId],
  );
  useEffect(() => {
    void load(1);
  }, [load]);

  // infinite scroll: the next page loads when the end comes within 600 px (spec 1 §9); a short page ends it
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load(page + 1);
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, page, load]);

  const reload = () => {
    setReplyTo(null);
    void load(1);
  };

  const like = async (c: CommentNode) => {
    await (c.isLike
      ? http.delete(`/api/Bussiness/Comment/${c.id}/like`)
      : http.post(`/api/Bussiness/Comment/${c.id}/like`));
    reload();
  };
  const remove = (c: CommentNode) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('oa.deleteConfirm'),
      onOk: async () => {
        await http.delete(`/api/Bussiness/Comment/${c.id}`);
        reload();
      },
    });

  const item = (c: CommentNode, child: boolean) => (
    <div key={c.id} className={`kp-comment${child ? ' kp-comment-child' : ''}`} data-testid="comment-item">
      <Avatar size="small" src={c.fromAvatar || undefined}>
        {c.fromName?.slice(0, 1)}
      </Avatar>
      <div className="kp-comment-body">
        <div className="kp-comment-head">
          <b>{c.fromName}</b>
          {child && c.toName ? (
            <span>
              {' '}
              {t('oa.reply')} <b>{c.toName}</b>
            </span>
          ) : null}
          <small> {formatTime(c.date)}</small>
        </div>
        <div className="kp-comment-text" data-testid="comment-text">
          {c.content}
        </div>
        <Files files={c.files} />
        <Space size="small">
          <Button
            type="link"
            size="small"
            icon={c.isLike ? <LikeFilled /> : <LikeOutlined />}
            onClick={() => void like(c)}
            data-testid="comment-like"
          >
            {c.likeNum || ''}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}
            data-testid="comment-reply"
          >
            {t('oa.reply')}
          </Button>
          {c.isDel && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(c)}
              data-testid="comment-delete"
            >
              {t('oa.delete')}
            </Button>
          )}
        </Space>
        {replyTo === c.id && <Editor ownerId={ownerId} parent={c} onDone={reload} autoFocus />}
        {!child && c.children?.map((r) => item(r, true))}
      </div>
    </div>
  );

  return (
    <div className="kp-comments" data-testid="comments">
      <h4>{t('oa.comments')}</h4>
      <Editor ownerId={ownerId} onDone={reload} />
      <Spin spinning={loading}>
        {list.map((c) => item(c, false))}
        {more ? (
          <div ref={sentinel}>
            <Button type="link" onClick={() => void load(page + 1)}>
              {t('oa.loadMore')}
            </Button>
          </div>
        ) : list.length > 0 ? (
          <div className="kp-muted">{t('oa.noMore')}</div>
        ) : null}
      </Spin>
    </div>
  );
}

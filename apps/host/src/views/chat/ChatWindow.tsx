import { HistoryOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Drawer, Input, Modal, Popover, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { onSocketMessage, sendSocket } from '../../services/socket';
import { activeChatStore, countsStore } from '../../store/counts';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import '../oa/i18n';
import { checkChatImage, fileHref, formatTime } from '../oa/model';
import { uploadSingle } from '../oa/upload';
import { type ChatMessage, type ChatUser, imageOf, mergeMessages } from './chatModel';
import { EMOJI, parseEmoji } from './emoji';

const INITIAL = 30;
const HISTORY_PAGE = 50;

function Content({ m }: { m: Pick<ChatMessage, 'contentType' | 'content'> }) {
  const token = useStore(sessionStore, (s) => s.token);
  if (m.contentType === 'image') {
    const img = imageOf(m.content);
    if (!img) return null;
    const src = fileHref(img.path, token);
    return (
      <a href={src} target="_blank" rel="noreferrer">
        <img src={src} alt={img.name ?? ''} className="kp-chat-img" data-testid="chat-image" />
      </a>
    );
  }
  return (
    <span>
      {parseEmoji(String(m.content ?? '')).map((s, i) =>
        s.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id and never reorder
          <span key={i}>{s.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i} className="kp-emoji" title={s.code} role="img" aria-label={s.code}>
            {s.glyph}
          </span>
        ),
      )}
    </span>
  );
}

function HistoryDialog({ user, open, onClose }: { user: ChatUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useStore(sessionStore, (s) => s.userInfo?.userId);
  const [kw, setKw] = useState('');
  const [rows, setRows] = useState<ChatMessage[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const load = useCallback(
    async (p: number, keyword: string) => {
      try {
        const res = await http.get<{ list: ChatMessage[] }>('/api/chat/history', {
          toUserId: user.id,
          keyword: keyword || undefined,
          currentPage: p,
          pageSize: HISTORY_PAGE,
        });
        const list = res.data.list ?? [];
        setRows((old) => (p === 1 ? list : [...old, ...list]));
        setPage(p);
        setMore(list.length >= HISTORY_PAGE);
      } catch {
        /* toast shown */
      }
    },
    [user.id],
  );
  useEffect(() => {
    if (open) void load(1, '');
  }, [open, load]);
  return (
    <Modal open={open} title={t('chat.history')} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={t('chat.historySearch')}
        value={kw}
        onChange={(e) => setKw(e.target.value)}
        onSearch={(v) => void load(1, v.trim())}
        data-testid="chat-history-search"
      />
      <div
        className="kp-chat-history"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (more && el.scrollHeight - el.scrollTop - el.clientHeight < 100) void load(page + 1, kw.trim());
        }}
      >
        {rows.map((m) => (
          <div key={m.id} className="kp-chat-history-row" data-testid="chat-history-row">
            <small className="kp-muted">
              {m.sendUserId === me ? '→' : '←'} {formatTime(m.sendTime)}
            </small>
            <div>
              <Content m={m} />
            </div>
          </div>
        ))}
        {rows.length === 0 && <div className="kp-muted">{t('common.noData')}</div>}
      </div>
    </Modal>
  );
}

/** The chat window with one user (350 px drawer): messages, emoji, image, history search. */
export function ChatWindow({
  user,
  onClose,
  unread,
}: {
  user: ChatUser | null;
  onClose: () => void;
  unread: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useStore(sessionStore, (s) => s.userInfo?.userId ?? '');
  const [list, setList] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [history, setHistory] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const stick = useRef(true);
  const uid = user?.id ?? null;

  const requestPage = useCallback(
    async (p: number) => {
      if (!uid) return;
      setLoading(true);
      const viaSocket = sendSocket({
        method: 'MessageList',
        toUserId: uid,
        formUserId: me,
        currentPage: p,
        pageSize: INITIAL,
        sord: 'desc',
      });
      if (!viaSocket) {
        try {
          const res = await http.get<{ list: ChatMessage[] }>('/api/chat/history', {
            toUserId: uid,
            currentPage: p,
            pageSize: INITIAL,
          });
          const rows = res.data.list ?? [];
          setList((old) => mergeMessages(p === 1 ? [] : old, rows));
          setPage(p);
          setMore(rows.length >= INITIAL);
        } catch {
          /* toast shown */
        }
        setLoading(false);
      }
    },
    [uid, me],
  );

  const unreadRef = useRef(unread);
  unreadRef.current = unread;
  // opening a chat: it becomes the active one, its unread count goes to 0 and the server is told
  useEffect(() => {
    const unreadNow = unreadRef.current;
    if (!uid) return;
    activeChatStore.set(uid);
    setList([]);
    stick.current = true;
    void requestPage(1);
    if (!sendSocket({ method: 'UpdateReadMessage', formUserId: uid }))
      void http
        .post(`/api/chat/read/${encodeURIComponent(uid)}`, undefined, { silent: true })
        .catch(() => {});
    if (unreadNow > 0) countsStore.set((c) => ({ ...c, chat: Math.max(0, c.chat - unreadNow) }));
    return () => {
      if (activeChatStore.get() === uid) activeChatStore.set(null);
    };
  }, [uid, requestPage]);

  useEffect(
    () =>
      onSocketMessage((m) => {
        if (!uid) return;
        if (m.method === 'messageList' && String(m.toUserId) === uid) {
          const rows = (m.list as ChatMessage[]) ?? [];
          const p = Number((m.pagination as { currentPage?: number } | undefined)?.currentPage ?? 1);
          setList((old) => mergeMessages(p === 1 ? [] : old, rows));
          setPage(p);
          setMore(rows.length >= INITIAL);
          setLoading(false);
        } else if (m.method === 'receiveMessage' && String(m.formUserId) === uid) {
          stick.current = true;
          setList((old) =>
            mergeMessages(old, [
              {
                id: String(m.id),
                sendUserId: uid,
                receiveUserId: me,
                contentType: String(m.messageType),
                content: m.formMessage as string,
                sendTime: m.dateTime as string,
              },
            ]),
          );
          sendSocket({ method: 'UpdateReadMessage', formUserId: uid });
        } else if (m.method === 'sendMessage' && String(m.toUserId) === uid) {
          stick.current = true;
          setList((old) =>
            mergeMessages(old, [
              {
                id: String(m.id),
                sendUserId: me,
                receiveUserId: uid,
                contentType: String(m.messageType),
                content: m.toMessage as string,
                sendTime: m.dateTime as string,
              },
            ]),
          );
        } else if (m.method === 'error' && typeof m.msg === 'string') {
          message.error(m.msg);
        }
      }),
    [uid, me, message],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the bottom whenever the list changes
  useEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [list]);

  const send = () => {
    const v = text.trim();
    if (!v || !uid) return; // empty text is not sent; text is trimmed
    if (sendSocket({ method: 'SendMessage', toUserId: uid, messageType: 'text', messageContent: v }))
      setText('');
    else message.error(t('common.requestError'));
  };

  const sendImage = async (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!f || !uid) return;
    const refusal = checkChatImage(f);
    if (refusal) {
      message.error(t(refusal));
      return;
    }
    try {
      const up = await uploadSingle(f, 'IM');
      const dims = await new Promise<{ width: number; height: number }>((resolve) => {
        const img = new Image();
        const url = URL.createObjectURL(f);
        img.onload = () => {
          resolve({ width: img.naturalWidth, height: img.naturalHeight });
          URL.revokeObjectURL(url);
        };
        img.onerror = () => resolve({ width: 0, height: 0 });
        img.src = url;
      });
      sendSocket({
        method: 'SendMessage',
        toUserId: uid,
        messageType: 'image',
        messageContent: { name: up.name, ...dims, path: up.url },
      });
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const emojiPanel = (
    <div className="kp-emoji-panel" data-testid="emoji-panel">
      {EMOJI.map(([code, glyph]) => (
        <button
          key={code}
          type="button"
          title={code}
          className="kp-emoji-btn"
          onClick={() => {
            setText((x) => `${x}[${code}]`);
            setEmojiOpen(false);
          }}
        >
          {glyph}
        </button>
      ))}
    </div>
  );

  return (
    <Drawer
      open={!!user}
      onClose={onClose}
      size={350}
      title={<span data-testid="chat-window-title">{user?.realName}</span>}
      extra={
        <Button
          type="text"
          icon={<HistoryOutlined />}
          onClick={() => setHistory(true)}
          aria-label={t('chat.history')}
          data-testid="chat-history"
        />
      }
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 0 } }}
      rootClassName="kp-chat-window"
    >
      <div
        ref={box}
        className="kp-chat-messages"
        data-testid="chat-messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          if (more && !loading && el.scrollTop < 200) void requestPage(page + 1);
        }}
      >
        <Spin spinning={loading} size="small">
          <div />
        </Spin>
        {list.map((m) => {
          const mine = m.sendUserId === me;
          return (
            <div
              key={m.id}
              className={`kp-chat-msg${mine ? ' kp-chat-mine' : ''}`}
              data-testid="chat-message"
            >
              {!mine && <Avatar size="small">{user?.realName.slice(0, 1)}</Avatar>}
              <div className="kp-chat-bubble" data-testid={mine ? 'chat-bubble-mine' : 'chat-bubble-theirs'}>
                <Content m={m} />
              </div>
            </div>
          );
        })}
      </div>
      <div className="kp-chat-input">
        <Space size={4}>
          <Popover content={emojiPanel} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen}>
            <Button
              type="text"
              size="small"
              icon={<SmileOutlined />}
              aria-label={t('chat.emoji')}
              data-testid="chat-emoji"
            />
          </Popover>
          <Button
            type="text"
            size="small"
            icon={<PictureOutlined />}
            aria-label={t('chat.image')}
            onClick={() => file.current?.click()}
          />
          <input
            ref={file}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void sendImage(e.target.files?.[0])}
            data-testid="chat-image-input"
          />
        </Space>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={1500}
          data-testid="chat-input"
        />
        <div style={{ textAlign: 'right', marginTop: 4 }}>
          <Button type="primary" size="small" onClick={send} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </div>
      </div>
      {user && <HistoryDialog user={user} open={history} onClose={() => setHistory(false)} />}
    </Drawer>
  );
}

import { Avatar, Badge, Drawer, Empty, Input, List, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { onSocketMessage } from '../services/socket';
import { activeChatStore } from '../store/counts';
import { useStore } from '../store/createStore';
import { ChatWindow } from '../views/chat/ChatWindow';
import { bumpConversation, type ChatUser, type Conversation, chatUiStore } from '../views/chat/chatModel';
import { parseEmoji } from '../views/chat/emoji';
import '../views/oa/i18n';
import '../views/oa/oa.css';
import { DATE, formatTime } from '../util/date';
import { relativeTime } from '../views/oa/model';

const PAGE = 20;

function Ago({ date }: { date: string | number | null }) {
  const { t } = useTranslation();
  if (!date) return null;
  const r = relativeTime(typeof date === 'string' && /^\d+$/.test(date) ? Number(date) : date);
  const text = r.key === 'date' ? formatTime(r.date ?? null, DATE) : t(`chat.${r.key}`, { n: r.n });
  return <small className="kp-muted">{text}</small>;
}

const preview = (c: Conversation, imageText: string) =>
  c.messageType === 'image'
    ? imageText
    : parseEmoji(c.latestMessage ?? '')
        .map((s) => (s.kind === 'text' ? s.text : s.glyph))
        .join('');

/** Chat drawer (280 px): messages (conversations) and contacts; a click opens the chat window. */
export default function ChatDrawer() {
  const { t } = useTranslation();
  const ui = useStore(chatUiStore);
  const [tab, setTab] = useState('messages');
  const [convs, setConvs] = useState<Conversation[]>([]);
  const [contacts, setContacts] = useState<ChatUser[]>([]);
  const [cPage, setCPage] = useState(1);
  const [cMore, setCMore] = useState(false);
  const [kw, setKw] = useState('');
  const [chatWith, setChatWith] = useState<ChatUser | null>(null);
  const [unreadOnOpen, setUnreadOnOpen] = useState(0);

  const [vPage, setVPage] = useState(1);
  const [vMore, setVMore] = useState(false);
  /** Conversations, 20 a page; page 1 replaces the list (refresh), later pages append. */
  const loadConvs = useCallback(async (p = 1) => {
    try {
      const res = await http.get<Conversation[]>(
        '/api/chat/conversations',
        { currentPage: p, pageSize: PAGE },
        { silent: true },
      );
      const rows = res.data ?? [];
      setConvs((old) => (p === 1 ? rows : [...old, ...rows.filter((r) => !old.some((o) => o.id === r.id))]));
      setVPage(p);
      setVMore(rows.length >= PAGE);
    } catch {
      /* list failures only stop the loading indicator */
    }
  }, []);
  const loadContacts = useCallback(async (p: number, keyword: string) => {
    try {
      const res = await http.get<{ list: ChatUser[] }>(
        '/api/permission/Users/ImUser',
        { keyword: keyword || undefined, currentPage: p, pageSize: PAGE },
        { silent: true },
      );
      const rows = res.data.list ?? [];
      setContacts((old) => (p === 1 ? rows : [...old, ...rows]));
      setCPage(p);
      setCMore(rows.length >= PAGE);
    } catch {
      /* ignore */
    }
  }, []);

  useEffect(() => {
    if (ui.open) {
      void loadConvs();
      void loadContacts(1, '');
    }
  }, [ui.open, loadConvs, loadContacts]);

  // feedback and other callers open the drawer on a given user
  useEffect(() => {
    if (ui.open && ui.target) {
      open(ui.target);
      chatUiStore.set((s) => ({ ...s, target: null }));
    }
  });

  useEffect(
    () =>
      onSocketMessage((m) => {
        if (m.method === 'receiveMessage') {
          const from: ChatUser = {
            id: String(m.formUserId),
            realName: String(m.realName ?? ''),
            account: String(m.account ?? ''),
            headIcon: (m.headIcon as string) ?? null,
          };
          setConvs((l) =>
            bumpConversation(
              l,
              from,
              {
                content: String(m.formMessage ?? ''),
                messageType: String(m.messageType),
                date: m.dateTime as string,
              },
              activeChatStore.get(),
              true,
            ),
          );
        } else if (m.method === 'sendMessage') {
          void loadConvs(1);
        }
      }),
    [loadConvs],
  );

  function open(u: ChatUser) {
    const c = convs.find((x) => x.id === u.id);
    setUnreadOnOpen(c?.unreadMessage ?? 0);
    setConvs((l) => l.map((x) => (x.id === u.id ? { ...x, unreadMessage: 0 } : x)));
    setChatWith(u);
  }

  return (
    <>
      <Drawer
        open={ui.open}
        size={280}
        title={t('chat.title')}
        onClose={() => chatUiStore.set({ open: false, target: null })}
        styles={{ body: { padding: '0 12px' } }}
        rootClassName="kp-chat-drawer"
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'messages',
              label: t('chat.messages'),
              children: (
                <div
                  className="kp-chat-contacts"
                  onScroll={(e) => {
                    const el = e.currentTarget;
                    if (vMore && el.scrollHeight - el.scrollTop - el.clientHeight < 200)
                      void loadConvs(vPage + 1);
                  }}
                >
                  <List
                    dataSource={convs}
                    locale={{ emptyText: <Empty description={t('chat.noConversations')} /> }}
                    renderItem={(c) => (
                      <List.Item
                        onClick={() => open(c)}
                        style={{ cursor: 'pointer' }}
                        data-testid="chat-conversation"
                        data-user={c.account}
                      >
                        <List.Item.Meta
                          avatar={
                            <Badge
                              count={c.unreadMessage}
                              overflowCount={99}
                              size="small"
                              data-testid="conversation-unread"
                            >
                              <Avatar src={c.headIcon || undefined}>{c.realName.slice(0, 1)}</Avatar>
                            </Badge>
                          }
                          title={
                            <span className="kp-conv-title">
                              <span>{c.realName}</span>
                              <Ago date={c.latestDate} />
                            </span>
                          }
                          description={
                            <span className="kp-ellipsis">{preview(c, t('chat.imageMessage'))}</span>
                          }
                        />
                      </List.Item>
                    )}
                  />
                </div>
              ),
            },
            {
              key: 'contacts',
              label: t('chat.contacts'),
              children: (
                <>
                  <Input.Search
                    allowClear
                    placeholder={t('chat.searchContacts')}
                    value={kw}
                    onChange={(e) => setKw(e.target.value)}
                    onSearch={(v) => void loadContacts(1, v.trim())}
                    data-testid="chat-contact-search"
                  />
                  <div
                    className="kp-chat-contacts"
                    onScroll={(e) => {
                      const el = e.currentTarget;
                      if (cMore && el.scrollHeight - el.scrollTop - el.clientHeight < 300)
                        void loadContacts(cPage + 1, kw.trim());
                    }}
                  >
                    <List
                      dataSource={contacts}
                      renderItem={(u) => (
                        <List.Item
                          onClick={() => open(u)}
                          style={{ cursor: 'pointer' }}
                          data-testid="chat-contact"
                          data-user={u.account}
                        >
                          <List.Item.Meta
                            avatar={<Avatar src={u.headIcon || undefined}>{u.realName.slice(0, 1)}</Avatar>}
                            title={u.realName}
                            description={u.department}
                          />
                        </List.Item>
                      )}
                    />
                  </div>
                </>
              ),
            },
          ]}
        />
      </Drawer>
      <ChatWindow user={chatWith} unread={unreadOnOpen} onClose={() => setChatWith(null)} />
    </>
  );
}

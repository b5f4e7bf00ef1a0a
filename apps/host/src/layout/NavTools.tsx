import {
  BellOutlined,
  CheckSquareOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  MailOutlined,
  MessageOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Language } from '@kp/schema';
import { App, Avatar, Badge, Dropdown, type MenuProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../api/http';
import { SUCCESS_MSG_SECONDS } from '../config';
import { LANGS, switchLanguage } from '../i18n';
import { openLink } from '../services/linkCodes';
import { lockScreen, logout } from '../services/session';
import { bellCount, countsStore, siteCountStore } from '../store/counts';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { COMPONENT_SIZES, type ComponentSizeName, settingsStore } from '../store/settings';
import { toggleFullscreen } from '../util/fullscreen';
import { chatUiStore, openChat } from '../views/chat/chatModel';
import { AboutDialog, StatementDialog } from './Dialogs';
import { HeaderSearch } from './HeaderSearch';
import type { SearchEntry } from './menuSearch';
import { SettingsDrawer } from './SettingsDrawer';
import { useSwitchSize } from './sizeSwitch';

// Messaging drawers load on first use (not in the login or shell chunk).
const ChatDrawer = lazy(() => import('./ChatDrawer'));
const NotificationDrawer = lazy(() => import('./NotificationDrawer'));

function Tool({
  title,
  count,
  onClick,
  icon,
  testId,
}: {
  title: string;
  count?: number;
  onClick: () => void;
  icon: ReactNode;
  testId: string;
}) {
  const blinking = (count ?? 0) > 0;
  return (
    <Tooltip title={title}>
      <button
        type="button"
        className={`kp-tool${blinking ? ' kp-blink' : ''}`}
        onClick={onClick}
        aria-label={blinking ? `${title} ${(count ?? 0) > 99 ? '99+' : count}` : title}
        data-testid={testId}
      >
        <Badge count={count} overflowCount={99} size="small">
          {icon}
        </Badge>
      </button>
    </Tooltip>
  );
}

/** Right-hand tools of the navbar (spec 1 §2.4). */
export function NavTools({ searchEntries }: { searchEntries: SearchEntry[] }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const counts = useStore(countsStore);
  const siteCount = useStore(siteCountStore);
  const chatOpen = useStore(chatUiStore, (c) => c.open);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [noticeUsed, setNoticeUsed] = useState(false);
  const [chatUsed, setChatUsed] = useState(false);
  const settings = useStore(settingsStore);
  const switchSize = useSwitchSize();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const sysConfig = useStore(sessionStore, (s) => s.sysConfig);
  const [about, setAbout] = useState(false);
  const [statement, setStatement] = useState(false);
  const [drawer, setDrawer] = useState(false);

  const pending = (nameKey: string) => message.info(t('nav.pendingFeature', { name: t(nameKey) }));

  const openMail = () => {
    const mailUrl = (sysConfig as Record<string, unknown>).mailUrl;
    // spec 1 §2.4 appends "the token": a one-time code bound to the mail page instead (never the session
    // token), opened without opener or Referer (services/linkCodes.ts)
    if (typeof mailUrl === 'string' && mailUrl) void openLink(mailUrl, { withCode: true });
    else pending('nav.mailbox');
  };

  const feedback = async () => {
    try {
      type Admin = { userId?: string; id?: string; account?: string; realName?: string };
      // spec path first; the permission module currently serves it as /users/ (lower case)
      const res = await http
        .get<Admin>('/api/permission/Users/ImAdminUser', undefined, { silent: true })
        .catch(() => http.get<Admin>('/api/permission/users/ImAdminUser', undefined, { silent: true }));
      const admin = res.data;
      if (admin && (admin.userId === user?.userId || admin.id === user?.userId)) {
        message.warning(t('nav.isAdmin'));
        return;
      }
      if (admin?.id) {
        setChatUsed(true);
        openChat({
          id: admin.id,
          account: admin.account ?? '',
          realName: admin.realName ?? admin.account ?? '',
        });
        return;
      }
    } catch {
      /* falls through to the chat */
    }
    setChatUsed(true);
    openChat();
  };

  const onLanguage = async (l: Language) => {
    const text = await switchLanguage(l);
    message.success(text, SUCCESS_MSG_SECONDS);
  };

  const userItems: MenuProps['items'] = [
    { key: 'profile', label: t('nav.profile') },
    { key: 'feedback', label: t('nav.feedback') },
    { key: 'about', label: t('nav.about') },
    { key: 'statement', label: t('nav.statement') },
    { type: 'divider' },
    { key: 'lock', label: t('nav.lockScreen') },
    { key: 'logout', label: t('nav.logout') },
  ];
  const onUser: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'feedback') void feedback();
    else if (key === 'about') setAbout(true);
    else if (key === 'statement') setStatement(true);
    else if (key === 'lock') void lockScreen().catch(() => {});
    else if (key === 'logout')
      modal.confirm({
        title: t('common.tip'),
        content: t('nav.logoutConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => logout(),
      });
  };

  return (
    <div className="kp-tools">
      {settings.showSearch && <HeaderSearch entries={searchEntries} onPick={(p) => navigate(p)} />}
      <Tool
        title={t('nav.todo')}
        count={counts.todo}
        icon={<CheckSquareOutlined />}
        onClick={() => navigate('/workFlow/flowTodo')}
        testId="tool-todo"
      />
      <Tool
        title={t('nav.toRead')}
        count={counts.toRead}
        icon={<FileTextOutlined />}
        onClick={() => navigate('/workFlow/flowCirculate')}
        testId="tool-toread"
      />
      <Tool title={t('nav.mailbox')} icon={<MailOutlined />} onClick={openMail} testId="tool-mail" />
      <Tool
        title={t('nav.chat')}
        count={counts.chat}
        icon={<MessageOutlined />}
        onClick={() => {
          setChatUsed(true);
          openChat();
        }}
        testId="tool-chat"
      />
      <Tool
        title={t('nav.notice')}
        count={bellCount(counts, siteCount)}
        icon={<BellOutlined />}
        onClick={() => {
          setNoticeUsed(true);
          setNoticeOpen(true);
        }}
        testId="tool-notice"
      />
      {settings.showLanguage && (
        <Dropdown
          menu={{
            items: LANGS.map((l) => ({
              key: l,
              label: <span data-testid={`lang-${l}`}>{t(`lang.${l}`)}</span>,
            })),
            selectedKeys: [i18n.language],
            onClick: ({ key }) => void onLanguage(key as Language),
          }}
        >
          <button
            type="button"
            className="kp-tool"
            aria-label={t('nav.language')}
            data-testid="tool-language"
          >
            <GlobalOutlined />
          </button>
        </Dropdown>
      )}
      <button
        type="button"
        className="kp-tool"
        aria-label={t('nav.fullscreen')}
        data-testid="tool-fullscreen"
        onClick={() => void toggleFullscreen(document, () => message.warning(t('nav.noFullscreen')))}
      >
        <FullscreenOutlined />
      </button>
      <Dropdown
        menu={{
          items: COMPONENT_SIZES.map((sz) => ({
            key: sz,
            label: <span data-testid={`size-${sz}`}>{t(`size.${sz}`)}</span>,
          })),
          selectedKeys: [settings.size],
          onClick: ({ key }) => switchSize(key as ComponentSizeName),
        }}
      >
        <button type="button" className="kp-tool" aria-label={t('nav.size')} data-testid="tool-size">
          <FontSizeOutlined />
        </button>
      </Dropdown>
      <Dropdown menu={{ items: userItems, onClick: onUser }}>
        <button type="button" className="kp-user" data-testid="user-menu">
          <Avatar size="small" src={user?.headIcon || undefined} icon={<UserOutlined />} />
          <span className="kp-user-name">{user?.userName}</span>
        </button>
      </Dropdown>
      <button
        type="button"
        className="kp-tool"
        aria-label={t('nav.settings')}
        onClick={() => setDrawer(true)}
        data-testid="tool-settings"
      >
        <SettingOutlined />
      </button>
      <AboutDialog open={about} onClose={() => setAbout(false)} />
      <StatementDialog open={statement} onClose={() => setStatement(false)} />
      <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} />
      <Suspense fallback={null}>
        {(chatUsed || chatOpen) && <ChatDrawer />}
        {noticeUsed && <NotificationDrawer open={noticeOpen} onClose={() => setNoticeOpen(false)} />}
      </Suspense>
    </div>
  );
}

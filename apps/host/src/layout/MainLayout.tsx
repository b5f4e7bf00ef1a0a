import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Drawer, FloatButton, Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BACK_TOP_MS, LAST_LOGIN_NOTICE_SECONDS, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../config';
import { currentLanguage } from '../i18n';
import { routeMetaFor } from '../router/routeMeta';
import { openLink } from '../services/linkCodes';
import { loginFlags } from '../services/session';
import { connectSocket } from '../services/socket';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { setSetting, settingsStore } from '../store/settings';
import { addView, tagsStore } from '../store/tags';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { actionFor, firstLeaf, flattenPages, type NavItem, navTree, topItemOf } from './menuModel';
import { SideMenu, TopMenu } from './NavMenus';
import { NavTools } from './NavTools';
import { TagsView } from './TagsView';
import { useIsMobile } from './useIsMobile';
import './layout.css';

const { Header, Sider, Content } = Layout;

/** The main (and portal) layout: the four layouts of spec 1 §2.4 chosen by the layoutType setting. */
export default function MainLayout({ portal = false }: { portal?: boolean }) {
  const { t, i18n } = useTranslation();
  const { notification, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search } = location;
  const settings = useStore(settingsStore);
  const session = useStore(sessionStore);
  const isMobile = useIsMobile();
  const [mobileOpen, setMobileOpen] = useState(false);
  const lang = currentLanguage();

  const routes = session.routes;
  const tree = useMemo(() => navTree(session.menuList, routes, lang), [session.menuList, routes, lang]);
  const searchEntries = useMemo(() => flattenPages(tree), [tree]);
  // Blend layout: the left menu holds the children of the chosen top item.
  const [blendTop, setBlendTop] = useState<string | null>(null);
  const activeTop = topItemOf(tree, pathname);

  // Socket, last-login notice and weak-password alert (once after login).
  useEffect(() => {
    connectSocket();
    if (!loginFlags.justLoggedIn) return;
    loginFlags.justLoggedIn = false;
    const u = sessionStore.get().userInfo;
    if (u?.prevLoginTime) {
      notification.info({
        placement: 'bottomRight',
        duration: LAST_LOGIN_NOTICE_SECONDS,
        title: t('login.lastLogin'),
        description: (
          <div data-testid="last-login">
            <div>{t('login.lastLoginTime', { time: new Date(u.prevLoginTime).toLocaleString() })}</div>
            <div>{t('login.lastLoginPlace', { place: u.prevLoginIPAddressName ?? '' })}</div>
            <div>{t('login.lastLoginIp', { ip: u.prevLoginIPAddress ?? '' })}</div>
          </div>
        ),
      });
    }
    if (u?.invalidPassword) {
      modal.warning({
        title: t('login.weakPasswordTitle'),
        content: t('login.weakPassword'),
        okText: t('common.confirm'),
      });
      navigate('/profile?action=password', { replace: true });
    }
  }, [notification, modal, navigate, t]);

  // Title, tag and (on phones) closing the sidebar on every route change.
  useEffect(() => {
    setMobileOpen(false);
    if (pathname.startsWith('/redirect/')) return;
    const meta = routeMetaFor(pathname, routes, lang);
    const sysName = session.sysConfig.sysName || t('about.defaultSysName');
    if (!meta) {
      document.title = sysName;
      return;
    }
    const title = meta.titleKey ? t(meta.titleKey) : (meta.title ?? '');
    document.title = `${title} - ${sysName}`;
    if (pathname === '/404') return;
    tagsStore.set((views) =>
      addView(views, {
        path: meta.path,
        fullPath: pathname + search,
        query: search,
        title,
        zhTitle: meta.zhTitle ?? (meta.titleKey ? i18n.getFixedT('zh')(meta.titleKey) : title),
        titleKey: meta.titleKey,
        affix: meta.affix,
        noCache: meta.noCache,
      }),
    );
  }, [pathname, search, routes, lang, session.sysConfig.sysName, t, i18n]);

  // The fixed home tab is always there.
  useEffect(() => {
    tagsStore.set((v) =>
      addView(v, {
        path: '/home',
        fullPath: '/home',
        query: '',
        title: t('route.home'),
        zhTitle: '首页',
        titleKey: 'route.home',
        affix: true,
      }),
    );
  }, [t]);

  const onItem = (item: NavItem) => {
    const a = actionFor(item);
    if (a.kind === 'open') {
      // no session token in the address: a one-time code where the link asks for one (services/linkCodes.ts)
      void openLink(a.url, { withCode: item.entry.type === 6 });
      return;
    }
    if (a.kind === 'directory') {
      setBlendTop(item.key);
      if (a.firstPath) navigate(a.firstPath);
      return;
    }
    navigate(a.path);
  };

  const layout = settings.layoutType;
  const sideTheme = settings.slideClass;
  const sidebarOpen = settings.sidebarStatus === 1;
  const hasTop = !isMobile && (layout === 'functional' || layout === 'blend');
  const blendItems = useMemo(() => {
    const key = blendTop ?? activeTop?.key;
    const top = tree.find((i) => i.key === key);
    return top?.children ?? [];
  }, [tree, blendTop, activeTop]);
  const sideItems = layout === 'blend' ? blendItems : tree;
  const hasSider =
    !isMobile && (layout === 'classic' || layout === 'plain' || (layout === 'blend' && sideItems.length > 0));
  const collapsed = layout === 'plain' ? true : !sidebarOpen;
  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  const meta = routeMetaFor(pathname, routes, lang);
  const zhTitle = meta
    ? (meta.zhTitle ?? (meta.titleKey ? i18n.getFixedT('zh')(meta.titleKey) : meta.title))
    : '';
  // Spec 1: the position bar shows the page's Chinese title; in zhtw and en the page's title in that language.
  const positionTitle =
    meta && lang !== 'zh' ? (meta.titleKey ? t(meta.titleKey) : (meta.title ?? '')) : zhTitle;
  const sysName = session.sysConfig.sysName || t('about.defaultSysName');

  const logo = (small: boolean) => (
    <Link to="/" className={`kp-logo kp-logo-${sideTheme}`} data-testid="logo">
      <span className="kp-logo-mark">KP</span>
      {!small && <span className="kp-logo-text">{sysName}</span>}
    </Link>
  );

  const toggle = () =>
    isMobile ? setMobileOpen((o) => !o) : setSetting('sidebarStatus', sidebarOpen ? 0 : 1);
  const showToggle =
    isMobile || layout === 'classic' || layout === 'plain' || (layout === 'blend' && hasSider);

  return (
    <Layout
      className={`kp-layout kp-layout-${layout}${portal ? ' kp-portal' : ''}`}
      data-layout={layout}
      data-testid="main-layout"
    >
      {hasSider && (
        <Sider
          width={siderWidth}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme={sideTheme}
          className="kp-sider"
          trigger={null}
        >
          {settings.sidebarLogo && layout !== 'blend' && logo(collapsed)}
          {!collapsed && (
            <div className={`kp-sider-head kp-sider-head-${sideTheme}`}>{t('nav.portalManage')}</div>
          )}
          <SideMenu
            items={sideItems}
            pathname={pathname}
            collapsed={collapsed}
            theme={sideTheme}
            onItem={onItem}
          />
        </Sider>
      )}
      {isMobile && (
        <Drawer
          open={mobileOpen}
          placement="left"
          size={SIDEBAR_WIDTH}
          onClose={() => setMobileOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: sideTheme === 'dark' ? '#001529' : '#fff' } }}
          data-testid="mobile-sider"
        >
          {logo(false)}
          <SideMenu items={tree} pathname={pathname} collapsed={false} theme={sideTheme} onItem={onItem} />
        </Drawer>
      )}
      <Layout className="kp-main">
        <Header
          className={`kp-header${settings.fixedHeader ? ' kp-header-fixed' : ''}${hasTop ? ' kp-header-top' : ''}`}
        >
          {(hasTop || (!hasSider && !isMobile)) && logo(false)}
          {showToggle && (
            <button
              type="button"
              className="kp-tool kp-hamburger"
              onClick={toggle}
              aria-label={t('nav.toggle')}
              data-testid="hamburger"
            >
              {(isMobile ? mobileOpen : sidebarOpen && layout !== 'plain') ? (
                <MenuFoldOutlined />
              ) : (
                <MenuUnfoldOutlined />
              )}
            </button>
          )}
          {hasTop ? (
            <TopMenu
              items={tree}
              selectedKey={
                pathname.startsWith('/portal')
                  ? '/portal'
                  : layout === 'blend'
                    ? (blendTop ?? activeTop?.key ?? '')
                    : pathname
              }
              withChildren={layout === 'functional'}
              theme="light"
              onItem={(i) => {
                if (layout === 'blend' && i.children?.length) {
                  setBlendTop(i.key);
                  const leaf = firstLeaf(i);
                  if (leaf) onItem(leaf);
                } else onItem(i);
              }}
              onPortal={() => navigate('/portal')}
            />
          ) : (
            <div className="kp-position" data-testid="position">
              <span className="kp-position-label">{t('nav.position')}：</span>
              <span>{positionTitle}</span>
            </div>
          )}
          <NavTools searchEntries={searchEntries} />
        </Header>
        {hasTop && (
          <div className="kp-position kp-position-bar" data-testid="position">
            <span className="kp-position-label">{t('nav.position')}：</span>
            <span>{positionTitle}</span>
          </div>
        )}
        {settings.tagsView && <TagsView showIcon={settings.tagsIcon} />}
        <Content className="kp-content">
          <KeepAliveOutlet enabled={settings.useCache} />
          {/* the page (the document) is the shell's scrolling element: the header is sticky, the content grows */}
          <FloatButton.BackTop
            duration={BACK_TOP_MS}
            target={() => window}
            tooltip={t('common.backTop')}
            aria-label={t('common.backTop')}
            data-testid="back-top"
          />
        </Content>
      </Layout>
    </Layout>
  );
}

import type { MenuEntry } from '@kp/schema';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { textIn } from '../util/text';
import type { FixedRoute } from './fixedRoutes';
import { Loading } from './Loading';
import type { MenuRoute } from './menuRoutes';
import { findPage } from './pages';
import { DIRECTORY_COMPONENT, LINK_COMPONENT } from './routeTypes';
import { ExternalPage, IframePage, NoPermissionPage, NotFoundPage, PagePending } from './SimplePages';

/**
 * A path no route of this user matches: a page the host has (another user's menu) is 暂无权限, anything else
 * is the 404 page.
 */
export function UnknownPath() {
  const { pathname } = useLocation();
  return findPage(pathname) ? <NoPermissionPage /> : <Navigate to="/404" replace />;
}

/** A fixed route: its page when built, else the "not available yet" page. */
export function FixedPage({ route }: { route: FixedRoute }) {
  if (route.page === 'notFound') return <NotFoundPage />;
  const Page = findPage(route.page ?? route.path);
  if (!Page) return <PagePending titleKey={route.titleKey} path={route.path} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** A menu route: the page registered for its component key, or a clear placeholder naming the entry. */
export function MenuPage({ route }: { route: MenuRoute }) {
  const menuList = useStore(sessionStore, (s) => s.menuList);
  const all = useStore(sessionStore, (s) => s.routes);
  const { i18n } = useTranslation();
  const title = textIn(route.meta.title, i18n.language as 'zh');
  if (route.component === DIRECTORY_COMPONENT) {
    // A directory opens its first child page.
    const entry = findMenu(menuList, route.meta.menuId);
    const child = entry?.children?.map((c) => all.find((r) => r.meta.menuId === c.id)).find(Boolean);
    if (child && child.path !== route.path) return <Navigate to={child.path} replace />;
    return <PagePending title={title} path={route.path} />;
  }
  if (route.layout === 'external')
    return <ExternalPage title={title} url={route.meta.url ?? route.path} type={route.meta.type} />;
  if (route.component === LINK_COMPONENT) return <IframePage title={title} url={route.meta.url ?? ''} />;
  const Page = findPage(route.component);
  if (!Page) return <PagePending title={title} path={route.path} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

function findMenu(list: MenuEntry[], id: string): MenuEntry | undefined {
  for (const m of list) {
    if (m.id === id) return m;
    const c = m.children && findMenu(m.children, id);
    if (c) return c;
  }
  return undefined;
}

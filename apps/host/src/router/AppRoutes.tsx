import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { loadFeedback } from '../api/feedback';
import { loadDayjsLocale } from '../i18n';
import { setNavigator } from '../services/navigation';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { FIXED_ROUTES } from './fixedRoutes';
import { decide } from './guard';
import { Loading } from './Loading';

const Login = lazy(() => import('../views/login/Login'));

/**
 * The loader of a lazy screen of the signed-in app: its chunk, the feedback host (antd's message,
 * notification and modal behind App.useApp) and dayjs in the current language load together, so none is part
 * of the login page, App.useApp() is never empty and no date is formatted in another language there.
 */
function withFeedback<M>(load: () => Promise<M>): () => Promise<M> {
  return () => {
    const page = load();
    return Promise.all([loadFeedback(), loadDayjsLocale()]).then(() => page);
  };
}
const LockScreen = lazy(withFeedback(() => import('../views/lockScreen/LockScreen')));
const MainLayout = lazy(withFeedback(() => import('../layout/MainLayout')));
const Redirect = lazy(withFeedback(() => import('../views/redirect/Redirect')));
const AuthRedirect = lazy(withFeedback(() => import('../views/redirect/AuthRedirect')));
const ScanConfirm = lazy(withFeedback(() => import('../views/login/ScanConfirm')));
// The page registry (every area's lazy pages) and the result pages load with the first page after login,
// not with the login page.
const routePage = withFeedback(() => import('./RoutePage'));
const FixedPage = lazy(() => routePage().then((m) => ({ default: m.FixedPage })));
const MenuPage = lazy(() => routePage().then((m) => ({ default: m.MenuPage })));
const UnknownPath = lazy(() => routePage().then((m) => ({ default: m.UnknownPath })));

/** All routes: fixed ones, menu ones (once the user info is loaded) and the guard around them. */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useStore(sessionStore);
  useEffect(() => {
    setNavigator((to, o) => navigate(to, o));
    return () => setNavigator(null);
  }, [navigate]);

  const decision = decide(location.pathname, location.search, session);
  useEffect(() => {
    // the session service (and the user info) load only when there is a session to enter
    if (decision.kind === 'load') void import('../services/session').then((m) => m.loadCurrentUser());
  }, [decision.kind]);

  const menuRoutes = session.routes;
  const fixedPaths = useMemo(() => new Set(FIXED_ROUTES.map((r) => r.path)), []);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <Loading />;

  const isPortalPath = (p: string) => p === '/portal' || p.startsWith('/portal/');
  const main = menuRoutes.filter(
    (r) => r.layout === 'main' && !fixedPaths.has(r.path) && r.path !== '/' && !isPortalPath(r.path),
  );
  const portal = menuRoutes.filter((r) => r.layout === 'portal' && r.path.startsWith('/portal/'));
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/lockScreen" element={<LockScreen />} />
        <Route path="/auth-redirect" element={<AuthRedirect />} />
        <Route path="/jump" element={<AuthRedirect />} />
        <Route path="/scanLogin" element={<ScanConfirm />} />
        <Route element={<MainLayout />}>
          <Route index element={<Navigate to="/home" replace />} />
          {FIXED_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<FixedPage route={r} />} />
          ))}
          {main.map((r) => (
            <Route key={r.path} path={r.path} element={<MenuPage route={r} />} />
          ))}
          <Route path="/redirect/*" element={<Redirect />} />
        </Route>
        <Route path="/portal" element={<MainLayout portal />}>
          <Route index element={<FixedPage route={{ path: '/portal', titleKey: 'route.portal' }} />} />
          {portal.map((r) => (
            <Route key={r.path} path={r.path} element={<MenuPage route={r} />} />
          ))}
        </Route>
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </Suspense>
  );
}

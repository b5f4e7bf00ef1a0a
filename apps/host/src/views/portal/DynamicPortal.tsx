import { useLocation } from 'react-router';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import PortalPage from './PortalView';

/** Menu entries of types 8 and 11 (basic/dynamicPortal): the portal whose id is the route's moduleId. */
export default function DynamicPortal() {
  const { pathname } = useLocation();
  const routes = useStore(sessionStore, (s) => s.routes);
  const moduleId = routes.find((r) => r.path === pathname)?.meta.moduleId;
  return <PortalPage key={moduleId ?? 'default'} portalId={moduleId} />;
}

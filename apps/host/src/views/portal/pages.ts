import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Portal home pages (issue 7): component key → lazy page. Owned by the portal screens. */
export const PORTAL_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../home/Home')),
  portal: lazy(() => import('./GroupPortal')),
  /** Menu type 17 (/portal/{enCode}): the group portal page. */
  'basic/portalPage': lazy(() => import('./GroupPortal')),
  /** Menu types 8 and 11: a portal chosen by the entry's moduleId. */
  'basic/dynamicPortal': lazy(() => import('./DynamicPortal')),
  /** 门户设计 (menu portal.design): the portal list and designer. */
  'onlineDev/portal': lazy(() => import('./PortalDesign')),
  WDKQ01: lazy(() => import('../attendance/Attendance')),
  WDQC01: lazy(() => import('../document/DocumentDraft')),
};

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Portal home pages (issue 7): component key → lazy page. Owned by the portal screens. */
export const PORTAL_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../home/Home')),
  portal: lazy(() => import('./GroupPortal')),
  WDKQ01: lazy(() => import('../attendance/Attendance')),
  WDQC01: lazy(() => import('../document/DocumentDraft')),
};

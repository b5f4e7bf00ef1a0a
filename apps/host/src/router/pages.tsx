import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { MEETING_PAGES } from '../views/meeting/pages';
import { OA_PAGES } from '../views/oa/pages';
import { ONLINE_DEV_PAGES } from '../views/onlineDev/pages';
import { PERMISSION_PAGES } from '../views/permission/pages';
import { PORTAL_PAGES } from '../views/portal/pages';
import { SYSTEM_PAGES } from '../views/system/pages';
import { WORKFLOW_PAGES } from '../views/workflow/pages';

/**
 * Page components by component key: the menu entry's urlAddress without query string, or a fixed route's
 * path without the leading slash (or its explicit `page`). Every page is lazy so the login route does not
 * pull the app. Each area keeps its own registry (views/<area>/pages.ts). Keys not listed here have no page
 * yet and render the "not available yet" page naming the menu entry (router/PagePending).
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  ...PORTAL_PAGES,
  ...OA_PAGES,
  ...WORKFLOW_PAGES,
  ...PERMISSION_PAGES,
  ...SYSTEM_PAGES,
  ...MEETING_PAGES,
  ...ONLINE_DEV_PAGES,
  profile: lazy(() => import('../views/profile/Profile')),
  group: lazy(() => import('../views/permission/PersonalGroups')),
  /** /external?url=&title=: an external item's detail in a sandboxed iframe (spec 1 §2.1). */
  external: lazy(() => import('../views/external/ExternalDetail')),
  /** /emailDetail?id=: one mail of the user's mailbox (spec 1 §2.1 查看邮件). */
  emailDetail: lazy(() => import('../views/email/EmailDetail')),
};

export function findPage(component: string): LazyExoticComponent<ComponentType> | undefined {
  const key = component.replace(/^\//, '').split('?')[0] ?? '';
  return PAGES[key];
}

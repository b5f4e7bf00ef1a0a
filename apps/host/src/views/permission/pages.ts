import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Organisation and permission screens (issue 9): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const PERMISSION_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'permission/organize': lazy(() => import('./Organize')),
  'permission/department': lazy(() => import('./DepartmentPage')),
  'permission/position': lazy(() => import('./Position')),
  'permission/user': lazy(() => import('./User')),
  'permission/role': lazy(() => import('./Role')),
  'permission/group': lazy(() => import('./Group')),
  'permission/authorize': lazy(() => import('./Authorize')),
  'permission/onlineUser': lazy(() => import('./OnlineUser')),
  'user/form': lazy(() => import('./User')),
};

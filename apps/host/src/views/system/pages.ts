import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** System data and online development screens (issue 9): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const SYSTEM_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'systemData/dictionary': lazy(() => import('./Dictionary')),
  'systemData/area': lazy(() => import('./Area')),
  'systemData/billRule': lazy(() => import('./BillRule')),
  'systemData/dataInterface': lazy(() => import('./DataInterface')),
  // The seeded menu 系统数据 › 系统配置 (systemData.sysConfig) opens it.
  'system/sysConfig': lazy(() => import('./SysConfig')),
};

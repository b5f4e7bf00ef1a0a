import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Online development (issue 9): designed items, their runtime pages (menu type 3) and the code generator. */
export const ONLINE_DEV_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'onlineDev/webDesign': lazy(() => import('./WebDesign')),
  'basic/dynamicModel': lazy(() => import('./DynamicModel')),
  'generator/webForm': lazy(() => import('./Generator')),
  'system/printDev': lazy(() => import('./PrintDev')),
};

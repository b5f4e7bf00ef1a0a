import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Meeting-room booking screens (issue 9): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const MEETING_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'oa/conference': lazy(() => import('./Conference')),
};

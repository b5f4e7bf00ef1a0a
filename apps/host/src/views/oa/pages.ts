import type { ComponentType, LazyExoticComponent } from 'react';

/** Messaging, news and notices (issue 7): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const OA_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {};

import type { ComponentType, LazyExoticComponent } from 'react';

/** Organisation and permission screens (issue 9): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const PERMISSION_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {};

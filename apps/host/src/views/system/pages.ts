import type { ComponentType, LazyExoticComponent } from 'react';

/** System data and online development screens (issue 9): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const SYSTEM_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {};

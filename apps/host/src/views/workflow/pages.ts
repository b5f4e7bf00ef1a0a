import type { ComponentType, LazyExoticComponent } from 'react';

/** Workflow screens (issue 8): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const WORKFLOW_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {};

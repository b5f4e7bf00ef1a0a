import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Page components by component key (the menu entry's urlAddress without query string, or a generic kind).
 * Every page is lazy so the login route does not pull the app. Keys not listed here have no page yet and
 * render the "not available yet" page naming the menu entry (router/PagePending).
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../views/home/Home')),
  profile: lazy(() => import('../views/profile/Profile')),
};

export function findPage(component: string): LazyExoticComponent<ComponentType> | undefined {
  const key = component.replace(/^\//, '');
  return PAGES[key];
}

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Messaging, news and notices (issue 7): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const OA_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'oa/news': lazy(() => import('./OaItems').then((m) => ({ default: m.NewsPage }))),
  'oa/notice': lazy(() => import('./OaItems').then((m) => ({ default: m.NoticePage }))),
  'oa/msgList': lazy(() => import('./OaItems').then((m) => ({ default: m.MessagePage }))),
  messageRecord: lazy(() => import('./MessageRecord')),
};

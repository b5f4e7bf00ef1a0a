import type { Language } from '@kp/schema';
import { textIn } from '../util/text';
import { FIXED_ROUTES } from './fixedRoutes';
import type { MenuRoute } from './menuRoutes';

/** What the layout needs to know about the current route: title, tag and cache flags. */
export interface RouteMeta {
  path: string;
  /** Menu title (already in the menu's language) or an i18n key for fixed routes. */
  title?: string;
  zhTitle?: string;
  titleKey?: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
  hidden?: boolean;
}

/** Finds the meta of a path among fixed routes, then menu routes; undefined for unknown paths. */
export function routeMetaFor(
  pathname: string,
  menuRoutes: MenuRoute[],
  lang: Language = 'zh',
): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/portal') return { path, titleKey: 'route.portal' };
  const fixed = FIXED_ROUTES.find((r) => r.path === path);
  if (fixed)
    return {
      path,
      titleKey: fixed.titleKey,
      affix: fixed.affix,
      noCache: fixed.noCache,
      hidden: fixed.hidden,
    };
  const m = menuRoutes.find((r) => r.path === path && r.layout !== 'external');
  if (m)
    return {
      path,
      title: textIn(m.meta.title, lang),
      zhTitle: m.meta.zhTitle,
      icon: m.meta.icon,
      hidden: m.meta.hidden,
    };
  return undefined;
}

import { buildRoutes } from '@kp/engine';
import type { I18nText, MenuEntry } from '@kp/schema';

/**
 * Route descriptors made from the menu (spec 1 §2.2) by @kp/engine's buildRoutes. This module is loaded
 * lazily (after login, from services/session) so the engine and its schema dependencies stay out of the
 * login bundle; everything else uses the MenuRoute type only.
 */
export interface MenuRouteMeta {
  /** The menu's fullName (string or {zh, zhtw, en}); translate with util/text textIn. */
  title: I18nText;
  zhTitle: string;
  icon?: string;
  type: number;
  menuId: string;
  moduleId?: string;
  isTree?: boolean;
  hidden?: boolean;
  /**
   * The address to open for types 6 and 7 (host placeholder replaced; a user-code placeholder is kept and
   * filled with a one-time code when opened: services/linkCodes.ts), or the page URL with query.
   */
  url?: string;
}
export interface MenuRoute {
  /** enCode with dots replaced by dashes (made unique by the engine). */
  name: string;
  /** In-app path; for layout 'external' the absolute address. */
  path: string;
  layout: 'main' | 'portal' | 'external';
  /** View key: urlAddress without query (types 2/12), or the engine's basic/* keys. */
  component: string;
  meta: MenuRouteMeta;
}

/**
 * Builds the routes; the site origin fills the visualisation-host placeholder. The session token goes into
 * no address (`_token` is ignored, kept for the callers): links get a one-time code when opened.
 */
export function toMenuRoutes(menuList: MenuEntry[], _token?: string): MenuRoute[] {
  const visualHost = globalThis.location?.origin ?? '';
  return buildRoutes(menuList, { visualHost }).map((r) => ({
    name: r.name,
    path: r.path,
    layout: r.layout,
    component: r.component,
    meta: {
      title: r.meta.title,
      zhTitle: r.meta.zhTitle,
      icon: r.meta.icon,
      type: r.meta.type,
      menuId: r.meta.id,
      moduleId: r.meta.moduleId,
      isTree: r.meta.isTree,
      hidden: r.meta.hidden,
      url: r.meta.url,
    },
  }));
}

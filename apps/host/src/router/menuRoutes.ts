import type { MenuEntry } from '@kp/schema';
import { textIn } from '../util/text';

/**
 * Route descriptors made from the menu (spec 1 §2.2). The contract is that of @kp/engine's buildRoutes
 * ({name, path, layout, component, meta}); this file is the ONE place the host turns a menu into routes, so
 * switching to the engine's implementation is a one-line change here.
 */
export interface MenuRouteMeta {
  title: string;
  zhTitle: string;
  icon?: string;
  type: number;
  menuId: string;
  moduleId?: string;
  isTree?: boolean;
  hidden?: boolean;
  linkTarget?: string;
  /** External address for types 6 and 7 (not routed inside the app). */
  externalUrl?: string;
  affix?: boolean;
  noCache?: boolean;
}
export interface MenuRoute {
  /** enCode with dots replaced by dashes. */
  name: string;
  path: string;
  layout: 'main' | 'portal';
  /** Component key: urlAddress without its query string (types 2/12), or a kind for the generic pages. */
  component: string;
  meta: MenuRouteMeta;
}

function parseProps(p: MenuEntry['propertyJson']): Record<string, unknown> {
  if (!p) return {};
  if (typeof p === 'string') {
    try {
      const v = JSON.parse(p);
      return v && typeof v === 'object' ? v : {};
    } catch {
      return {};
    }
  }
  return p as Record<string, unknown>;
}

const slash = (s: string) => (s.startsWith('/') ? s : `/${s}`);
const stripQuery = (s: string) => s.split('?')[0];

/** Kinds of the generic pages (types 3, 4, 5, 8, 11) used as component keys. */
const KIND: Record<number, string> = {
  3: 'dynamicModel',
  4: 'dynamicDictionary',
  5: 'dynamicDataReport',
  8: 'dynamicPortal',
  11: 'menuPortal',
};

export function buildMenuRoutes(menuList: MenuEntry[], lang: 'zh' | 'zhtw' | 'en' = 'zh'): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (list: MenuEntry[]) => {
    for (const m of list) {
      const props = parseProps(m.propertyJson);
      const base: MenuRouteMeta = {
        title: textIn(m.fullName, lang),
        zhTitle: textIn(m.fullName, 'zh'),
        icon: m.icon,
        type: m.type,
        menuId: m.id,
        linkTarget: m.linkTarget,
      };
      const name = m.enCode.replace(/\./g, '-');
      const layout = String(m.category) === '3' ? 'portal' : 'main';
      if (m.type === 1) {
        out.push({ name, path: slash(m.enCode), layout, component: 'directory', meta: base });
        if (m.children?.length) walk(m.children);
        continue;
      }
      const url = m.urlAddress ?? '';
      if (m.type === 2 || m.type === 12) {
        const hidden = m.type === 12 && Boolean(props.hidden ?? m.hidden);
        out.push({
          name,
          path: slash(stripQuery(url)),
          layout,
          component: stripQuery(url).replace(/^\//, ''),
          meta: { ...base, hidden },
        });
      } else if (KIND[m.type]) {
        out.push({
          name,
          path: slash(stripQuery(url)),
          layout,
          component: KIND[m.type],
          meta: {
            ...base,
            moduleId: props.moduleId as string | undefined,
            isTree: Boolean(props.isTree),
            hidden: Boolean(props.hidden),
          },
        });
      } else if (m.type === 6) {
        out.push({
          name,
          path: slash(m.enCode),
          layout,
          component: 'external',
          meta: { ...base, externalUrl: `/view/${String(props.moduleId ?? '')}` },
        });
      } else if (m.type === 7) {
        out.push({
          name,
          path: slash(m.enCode),
          layout,
          component: m.linkTarget === '_self' ? 'iframe' : 'external',
          meta: { ...base, externalUrl: url },
        });
      } else if (m.type === 17) {
        out.push({
          name,
          path: `/portal/${m.enCode}`,
          layout: 'portal',
          component: 'portalPage',
          meta: base,
        });
      }
      if (m.children?.length) walk(m.children);
    }
  };
  walk(menuList);
  return out;
}

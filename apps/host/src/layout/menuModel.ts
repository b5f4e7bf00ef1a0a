import type { MenuEntry } from '@kp/schema';
import type { MenuRoute } from '../router/menuRoutes';
import { textIn } from '../util/text';

/** How a menu item acts when clicked (spec 1 §2.4 top-menu item behaviour). */
export type MenuAction =
  | { kind: 'navigate'; path: string }
  | { kind: 'open'; url: string }
  | { kind: 'directory'; firstPath?: string; entry: MenuEntry };

export interface NavItem {
  key: string;
  title: string;
  entry: MenuEntry;
  route?: MenuRoute;
  children?: NavItem[];
}

const isHttp = (u: string) => /^(https?:)?\/\//i.test(u);

function isHidden(m: MenuEntry, route?: MenuRoute): boolean {
  return Boolean(m.hidden || route?.meta.hidden);
}

/** The visible menu tree, with route paths as keys. */
export function navTree(menuList: MenuEntry[], routes: MenuRoute[], lang: 'zh' | 'zhtw' | 'en'): NavItem[] {
  const byId = new Map(routes.map((r) => [r.meta.menuId, r]));
  const walk = (list: MenuEntry[]): NavItem[] =>
    list
      .filter((m) => !isHidden(m, byId.get(m.id)))
      .map((m) => {
        const route = byId.get(m.id);
        const children = m.type === 1 && m.children?.length ? walk(m.children) : undefined;
        return {
          // Directories get their own key space: their /{enCode} path may equal a page path (/portal).
          key: m.type === 1 ? `menu:${m.id}` : (route?.path ?? `/${m.enCode}`),
          title: textIn(m.fullName, lang),
          entry: m,
          route,
          children,
        };
      });
  return walk(menuList);
}

/** The first leaf (page) under an item, depth first. */
export function firstLeaf(item: NavItem): NavItem | undefined {
  if (!item.children?.length) return item.entry.type === 1 ? undefined : item;
  for (const c of item.children) {
    const l = firstLeaf(c);
    if (l) return l;
  }
  return undefined;
}

export function actionFor(item: NavItem): MenuAction {
  const m = item.entry;
  if (m.type === 1) return { kind: 'directory', firstPath: firstLeaf(item)?.key, entry: m };
  const url = item.route?.meta.url ?? m.urlAddress ?? '';
  if (m.type === 6) return { kind: 'open', url };
  if (m.type === 7) {
    if (m.linkTarget === '_self') return { kind: 'navigate', path: item.key };
    return { kind: 'open', url };
  }
  if (m.urlAddress && isHttp(m.urlAddress)) return { kind: 'open', url: m.urlAddress };
  // Pages (2/12) keep their query string (meta.url); every other kind goes to its route path
  // (e.g. type 17 lives at /portal/{enCode}, not at its urlAddress).
  if ((m.type === 2 || m.type === 12) && item.route?.meta.url)
    return { kind: 'navigate', path: item.route.meta.url };
  return { kind: 'navigate', path: item.key };
}

/** All visible page entries (for the header search). */
export function flattenPages(items: NavItem[]): { title: string; path: string }[] {
  const out: { title: string; path: string }[] = [];
  const walk = (list: NavItem[]) => {
    for (const i of list) {
      if (i.children?.length) walk(i.children);
      else if (i.entry.type !== 1) out.push({ title: i.title, path: i.key });
    }
  };
  walk(items);
  return out;
}

/** Keys of the ancestors of a path (for open submenus). */
export function ancestorsOf(items: NavItem[], path: string): string[] {
  const walk = (list: NavItem[], trail: string[]): string[] | null => {
    for (const i of list) {
      if (i.key === path && !i.children?.length) return trail;
      if (i.children?.length) {
        const r = walk(i.children, [...trail, i.key]);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(items, []) ?? [];
}

/** The top-level item whose subtree holds the path. */
export function topItemOf(items: NavItem[], path: string): NavItem | undefined {
  const a = ancestorsOf(items, path);
  if (a.length) return items.find((i) => i.key === a[0]);
  return items.find((i) => i.key === path);
}

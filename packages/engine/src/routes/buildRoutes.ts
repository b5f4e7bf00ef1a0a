import { type I18nText, type MenuEntry, textIn } from '@kp/schema';

export type RouteLayout = 'main' | 'portal' | 'external';

export interface RouteMeta {
  /** The menu's fullName as given (a string or a {zh, zhtw, en} map); the host translates it. */
  title: I18nText;
  /** The Chinese title (tabs and breadcrumbs that always show Chinese). */
  zhTitle: string;
  /** The menu entry type (spec 1 §2.2). */
  type: number;
  id: string;
  parentId?: string;
  icon?: string;
  /** Types 3, 4, 5, 8, 11: the linked module id from propertyJson. */
  moduleId?: string;
  isTree?: boolean;
  hidden?: boolean;
  /**
   * The address to open: type 2/12 with its query string; type 6 the view address; type 7 with the host
   * placeholder replaced. A user-code placeholder (${jnpfToken}) is kept: the host fills it with a one-time
   * code when the link is opened, never with the session token.
   */
  url?: string;
}

export interface RouteDescriptor {
  /** enCode with dots replaced by dashes, made unique (see buildRoutes). */
  name: string;
  /** In-app path, or the absolute address for layout 'external'. */
  path: string;
  layout: RouteLayout;
  /** The view key the host looks up ('' for external routes). */
  component: string;
  meta: RouteMeta;
}

export interface BuildRoutesOptions {
  /** The data-visualisation host (types 6 and 7). */
  visualHost?: string;
  /** The host placeholder of type 7 addresses (JNPF's ${dataV} by default). */
  visualHostPlaceholder?: string;
}

/** Views of the dynamic entry types. 11 (menu-portal) shares the portal view; meta.type tells them apart. */
export const DYNAMIC_COMPONENTS: Readonly<Record<number, string>> = {
  3: 'basic/dynamicModel',
  4: 'basic/dynamicDictionary',
  5: 'basic/dynamicDataReport',
  8: 'basic/dynamicPortal',
  11: 'basic/dynamicPortal',
};
export const DIRECTORY_COMPONENT = 'basic/directory';
export const LINK_COMPONENT = 'basic/externalLink';
export const PORTAL_PAGE_COMPONENT = 'basic/portalPage';

interface Props {
  moduleId?: string;
  isTree?: boolean;
  hidden?: boolean;
}

function readProps(raw: unknown): Props {
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    try {
      obj = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      obj = {};
    }
  }
  if (!obj || typeof obj !== 'object') return {};
  const o = obj as Record<string, unknown>;
  const flag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
  return {
    moduleId:
      typeof o.moduleId === 'string' || typeof o.moduleId === 'number' ? String(o.moduleId) : undefined,
    isTree: flag(o.isTree),
    hidden: flag(o.hidden),
  };
}

function stripQuery(address: string): string {
  const q = address.search(/[?#]/);
  return q >= 0 ? address.slice(0, q) : address;
}

function trimSlashes(s: string): string {
  return s.replace(/^\/+/, '').replace(/\/+$/, '');
}

function joinHost(host: string, path: string): string {
  return `${host.replace(/\/+$/, '')}${path}`;
}

/**
 * Builds the route table from the menu tree (spec 1 §2.2). One route per menu entry of a known type,
 * directories included (type 1 gets /{enCode} and its children are visited; children of any entry are
 * visited). The name is the enCode with dots replaced by dashes; when two entries would get the same name
 * the later one (depth-first order) gets '-2', '-3', ... so names are unique. Category 3 entries live in
 * the portal layout, under /portal (their path is prefixed with /portal unless it starts with it); types 6
 * and 7 (not _self) are external. Paths never carry a query string: type 2/12 keep theirs in meta.url.
 * Entries that are not objects or have an unknown type give no route. Never throws.
 */
export function buildRoutes(
  menuList: readonly MenuEntry[] | null | undefined,
  opts: BuildRoutesOptions = {},
): RouteDescriptor[] {
  const out: RouteDescriptor[] = [];
  const used = new Set<string>();
  const visualHost = opts.visualHost ?? '';
  const hostMark = opts.visualHostPlaceholder ?? '${dataV}';

  const uniqueName = (base: string): string => {
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
    used.add(name);
    return name;
  };

  const visit = (entries: unknown, depth: number) => {
    if (!Array.isArray(entries) || depth > 64) return;
    for (const raw of entries) {
      if (!raw || typeof raw !== 'object') continue;
      const e = raw as MenuEntry;
      const route = toRoute(e);
      if (route) out.push(route);
      visit(e.children, depth + 1);
    }
  };

  const toRoute = (e: MenuEntry): RouteDescriptor | null => {
    const type = Number(e.type);
    const enCode = typeof e.enCode === 'string' && e.enCode.trim() ? e.enCode.trim() : '';
    const id = e.id === undefined || e.id === null ? '' : String(e.id);
    const baseName = enCode ? enCode.replace(/\./g, '-') : `menu-${id}`;
    const address = typeof e.urlAddress === 'string' ? trimSlashes(e.urlAddress.trim()) : '';
    const props = readProps(e.propertyJson);
    const portal = String(e.category ?? '') === '3';
    let title: I18nText = '';
    if (typeof e.fullName === 'string' || (e.fullName && typeof e.fullName === 'object')) title = e.fullName;
    const meta: RouteMeta = { title, zhTitle: textIn(title, 'zh'), type, id };
    if (e.parentId !== undefined && e.parentId !== null) meta.parentId = String(e.parentId);
    if (typeof e.icon === 'string') meta.icon = e.icon;
    const hidden = e.hidden === true || props.hidden === true;
    let layout: RouteLayout = portal ? 'portal' : 'main';
    let path: string;
    let component: string;

    switch (type) {
      case 1:
        path = `/${enCode || id}`;
        component = DIRECTORY_COMPONENT;
        break;
      case 2:
      case 12:
        path = `/${stripQuery(address)}`;
        component = stripQuery(address);
        meta.url = `/${address}`;
        if (type === 12 && hidden) meta.hidden = true;
        break;
      case 3:
      case 4:
      case 5:
      case 8:
      case 11:
        path = `/${stripQuery(address)}`;
        component = DYNAMIC_COMPONENTS[type];
        if (props.moduleId !== undefined) meta.moduleId = props.moduleId;
        meta.isTree = props.isTree === true;
        meta.hidden = hidden;
        break;
      case 6: {
        const moduleId = props.moduleId ?? '';
        layout = 'external';
        component = '';
        // no session token in a URL: the host adds a one-time user code when it opens the view
        path = joinHost(visualHost, `/view/${encodeURIComponent(moduleId)}`);
        meta.url = path;
        if (moduleId) meta.moduleId = moduleId;
        break;
      }
      case 7: {
        const url = (typeof e.urlAddress === 'string' ? e.urlAddress.trim() : '')
          .split(hostMark)
          .join(visualHost.replace(/\/+$/, ''));
        meta.url = url;
        if (e.linkTarget === '_self') {
          path = `/${enCode || id}`;
          component = LINK_COMPONENT;
        } else {
          layout = 'external';
          component = '';
          path = url;
        }
        break;
      }
      case 17:
        path = `/portal/${enCode || id}`;
        component = PORTAL_PAGE_COMPONENT;
        break;
      default:
        return null;
    }
    if (layout === 'portal' && path !== '/portal' && !path.startsWith('/portal/')) path = `/portal${path}`;
    if (hidden && meta.hidden === undefined && type !== 12) meta.hidden = true;
    return { name: uniqueName(baseName), path, layout, component, meta };
  };

  try {
    visit(menuList, 0);
  } catch {
    // a throwing getter in a hostile menu: keep what was built
  }
  return out;
}

import type { I18nText, MenuEntry, PermissionEntry } from '@kp/schema';
import type { ModuleRow } from '../../db/types';
import type { Principal } from './principal';

function parseProps(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** {zh, zhtw, en} of a menu while its name is still the one the labels were written for, else the name. */
function nameOf(m: ModuleRow): I18nText {
  const l = parseProps(m.full_name_i18n ?? null);
  if (l && l.zh === m.full_name && typeof l.zhtw === 'string' && typeof l.en === 'string')
    return { zh: m.full_name, zhtw: l.zhtw, en: l.en };
  return m.full_name;
}

/** The user's menu tree (spec 1 §2.2 MenuEntry), children sorted by sortCode. */
export function menuTree(rows: ModuleRow[]): MenuEntry[] {
  const nodes = new Map<string, MenuEntry>();
  for (const m of rows) {
    const props = parseProps(m.property_json);
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parent_id ?? '-1',
      fullName: nameOf(m),
      enCode: m.en_code,
      type: m.type as MenuEntry['type'],
      urlAddress: m.url_address ?? '',
      icon: m.icon ?? '',
      category: m.category,
      propertyJson: m.property_json ?? '{}',
      linkTarget: m.link_target ?? '_self',
      hidden: props?.hidden === 1 || props?.hidden === true,
      sortCode: m.sort_code,
      hasChildren: false,
      children: [],
    });
  }
  const roots: MenuEntry[] = [];
  for (const m of rows) {
    const node = nodes.get(m.id)!;
    const parent = m.parent_id ? nodes.get(m.parent_id) : undefined;
    if (parent) {
      parent.children!.push(node);
      parent.hasChildren = true;
    } else if (!m.parent_id || m.parent_id === '-1') roots.push(node);
  }
  return roots;
}

/** permissionList: one entry per granted page with its button, column and form codes. */
export function permissionList(p: Principal): PermissionEntry[] {
  const out: PermissionEntry[] = [];
  const nameOf = new Map(p.moduleRows.map((m) => [m.id, m.full_name]));
  for (const g of p.modules.values()) {
    out.push({
      modelId: g.id,
      moduleName: nameOf.get(g.id),
      button: [...g.buttons].sort().map((enCode) => ({ enCode })),
      column: [...g.columns].sort().map((enCode) => ({ enCode })),
      form: [...g.forms].sort().map((enCode) => ({ enCode })),
    });
  }
  return out;
}

// How the server reads a form field for display and import: its kind (picker, dictionary, options, date,
// region, switch, files), its option labels and the named tables its ids point at.
import { type CompiledField, kindOf as kindDefinition } from '@kp/engine';

export type NameKind = 'user' | 'org' | 'position' | 'role' | 'group';
export type Kind = NameKind | 'dict' | 'date' | 'dateRange' | 'options' | 'address' | 'switch' | 'files';

export interface Cfg {
  format?: string;
  type?: string;
  activeTxt?: string;
  inactiveTxt?: string;
  activeValue?: unknown;
  inactiveValue?: unknown;
  options?: unknown;
  props?: { props?: { label?: string; value?: string; children?: string } };
  __slot__?: { options?: unknown };
  __config__: {
    dataType?: string;
    dictionaryType?: string;
    props?: { label?: string; value?: string; children?: string };
  };
}
export const cfgOf = (f: CompiledField): Cfg => f.config as Cfg;

/** Label and value keys of an option list (the renderer's rule: dictionaries by enCode, others by id). */
export function optionKeys(f: CompiledField): { lk: string; vk: string; ck: string } {
  const c = cfgOf(f);
  const p = c.__config__.props ?? c.props?.props ?? {};
  const dic = f.key === 'dicSelect' || c.__config__.dataType === 'dictionary';
  return { lk: p.label ?? 'fullName', vk: p.value ?? (dic ? 'enCode' : 'id'), ck: p.children ?? 'children' };
}

export const label = (v: unknown): string =>
  v && typeof v === 'object'
    ? String((v as Record<string, unknown>).zh ?? Object.values(v)[0] ?? '')
    : String(v);

/** Static options of a choice field, nested ones (cascader, tree select) flattened: [value, label]. */
export function staticOptions(f: CompiledField): Array<[string, string]> {
  const c = cfgOf(f);
  const list = Array.isArray(c.options)
    ? c.options
    : Array.isArray(c.__slot__?.options)
      ? c.__slot__.options
      : [];
  const { lk, vk, ck } = optionKeys(f);
  const out: Array<[string, string]> = [];
  const walk = (l: unknown[]) => {
    for (const o of l as Array<Record<string, unknown>>) {
      if (!o || typeof o !== 'object' || o[vk] === undefined) continue;
      out.push([String(o[vk]), label(o[lk] ?? o[vk])]);
      if (Array.isArray(o[ck])) walk(o[ck] as unknown[]);
    }
  };
  walk(list);
  return out;
}

/** How a field's values are shown: from its kind module (name source, displayAs), else its options. */
export function kindOf(f: CompiledField): Kind | null {
  const def = kindDefinition(f.key);
  if (def?.names) return def.names === 'region' ? 'address' : def.names;
  if (def?.displayAs) return def.displayAs;
  const c = cfgOf(f);
  if (c.__config__.dataType === 'dictionary' && c.__config__.dictionaryType) return 'dict';
  if (staticOptions(f).length) return 'options';
  return null;
}

/** usersSelect values may carry a kind suffix (`id--user`); pickers of paths hold arrays of arrays. */
export const bareId = (v: unknown) => String(v).replace(/--\w+$/, '');
export const flat = (v: unknown): string[] =>
  v === null || v === undefined || v === ''
    ? []
    : Array.isArray(v)
      ? v.flatMap(flat)
      : typeof v === 'object'
        ? []
        : [bareId(v)];
export const isPaths = (v: unknown): v is unknown[][] => Array.isArray(v) && v.some(Array.isArray);

/** The named tables of the picker kinds other than users (each has id and full_name). */
export const TABLE: Record<
  Exclude<NameKind, 'user'>,
  'base_organize' | 'base_position' | 'base_role' | 'base_group'
> = {
  org: 'base_organize',
  position: 'base_position',
  role: 'base_role',
  group: 'base_group',
};
export const MAX_IDS = 5000;

/** Every value a field holds across records (main field or sub-table column). */
export function valuesOf(f: CompiledField, records: Array<Record<string, unknown>>): unknown[] {
  return records.flatMap((r) =>
    f.table
      ? (Array.isArray(r[f.table]) ? (r[f.table] as Array<Record<string, unknown>>) : []).map(
          (row) => row?.[f.vModel],
        )
      : [r[f.vModel]],
  );
}

/** One empty set per picker kind (the ids or texts a page of records names, collected before one query each). */
export const nameSets = (): Record<NameKind, Set<string>> => ({
  user: new Set(),
  org: new Set(),
  position: new Set(),
  role: new Set(),
  group: new Set(),
});

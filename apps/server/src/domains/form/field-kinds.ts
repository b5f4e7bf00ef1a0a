// How the server reads a form field for display and import: its kind (picker, dictionary, options, date,
// region, switch, files), its option labels and the named tables its ids point at.
import { type CompiledField, optionKeys as engineOptionKeys, kindOf as kindDefinition } from '@kp/engine';
import { type I18nText, type Language, textIn } from '@kp/schema';

export type NameKind = 'user' | 'org' | 'position' | 'role' | 'group';
export type Kind = NameKind | 'dict' | 'date' | 'dateRange' | 'options' | 'address' | 'switch' | 'files';

export interface Cfg {
  format?: string;
  type?: string;
  activeTxt?: I18nText;
  inactiveTxt?: I18nText;
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

/** Label, value and children keys of a field's options: the engine's one rule (optionKeys of @kp/engine). */
export function optionKeys(f: CompiledField): { lk: string; vk: string; ck: string } {
  const k = engineOptionKeys(f.config);
  return { lk: k.label, vk: k.value, ck: k.children };
}

/** An option's label in `lang` (a designed label may be {zh, zhtw, en}; zh, then any, when `lang` has none). */
export const label = (v: unknown, lang: Language = 'zh'): string =>
  v && typeof v === 'object' ? textIn(v as I18nText, lang) || String(Object.values(v)[0] ?? '') : String(v);

/** Every language's text of a label (an import accepts any of them). */
export const labelsOf = (v: unknown): string[] =>
  v && typeof v === 'object'
    ? Object.values(v as Record<string, unknown>).filter(
        (x): x is string => typeof x === 'string' && x !== '',
      )
    : v === undefined || v === null
      ? []
      : [String(v)];

/** A switch's texts when the designer left them empty, in every language. */
export const SWITCH_TEXT = {
  on: { zh: '开', zhtw: '開', en: 'On' },
  off: { zh: '关', zhtw: '關', en: 'Off' },
} as const;

/** Between the two ends of a date range shown as text. */
export const RANGE_SEPARATOR: Record<Language, string> = { zh: ' 至 ', zhtw: ' 至 ', en: ' to ' };

/** Static options of a choice field, nested ones (cascader, tree select) flattened: [value, label in `lang`]. */
export function staticOptions(f: CompiledField, lang: Language = 'zh'): Array<[string, string]> {
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
      out.push([String(o[vk]), label(o[lk] ?? o[vk], lang)]);
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

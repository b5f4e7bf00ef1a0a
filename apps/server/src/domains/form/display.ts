// What stored form values look like to a person, for lists, exports and prints, and back again for imports:
// picker fields (users, departments, organisations, positions, roles, groups) show names, dictionary and
// static-option fields their labels, regions their path names, switches their texts, dates the field's
// format, files their names. Names are read in one query per kind for a whole page of records.
import { type CompiledField, type CompiledForm, formatDate } from '@kp/engine';
import { type Language, textIn } from '@kp/schema';
import type { Kysely } from 'kysely';
import { nameIn } from '../../db/stored-label';
import type { Database } from '../../db/types';
import { sdb } from '../system/system-tables';
import {
  cfgOf,
  flat,
  isPaths,
  type Kind,
  kindOf,
  MAX_IDS,
  type NameKind,
  nameSets,
  RANGE_SEPARATOR,
  SWITCH_TEXT,
  staticOptions,
  valuesOf,
} from './field-kinds';

export type DisplayOf = (f: CompiledField, v: unknown) => unknown;
export interface DisplayOptions {
  /** Kinds shown as stored (Excel keeps files as JSON so that an import can restore them). */
  keep?: Kind[];
  /** Departments and organisations as their path of names ('集团/公司/部门'), unambiguous for an import. */
  orgPaths?: boolean;
  /** The language of option and dictionary labels, switch texts and range separators (the request's; zh). */
  lang?: Language;
}

/**
 * A display function for these records' values: names and labels are read once for all of them. A value
 * whose name is unknown (deleted user, stale option) shows as it is stored.
 */
export async function displayFor(
  db: Kysely<Database>,
  compiled: CompiledForm,
  records: Array<Record<string, unknown>>,
  options: DisplayOptions = {},
): Promise<DisplayOf> {
  const fields = compiled.fields.filter((f) => kindOf(f));
  const lang = options.lang ?? 'zh';
  const want = nameSets();
  const dictTypes = new Set<string>();
  const areas = new Set<string>();
  for (const f of fields) {
    const k = kindOf(f)!;
    const vals = valuesOf(f, records).flatMap(flat);
    if (k in want) for (const v of vals) want[k as NameKind].add(v);
    if (k === 'dict') dictTypes.add(cfgOf(f).__config__.dictionaryType ?? '');
    if (k === 'address') for (const v of vals) areas.add(v);
  }
  const names: Record<NameKind, Map<string, string>> = {
    user: new Map(),
    org: new Map(),
    position: new Map(),
    role: new Map(),
    group: new Map(),
  };
  const system = sdb(db);
  const areaName = new Map<string, string>();
  const dictLabel = new Map<string, string>();
  await Promise.all([
    ...(Object.keys(want) as NameKind[]).map(async (k) => {
      if (!want[k].size) return;
      const ids = [...want[k]].slice(0, MAX_IDS);
      const rows =
        k === 'user'
          ? await db
              .selectFrom('base_user')
              .select(['id', 'real_name as name'])
              .where('id', 'in', ids)
              .execute()
          : k === 'group'
            ? await db
                .selectFrom('base_group')
                .select(['id', 'full_name as name'])
                .where('id', 'in', ids)
                .execute()
            : (await labelledRows(db, LABELLED[k], ids)).map((r) => ({ id: r.id, name: nameIn(r, lang) }));
      for (const r of rows) names[k].set(r.id, r.name);
    }),
    (async () => {
      if (!areas.size) return;
      const rows = await system
        .selectFrom('sys_area')
        .select(['id', 'full_name'])
        .where('id', 'in', [...areas].slice(0, MAX_IDS))
        .execute();
      for (const r of rows) areaName.set(r.id, r.full_name);
    })(),
    (async () => {
      // A field's dictionaryType is a type id or enCode; a value is a data id or enCode.
      if (!dictTypes.size) return;
      const rows = await dictionaryItemsOf(db, dictTypes);
      for (const r of rows)
        for (const t of [r.typeId, r.typeCode])
          for (const v of [r.id, r.en_code]) dictLabel.set(`${t}\u0000${v}`, nameIn(r, lang));
    })(),
  ]);
  if (options.orgPaths && names.org.size) {
    const rows = await db
      .selectFrom('base_organize')
      .select(['id', 'tree_path'])
      .where('id', 'in', [...names.org.keys()])
      .execute();
    const chains = new Map(rows.map((r) => [r.id, r.tree_path.split(/[,/]/).filter(Boolean)]));
    const missing = [...new Set([...chains.values()].flat())].filter((id) => !names.org.has(id));
    if (missing.length) {
      const more = await labelledRows(db, 'base_organize', missing.slice(0, MAX_IDS));
      for (const r of more) names.org.set(r.id, nameIn(r, lang));
    }
    const pathNames = new Map<string, string>();
    for (const [id, chain] of chains) pathNames.set(id, chain.map((x) => names.org.get(x) ?? x).join('/'));
    for (const [id, path] of pathNames) names.org.set(id, path);
  }
  const optionMaps = new Map<CompiledField, Map<string, string>>();
  const joinNames = (m: Map<string, string>, v: unknown, sep = ',') =>
    flat(v)
      .map((x) => m.get(x) ?? x)
      .join(sep);

  return (f, v) => {
    if (v === null || v === undefined || v === '') return v ?? '';
    const c = cfgOf(f);
    const kind = kindOf(f);
    if (kind && options.keep?.includes(kind)) return v;
    switch (kind) {
      case 'date':
        return typeof v === 'number' || (typeof v === 'string' && /^\d{10,13}$/.test(v))
          ? formatDate(Number(v), c.format || (f.key === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss'))
          : v;
      case 'dateRange':
        return Array.isArray(v)
          ? v
              .map((x) => (typeof x === 'number' ? formatDate(x, c.format || 'yyyy-MM-dd') : x))
              .join(RANGE_SEPARATOR[lang])
          : v;
      case 'dict': {
        const t = c.__config__.dictionaryType ?? '';
        return flat(v)
          .map((x) => dictLabel.get(`${t}\u0000${x}`) ?? x)
          .join(',');
      }
      case 'options': {
        const m = optionMaps.get(f) ?? new Map(staticOptions(f, lang));
        optionMaps.set(f, m);
        if (f.key === 'cascader' && Array.isArray(v))
          return (isPaths(v) ? v : [v]).map((p) => joinNames(m, p, '/')).join(',');
        return joinNames(m, v);
      }
      case 'address':
        return (isPaths(v) ? v : [v]).map((p) => joinNames(areaName, p, '/')).join(',');
      case 'switch': {
        const on = c.activeValue ?? 1;
        const isOn = v === on || v === true || (typeof on !== 'boolean' && String(v) === String(on));
        return isOn
          ? textIn(c.activeTxt || SWITCH_TEXT.on, lang)
          : textIn(c.inactiveTxt || SWITCH_TEXT.off, lang);
      }
      case 'files':
        return Array.isArray(v)
          ? v
              .map((x) =>
                x && typeof x === 'object' ? String((x as { name?: unknown }).name ?? '') : String(x),
              )
              .join(',')
          : v;
      case 'org':
        // comSelect holds id paths: a path's names joined with '/', several paths with ','.
        if (f.key === 'comSelect' && Array.isArray(v))
          return (isPaths(v) ? v : [v]).map((p) => joinNames(names.org, p, '/')).join(',');
        return joinNames(names.org, v);
      case 'user':
      case 'position':
      case 'role':
      case 'group': {
        const m = names[kindOf(f) as NameKind];
        return flat(v)
          .map((x) => m.get(x) ?? names.org.get(x) ?? x)
          .join(',');
      }
      default:
        return v;
    }
  };
}

/** The name kinds whose rows carry names in every language (full_name_i18n). */
export const LABELLED = { org: 'base_organize', position: 'base_position', role: 'base_role' } as const;

/** Units, positions or roles by id with their names in every language (seeded labels, typed ones). */
export function labelledRows(
  db: Kysely<Database>,
  table: 'base_organize' | 'base_position' | 'base_role',
  ids: string[],
) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom(table).select(['id', 'full_name', 'full_name_i18n']).where('id', 'in', ids).execute();
}

/** These records with every displayable value (main fields and sub-table cells) replaced by its text. */
export async function displayRecords(
  db: Kysely<Database>,
  compiled: CompiledForm,
  records: Array<Record<string, unknown>>,
  options: DisplayOptions = {},
): Promise<Array<Record<string, unknown>>> {
  const show = await displayFor(db, compiled, records, options);
  const fields = compiled.fields.filter((f) => kindOf(f));
  const tables = new Map<string, CompiledField[]>();
  for (const f of fields) if (f.table) tables.set(f.table, [...(tables.get(f.table) ?? []), f]);
  return records.map((data) => {
    const out: Record<string, unknown> = { ...data };
    for (const f of fields) if (!f.table && f.vModel in data) out[f.vModel] = show(f, data[f.vModel]);
    for (const [table, cols] of tables) {
      if (!Array.isArray(data[table])) continue;
      out[table] = (data[table] as Array<Record<string, unknown>>).map((row) => {
        if (!row || typeof row !== 'object') return row;
        const r: Record<string, unknown> = { ...row };
        for (const c of cols) if (c.vModel in row) r[c.vModel] = show(c, row[c.vModel]);
        return r;
      });
    }
    return out;
  });
}

/**
 * The items of the dictionaries a form's fields name (by type id or enCode), with their names in every
 * language: display values read them in one language, import accepts any.
 */
export function dictionaryItemsOf(db: Kysely<Database>, types: Set<string>) {
  return sdb(db)
    .selectFrom('sys_dictionary_data as d')
    .innerJoin('sys_dictionary_type as t', 't.id', 'd.type_id')
    .select([
      't.id as typeId',
      't.en_code as typeCode',
      'd.id',
      'd.en_code',
      'd.full_name',
      'd.full_name_i18n',
    ])
    .where((eb) => eb.or([eb('t.id', 'in', [...types]), eb('t.en_code', 'in', [...types])]))
    .execute();
}

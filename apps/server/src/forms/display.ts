// What stored form values look like to a person, for lists, exports and prints, and back again for imports:
// picker fields (users, departments, organisations, positions, roles, groups) show names, dictionary and
// static-option fields their labels, regions their path names, switches their texts, dates the field's
// format, files their names. Names are read in one query per kind for a whole page of records.
import { type CompiledField, type CompiledForm, formatDate, kindOf as kindDefinition } from '@kp/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SystemDataTables } from '../domains/system/system-tables';

type NameKind = 'user' | 'org' | 'position' | 'role' | 'group';
export type Kind = NameKind | 'dict' | 'date' | 'dateRange' | 'options' | 'address' | 'switch' | 'files';

interface Cfg {
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
const cfgOf = (f: CompiledField) => f.config as unknown as Cfg;

/** Label and value keys of an option list (the renderer's rule: dictionaries by enCode, others by id). */
function optionKeys(f: CompiledField): { lk: string; vk: string; ck: string } {
  const c = cfgOf(f);
  const p = c.__config__.props ?? c.props?.props ?? {};
  const dic = f.key === 'dicSelect' || c.__config__.dataType === 'dictionary';
  return { lk: p.label ?? 'fullName', vk: p.value ?? (dic ? 'enCode' : 'id'), ck: p.children ?? 'children' };
}

const label = (v: unknown): string =>
  v && typeof v === 'object'
    ? String((v as Record<string, unknown>).zh ?? Object.values(v)[0] ?? '')
    : String(v);

/** Static options of a choice field, nested ones (cascader, tree select) flattened: [value, label]. */
function staticOptions(f: CompiledField): Array<[string, string]> {
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
function kindOf(f: CompiledField): Kind | null {
  const def = kindDefinition(f.key);
  if (def?.names) return def.names === 'region' ? 'address' : def.names;
  if (def?.displayAs) return def.displayAs;
  const c = cfgOf(f);
  if (c.__config__.dataType === 'dictionary' && c.__config__.dictionaryType) return 'dict';
  if (staticOptions(f).length) return 'options';
  return null;
}

/** usersSelect values may carry a kind suffix (`id--user`); pickers of paths hold arrays of arrays. */
const bareId = (v: unknown) => String(v).replace(/--\w+$/, '');
const flat = (v: unknown): string[] =>
  v === null || v === undefined || v === ''
    ? []
    : Array.isArray(v)
      ? v.flatMap(flat)
      : typeof v === 'object'
        ? []
        : [bareId(v)];
const isPaths = (v: unknown): v is unknown[][] => Array.isArray(v) && v.some(Array.isArray);

const TABLE: Record<NameKind, 'base_user' | 'base_organize' | 'base_position' | 'base_role' | 'base_group'> =
  {
    user: 'base_user',
    org: 'base_organize',
    position: 'base_position',
    role: 'base_role',
    group: 'base_group',
  };
const MAX_IDS = 5000;

/** Every value a field holds across records (main field or sub-table column). */
function valuesOf(f: CompiledField, records: Array<Record<string, unknown>>): unknown[] {
  return records.flatMap((r) =>
    f.table
      ? (Array.isArray(r[f.table]) ? (r[f.table] as Array<Record<string, unknown>>) : []).map(
          (row) => row?.[f.vModel],
        )
      : [r[f.vModel]],
  );
}

export type DisplayOf = (f: CompiledField, v: unknown) => unknown;
export interface DisplayOptions {
  /** Kinds shown as stored (Excel keeps files as JSON so that an import can restore them). */
  keep?: Kind[];
  /** Departments and organisations as their path of names ('集团/公司/部门'), unambiguous for an import. */
  orgPaths?: boolean;
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
  const want: Record<NameKind, Set<string>> = {
    user: new Set(),
    org: new Set(),
    position: new Set(),
    role: new Set(),
    group: new Set(),
  };
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
  const sdb = db as unknown as Kysely<SystemDataTables>;
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
          : await (db as unknown as Kysely<Record<string, { id: string; full_name: string }>>)
              .selectFrom(TABLE[k])
              .select(['id', 'full_name as name'])
              .where('id', 'in', ids)
              .execute();
      for (const r of rows) names[k].set(r.id, r.name);
    }),
    (async () => {
      if (!areas.size) return;
      const rows = await sdb
        .selectFrom('sys_area')
        .select(['id', 'full_name'])
        .where('id', 'in', [...areas].slice(0, MAX_IDS))
        .execute();
      for (const r of rows) areaName.set(r.id, r.full_name);
    })(),
    (async () => {
      // A field's dictionaryType is a type id or enCode; a value is a data id or enCode.
      if (!dictTypes.size) return;
      const rows = await sdb
        .selectFrom('sys_dictionary_data as d')
        .innerJoin('sys_dictionary_type as t', 't.id', 'd.type_id')
        .select(['t.id as typeId', 't.en_code as typeCode', 'd.id', 'd.en_code', 'd.full_name'])
        .where((eb) => eb.or([eb('t.id', 'in', [...dictTypes]), eb('t.en_code', 'in', [...dictTypes])]))
        .execute();
      for (const r of rows)
        for (const t of [r.typeId, r.typeCode])
          for (const v of [r.id, r.en_code]) dictLabel.set(`${t}\u0000${v}`, r.full_name);
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
      const more = await db
        .selectFrom('base_organize')
        .select(['id', 'full_name'])
        .where('id', 'in', missing.slice(0, MAX_IDS))
        .execute();
      for (const r of more) names.org.set(r.id, r.full_name);
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
          ? v.map((x) => (typeof x === 'number' ? formatDate(x, c.format || 'yyyy-MM-dd') : x)).join(' 至 ')
          : v;
      case 'dict': {
        const t = c.__config__.dictionaryType ?? '';
        return flat(v)
          .map((x) => dictLabel.get(`${t}\u0000${x}`) ?? x)
          .join(',');
      }
      case 'options': {
        const m = optionMaps.get(f) ?? new Map(staticOptions(f));
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
        return isOn ? (c.activeTxt ?? '开') : (c.inactiveTxt ?? '关');
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
 * The other way, for imports: text a person typed or exported (names, labels, formatted dates) back into
 * stored values, in place. Ids stay ids; a name matches when exactly one enabled row has it (a user also
 * as "name/account"). Answers, per record, the texts that matched no row or more than one.
 */
export async function valuesFromText(
  db: Kysely<Database>,
  compiled: CompiledForm,
  records: Array<Record<string, unknown>>,
): Promise<string[][]> {
  const fields = compiled.fields.filter((f) => kindOf(f));
  const texts: Record<NameKind, Set<string>> = {
    user: new Set(),
    org: new Set(),
    position: new Set(),
    role: new Set(),
    group: new Set(),
  };
  const dictTypes = new Set<string>();
  const splitText = (v: unknown): string[] =>
    Array.isArray(v)
      ? v.flatMap(splitText)
      : typeof v === 'string'
        ? v
            .split(/[,，]/)
            .map((x) => x.trim())
            .filter(Boolean)
        : [];
  for (const f of fields) {
    const k = kindOf(f)!;
    if (k in texts)
      for (const v of valuesOf(f, records)) for (const s of splitText(v)) texts[k as NameKind].add(s);
    if (k === 'dict') dictTypes.add(cfgOf(f).__config__.dictionaryType ?? '');
  }
  const byName: Record<NameKind, Map<string, string | null>> = {
    user: new Map(),
    org: new Map(),
    position: new Map(),
    role: new Map(),
    group: new Map(),
  };
  const remember = (m: Map<string, string | null>, key: string, id: string) =>
    m.set(key, m.has(key) && m.get(key) !== id ? null : id);
  await Promise.all(
    (Object.keys(texts) as NameKind[]).map(async (k) => {
      if (!texts[k].size) return;
      const wanted = [...texts[k]].slice(0, MAX_IDS);
      const plain = wanted.map((s) => s.split('/')[0]!);
      if (k === 'user') {
        const rows = await db
          .selectFrom('base_user')
          .select(['id', 'real_name', 'account'])
          .where((eb) =>
            eb.or([eb('id', 'in', wanted), eb('real_name', 'in', plain), eb('account', 'in', plain)]),
          )
          .execute();
        for (const r of rows) {
          byName.user.set(r.id, r.id);
          remember(byName.user, r.real_name, r.id);
          byName.user.set(`${r.real_name}/${r.account}`, r.id);
          byName.user.set(r.account, r.id);
        }
        return;
      }
      const rows = await (db as unknown as Kysely<Record<string, { id: string; full_name: string }>>)
        .selectFrom(TABLE[k])
        .select(['id', 'full_name'])
        .where((eb) => eb.or([eb('id', 'in', wanted), eb('full_name', 'in', wanted)]))
        .execute();
      for (const r of rows) {
        byName[k].set(r.id, r.id);
        remember(byName[k], r.full_name, r.id);
      }
    }),
  );
  // Organisation paths ('集团/公司/部门'): the unit whose chain of names is exactly that.
  const orgPathTexts = new Set<string>();
  const areaPathTexts = new Set<string>();
  for (const f of fields) {
    const k = kindOf(f);
    if (k !== 'org' && k !== 'address') continue;
    for (const v of valuesOf(f, records))
      for (const s of splitText(v))
        if (k === 'address' || s.includes('/')) (k === 'org' ? orgPathTexts : areaPathTexts).add(s);
  }
  const orgByPath = new Map<string, string>();
  if (orgPathTexts.size) {
    const lasts = [...orgPathTexts].map((p) => p.split('/').pop()!).slice(0, MAX_IDS);
    const ends = await db
      .selectFrom('base_organize')
      .select(['id', 'tree_path'])
      .where('full_name', 'in', lasts)
      .execute();
    const chains = ends.map((r) => ({ id: r.id, chain: r.tree_path.split(/[,/]/).filter(Boolean) }));
    const all = [...new Set(chains.flatMap((c) => c.chain))];
    const named = all.length
      ? await db
          .selectFrom('base_organize')
          .select(['id', 'full_name'])
          .where('id', 'in', all.slice(0, MAX_IDS))
          .execute()
      : [];
    const nameOf = new Map(named.map((r) => [r.id, r.full_name]));
    for (const c of chains) orgByPath.set(c.chain.map((x) => nameOf.get(x) ?? x).join('/'), c.id);
  }
  // Region paths ('河北省/石家庄市'): walked level by level from the root (-1) by name.
  const areaByPath = new Map<string, string[]>();
  if (areaPathTexts.size) {
    const segs = [...new Set([...areaPathTexts].flatMap((p) => p.split('/')))].slice(0, MAX_IDS);
    const rows = await (db as unknown as Kysely<SystemDataTables>)
      .selectFrom('sys_area')
      .select(['id', 'parent_id', 'full_name'])
      .where('full_name', 'in', segs)
      .execute();
    for (const p of areaPathTexts) {
      let parent = '-1';
      const path: string[] = [];
      for (const name of p.split('/')) {
        const hit = rows.filter(
          (r) => r.full_name === name && (r.parent_id === parent || (parent === '-1' && r.parent_id === '0')),
        );
        if (hit.length !== 1) break;
        parent = hit[0]!.id;
        path.push(parent);
      }
      if (path.length === p.split('/').length) areaByPath.set(p, path);
    }
  }
  const dictValue = new Map<string, string>();
  if (dictTypes.size) {
    const rows = await (db as unknown as Kysely<SystemDataTables>)
      .selectFrom('sys_dictionary_data as d')
      .innerJoin('sys_dictionary_type as t', 't.id', 'd.type_id')
      .select(['t.id as typeId', 't.en_code as typeCode', 'd.id', 'd.en_code', 'd.full_name'])
      .where((eb) => eb.or([eb('t.id', 'in', [...dictTypes]), eb('t.en_code', 'in', [...dictTypes])]))
      .execute();
    for (const r of rows)
      for (const t of [r.typeId, r.typeCode])
        for (const [key, id, code] of [
          [r.full_name, r.id, r.en_code],
          [r.id, r.id, r.en_code],
          [r.en_code, r.id, r.en_code],
        ])
          dictValue.set(`${t}\u0000${key}`, JSON.stringify([id, code]));
  }
  // Texts that matched nothing (or more than one row), reported per record as `field: 找不到“text”`.
  let missed: string[] = [];
  const resolved = (f: CompiledField, s: string, hit: unknown) => {
    if (hit === undefined || hit === null) missed.push(`${f.vModel}: 找不到“${s.slice(0, 50)}”`);
    return hit ?? s;
  };
  const fromText = (f: CompiledField, v: unknown): unknown => {
    // A multiple picker's cell may already be split into a list of texts by the workbook reader.
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) {
      const each = v.map((x) => fromText(f, x));
      return each.flatMap((x) => (Array.isArray(x) && !isPaths(x) && kindOf(f) !== 'address' ? x : [x]));
    }
    if (typeof v !== 'string' || v === '') return v;
    const k = kindOf(f)!;
    const c = cfgOf(f);
    const multiple = (f.config as { multiple?: boolean }).multiple === true || f.key === 'usersSelect';
    if (k === 'date') {
      // The exported text (yyyy-MM-dd, optionally HH:mm:ss) read as local time, as formatDate wrote it.
      const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
      if (!m) return v;
      const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
      return new Date(y!, mo! - 1, d!, h, mi, sec).getTime();
    }
    if (k === 'switch') {
      if (v === (c.activeTxt ?? '开')) return c.activeValue ?? 1;
      if (v === (c.inactiveTxt ?? '关')) return c.inactiveValue ?? 0;
      return v;
    }
    if (f.key === 'comSelect') return v;
    if (k === 'address') {
      const paths = splitText(v).map((p) => resolved(f, p, areaByPath.get(p)));
      return multiple ? paths : paths[0];
    }
    if (k === 'org') {
      const out = splitText(v).map((s) =>
        resolved(f, s, s.includes('/') ? orgByPath.get(s) : byName.org.get(s)),
      );
      return multiple ? out : out[0];
    }
    if (k === 'dict') {
      const { vk } = optionKeys(f);
      const t = c.__config__.dictionaryType ?? '';
      const out = splitText(v).map((s) => {
        const hit = dictValue.get(`${t}\u0000${s}`);
        if (!hit) return resolved(f, s, undefined);
        const [id, code] = JSON.parse(hit) as [string, string];
        return vk === 'id' ? id : code;
      });
      return multiple ? out : out[0];
    }
    if (k in byName) {
      const m = byName[k as NameKind];
      const out = splitText(v).map((s) => resolved(f, s, m.get(s)));
      return multiple ? out : out[0];
    }
    return v;
  };
  return records.map((r) => {
    missed = [];
    for (const f of fields) {
      if (f.table) {
        const rows = r[f.table];
        if (Array.isArray(rows))
          for (const row of rows as Array<Record<string, unknown>>)
            if (row && typeof row === 'object' && f.vModel in row) row[f.vModel] = fromText(f, row[f.vModel]);
      } else if (f.vModel in r) r[f.vModel] = fromText(f, r[f.vModel]);
    }
    return missed;
  });
}

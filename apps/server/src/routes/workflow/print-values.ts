import { type CompiledField, type CompiledForm, compileForm, formatDate } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { SystemDataTables } from '../system/system-tables';
import type { WfDb } from './tables';

/**
 * Display values of a flow's form data for printing (spec 2 print data): picker fields (users,
 * departments, organisations, positions, roles, groups) become names, dictionary and static-option
 * fields their labels, dates the field's format (server local time). Raw values stay with the caller.
 */
type Kind = 'user' | 'org' | 'position' | 'role' | 'group' | 'dict' | 'date' | 'dateRange' | 'options';

const KIND_OF: Record<string, Kind> = {
  userSelect: 'user',
  usersSelect: 'user',
  createUser: 'user',
  modifyUser: 'user',
  depSelect: 'org',
  comSelect: 'org',
  currOrganize: 'org',
  currDept: 'org',
  posSelect: 'position',
  currPosition: 'position',
  roleSelect: 'role',
  groupSelect: 'group',
  dicSelect: 'dict',
  date: 'date',
  createTime: 'date',
  modifyTime: 'date',
  dateRange: 'dateRange',
};

interface Cfg {
  format?: string;
  type?: string;
  options?: unknown;
  __slot__?: { options?: unknown };
  __config__: {
    dataType?: string;
    dictionaryType?: string;
    props?: { label?: string; value?: string };
  };
}

const cfgOf = (f: CompiledField) => f.config as unknown as Cfg;

function kindOf(f: CompiledField): Kind | null {
  const k = KIND_OF[f.key];
  if (k) return k;
  const c = cfgOf(f);
  if (c.__config__.dataType === 'dictionary' && c.__config__.dictionaryType) return 'dict';
  if (staticOptions(f).length) return 'options';
  return null;
}

function staticOptions(f: CompiledField): Array<[string, string]> {
  const c = cfgOf(f);
  const list = Array.isArray(c.options)
    ? c.options
    : Array.isArray(c.__slot__?.options)
      ? c.__slot__.options
      : [];
  const lk = c.__config__.props?.label ?? 'fullName';
  const vk = c.__config__.props?.value ?? 'id';
  return (list as Array<Record<string, unknown>>)
    .filter((o) => o && typeof o === 'object' && o[vk] !== undefined)
    .map((o) => [String(o[vk]), String(o[lk] ?? o[vk])]);
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

const compiled = new Map<string, CompiledForm>();
function compiledOf(cacheKey: string, form: unknown): CompiledForm | null {
  let c = compiled.get(cacheKey);
  if (!c) {
    try {
      c = compileForm(form as FormConfig);
    } catch {
      return null;
    }
    compiled.set(cacheKey, c);
  }
  return c;
}

export async function printValues(
  db: WfDb,
  cacheKey: string,
  form: unknown,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const cf = compiledOf(cacheKey, form);
  if (!cf) return { ...data };
  const fields = cf.fields.filter((f) => kindOf(f));
  // Every value of a field, main or sub-table column.
  const valuesOf = (f: CompiledField): unknown[] =>
    f.table
      ? (Array.isArray(data[f.table]) ? (data[f.table] as Array<Record<string, unknown>>) : []).map(
          (row) => row?.[f.vModel],
        )
      : [data[f.vModel]];
  const want: Record<'user' | 'org' | 'position' | 'role' | 'group', Set<string>> = {
    user: new Set(),
    org: new Set(),
    position: new Set(),
    role: new Set(),
    group: new Set(),
  };
  const dictTypes = new Map<string, Set<string>>();
  for (const f of fields) {
    const k = kindOf(f);
    const vals = valuesOf(f).flatMap(flat);
    if (k === 'user' || k === 'org' || k === 'position' || k === 'role' || k === 'group')
      for (const v of vals) want[k].add(v);
    if (k === 'dict') {
      const t = cfgOf(f).__config__.dictionaryType ?? '';
      const set = dictTypes.get(t) ?? new Set<string>();
      for (const v of vals) set.add(v);
      dictTypes.set(t, set);
    }
  }
  const names = {
    user: new Map<string, string>(),
    org: new Map<string, string>(),
    position: new Map<string, string>(),
    role: new Map<string, string>(),
    group: new Map<string, string>(),
  };
  const ids = (k: keyof typeof want) => [...want[k]].slice(0, 5000);
  await Promise.all([
    want.user.size &&
      db
        .selectFrom('base_user')
        .select(['id', 'real_name'])
        .where('id', 'in', ids('user'))
        .execute()
        .then((rows) => {
          for (const r of rows) names.user.set(r.id, r.real_name);
        }),
    want.org.size &&
      db
        .selectFrom('base_organize')
        .select(['id', 'full_name'])
        .where('id', 'in', ids('org'))
        .execute()
        .then((rows) => {
          for (const r of rows) names.org.set(r.id, r.full_name);
        }),
    want.position.size &&
      db
        .selectFrom('base_position')
        .select(['id', 'full_name'])
        .where('id', 'in', ids('position'))
        .execute()
        .then((rows) => {
          for (const r of rows) names.position.set(r.id, r.full_name);
        }),
    want.role.size &&
      db
        .selectFrom('base_role')
        .select(['id', 'full_name'])
        .where('id', 'in', ids('role'))
        .execute()
        .then((rows) => {
          for (const r of rows) names.role.set(r.id, r.full_name);
        }),
    want.group.size &&
      db
        .selectFrom('base_group')
        .select(['id', 'full_name'])
        .where('id', 'in', ids('group'))
        .execute()
        .then((rows) => {
          for (const r of rows) names.group.set(r.id, r.full_name);
        }),
  ]);
  // Dictionary labels: the field's dictionaryType is a type id or enCode; a value is a data id or enCode.
  const dictLabel = new Map<string, string>();
  if (dictTypes.size) {
    const sdb = db as unknown as Kysely<SystemDataTables>;
    const rows = await sdb
      .selectFrom('sys_dictionary_data as d')
      .innerJoin('sys_dictionary_type as t', 't.id', 'd.type_id')
      .select(['t.id as typeId', 't.en_code as typeCode', 'd.id', 'd.en_code', 'd.full_name'])
      .where((eb) =>
        eb.or([eb('t.id', 'in', [...dictTypes.keys()]), eb('t.en_code', 'in', [...dictTypes.keys()])]),
      )
      .execute();
    for (const r of rows)
      for (const t of [r.typeId, r.typeCode])
        for (const v of [r.id, r.en_code]) dictLabel.set(`${t}\u0000${v}`, r.full_name);
  }
  const display = (f: CompiledField, v: unknown): unknown => {
    const k = kindOf(f);
    if (v === null || v === undefined || v === '') return v ?? '';
    switch (k) {
      case 'date':
        return typeof v === 'number' || (typeof v === 'string' && /^\d{10,13}$/.test(v))
          ? formatDate(v, cfgOf(f).format || (f.key === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm'))
          : v;
      case 'dateRange':
        return Array.isArray(v)
          ? v
              .map((x) => (typeof x === 'number' ? formatDate(x, cfgOf(f).format || 'yyyy-MM-dd') : x))
              .join(' 至 ')
          : v;
      case 'dict': {
        const t = cfgOf(f).__config__.dictionaryType ?? '';
        return flat(v)
          .map((x) => dictLabel.get(`${t}\u0000${x}`) ?? x)
          .join(',');
      }
      case 'options': {
        const opts = new Map(staticOptions(f));
        return flat(v)
          .map((x) => opts.get(x) ?? x)
          .join(',');
      }
      case 'org':
        // comSelect holds id paths: show the path's names joined with '/', several paths with ','.
        if (f.key === 'comSelect' && Array.isArray(v)) {
          const paths = v.some(Array.isArray) ? (v as unknown[]) : [v];
          return paths
            .map((p) =>
              flat(p)
                .map((x) => names.org.get(x) ?? x)
                .join('/'),
            )
            .join(',');
        }
        return flat(v)
          .map((x) => names.org.get(x) ?? x)
          .join(',');
      case 'user':
      case 'position':
      case 'role':
      case 'group': {
        const m = names[k];
        return flat(v)
          .map((x) => m.get(x) ?? names.org.get(x) ?? x)
          .join(',');
      }
      default:
        return v;
    }
  };
  const out: Record<string, unknown> = { ...data };
  const tables = new Map<string, CompiledField[]>();
  for (const f of fields) {
    if (f.table) tables.set(f.table, [...(tables.get(f.table) ?? []), f]);
    else if (f.vModel in data) out[f.vModel] = display(f, data[f.vModel]);
  }
  for (const [table, cols] of tables) {
    if (!Array.isArray(data[table])) continue;
    out[table] = (data[table] as Array<Record<string, unknown>>).map((row) => {
      if (!row || typeof row !== 'object') return row;
      const r: Record<string, unknown> = { ...row };
      for (const c of cols) if (c.vModel in row) r[c.vModel] = display(c, row[c.vModel]);
      return r;
    });
  }
  return out;
}

// The other way round from display.ts: text typed or exported by a person back into stored values (imports).
import type { CompiledField, CompiledForm } from '@kp/engine';
import { LANGUAGES } from '@kp/schema';
import type { Kysely } from 'kysely';
import { type LabelledRow, nameIn, storedLabels } from '../../db/stored-label';
import type { Database } from '../../db/types';
import { sdb } from '../system/system-tables';
import { dictionaryItemsOf, LABELLED, labelledRows } from './display';
import {
  cfgOf,
  isPaths,
  kindOf,
  labelsOf,
  MAX_IDS,
  type NameKind,
  nameSets,
  optionKeys,
  SWITCH_TEXT,
  TABLE,
  valuesOf,
} from './field-kinds';

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
  const texts = nameSets();
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
  // Rows of units, positions and roles that carry names in other languages, read once per kind when needed.
  const labelledCache = new Map<keyof typeof LABELLED, Promise<Array<LabelledRow & { id: string }>>>();
  const labelled = (k: keyof typeof LABELLED) => {
    let rows = labelledCache.get(k);
    if (!rows) {
      rows = db
        .selectFrom(LABELLED[k])
        .select(['id', 'full_name', 'full_name_i18n'])
        .where('full_name_i18n', 'is not', null)
        .execute();
      labelledCache.set(k, rows);
    }
    return rows;
  };
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
      const rows = await db
        .selectFrom(TABLE[k])
        .select(['id', 'full_name'])
        .where((eb) => eb.or([eb('id', 'in', wanted), eb('full_name', 'in', wanted)]))
        .execute();
      for (const r of rows) {
        byName[k].set(r.id, r.id);
        remember(byName[k], r.full_name, r.id);
      }
      // A name exported in another language (an English list read back): the rows with labels.
      if (k !== 'group' && wanted.some((w) => !byName[k].has(w)))
        for (const r of await labelled(k))
          for (const name of new Set(labelsOf(storedLabels(r))))
            if (texts[k].has(name) && name !== r.full_name) remember(byName[k], name, r.id);
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
    // the units named by a path's last segment, in zh or (labelled units) another language
    const lastSet = new Set(lasts);
    const endIds = new Set(
      (await db.selectFrom('base_organize').select('id').where('full_name', 'in', lasts).execute()).map(
        (r) => r.id,
      ),
    );
    for (const r of await labelled('org'))
      if (labelsOf(storedLabels(r)).some((n) => lastSet.has(n))) endIds.add(r.id);
    const ends = endIds.size
      ? await db
          .selectFrom('base_organize')
          .select(['id', 'tree_path'])
          .where('id', 'in', [...endIds].slice(0, MAX_IDS))
          .execute()
      : [];
    const chains = ends.map((r) => ({ id: r.id, chain: r.tree_path.split(/[,/]/).filter(Boolean) }));
    const all = [...new Set(chains.flatMap((c) => c.chain))];
    const named = new Map(
      (await labelledRows(db, 'base_organize', all.slice(0, MAX_IDS))).map((r) => [r.id, r]),
    );
    // a path matches in any one language: all of its names zh, or all zhtw, or all en
    for (const lang of LANGUAGES)
      for (const c of chains) {
        const path = c.chain.map((x) => {
          const r = named.get(x);
          return r ? nameIn(r, lang) : x;
        });
        const key = path.join('/');
        if (!orgByPath.has(key) || lang === 'zh') orgByPath.set(key, c.id);
      }
  }
  // Region paths ('河北省/石家庄市'): walked level by level from the root (-1) by name.
  const areaByPath = new Map<string, string[]>();
  if (areaPathTexts.size) {
    const segs = [...new Set([...areaPathTexts].flatMap((p) => p.split('/')))].slice(0, MAX_IDS);
    const rows = await sdb(db)
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
    const rows = await dictionaryItemsOf(db, dictTypes);
    // A label is accepted in any language the list can show it in (the exporter's language may differ).
    for (const r of rows)
      for (const t of [r.typeId, r.typeCode])
        for (const key of [...labelsOf(storedLabels(r) ?? r.full_name), r.full_name, r.id, r.en_code])
          dictValue.set(`${t}\u0000${key}`, JSON.stringify([r.id, r.en_code]));
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
      // The switch's texts in any language (a designed {zh, zhtw, en} text, else the defaults 开/關/On…).
      if (labelsOf(c.activeTxt || SWITCH_TEXT.on).includes(v)) return c.activeValue ?? 1;
      if (labelsOf(c.inactiveTxt || SWITCH_TEXT.off).includes(v)) return c.inactiveValue ?? 0;
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

// Reads of a released item from OTHER forms and designers: the selector of released items, an item's field list
// and the relation-form popup (Base/Selector, Base/{id}/FormDataFields, Base/{id}/FieldDataSelect). They read
// through the same rules as the item's own list (issue 34): the item's menu grant, the caller's data scope on it
// and his column grants. Designers (online development, print design) see every released item and its fields,
// never its records beyond their own grants.
import type { Language } from '@kp/schema';
import { type SqlBool, sql } from 'kysely';
import { nameIn } from '../../db/stored-label';
import { likeOf } from '../../db/values';
import { badRequest } from '../../http/api-error';
import type { Principal } from '../auth/principal';
import { scopeFilter } from '../permission/data-scope';
import { cellText, compiledOf, loadItem, loadReleased, mainFields, requireGrant, VMSG } from './common';
import { listReadable, SCOPE_COLS } from './online-list';
import type { VdDb } from './tables';

/** The menus whose holders design with released items (pick one as a relation source or a print template's form). */
export const DESIGN_MENUS = ['onlineDev.webDesign', 'systemData.printDev'] as const;

export const isDesigner = (p: Principal) => p.isAdministrator || DESIGN_MENUS.some((m) => p.modules.has(m));

/** Released, enabled items: every one for a designer, otherwise those whose released menu the caller holds. */
export async function selectableItems(db: VdDb, p: Principal, keyword: string | undefined, lang: Language) {
  let q = db
    .selectFrom('visualdev_base as b')
    .leftJoin('base_module as m', 'm.id', 'b.menu_id')
    .select([
      'b.id',
      'b.full_name',
      'b.full_name_i18n',
      'b.en_code',
      'b.category',
      'b.web_type',
      'b.sort_code',
    ])
    .where('b.enabled_mark', '=', 1)
    .where('b.released_form_data', 'is not', null);
  if (!isDesigner(p)) {
    const held = [...p.modules.keys()];
    if (!held.length) return [];
    q = q.where('m.en_code', 'in', held);
  }
  if (keyword) q = q.where('b.full_name', 'ilike', likeOf(keyword));
  const rows = await q.orderBy('b.sort_code').orderBy('b.full_name').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: nameIn(r, lang),
    enCode: r.en_code,
    category: r.category,
    webType: r.web_type,
  }));
}

/** An item's main fields: all of them for a designer, else the ones the caller's grants let him read. */
export async function itemFields(db: VdDb, p: Principal, id: string) {
  if (isDesigner(p)) {
    const row = await loadItem(db, id);
    return { row, fields: mainFields(compiledOf(row)) };
  }
  const { row, menu } = await loadReleased(db, id);
  requireGrant(p, menu);
  const { readable } = listReadable(p, row, menu);
  return { row, fields: mainFields(compiledOf(row)).filter((f) => readable.has(f.vModel)) };
}

export interface RelationQuery {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  relationField?: string;
  columnOptions?: string;
}

/**
 * The relation-form popup: a page of the item's records inside the caller's data scope, with only the fields
 * he may read; searching (relationField + keyword) only on such a field.
 */
export async function relationPage(db: VdDb, p: Principal, id: string, q: RelationQuery) {
  const { row, menu } = await loadReleased(db, id);
  requireGrant(p, menu);
  const { readable } = listReadable(p, row, menu);
  const fields = new Set(mainFields(compiledOf(row)).map((f) => f.vModel));
  if (q.relationField && !fields.has(q.relationField))
    throw badRequest(`relationField: 字段${q.relationField}不存在`);
  if (q.relationField && !readable.has(q.relationField))
    throw badRequest(`relationField: ${VMSG.fieldHidden}`);
  const wanted = (q.columnOptions ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => fields.has(c) && readable.has(c));
  const currentPage = q.currentPage ?? 1;
  const pageSize = Math.min(q.pageSize ?? 20, 10000);
  let base = db
    .selectFrom('visualdev_record as r')
    .where('r.module_id', '=', row.id)
    .where(scopeFilter(p, menu, SCOPE_COLS));
  if (q.keyword && q.relationField)
    base = base.where(sql<SqlBool>`(r.data::jsonb ->> ${q.relationField}) ilike ${likeOf(q.keyword)}`);
  const [{ n }, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select(['r.id', 'r.data'])
      .orderBy('r.creator_time', 'desc')
      .orderBy('r.id')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
  ]);
  const shown = [...new Set([...(q.relationField ? [q.relationField] : []), ...wanted])];
  const keys = shown.length ? shown : [...fields].filter((k) => readable.has(k));
  return {
    list: rows.map((r) => {
      const d = JSON.parse(r.data) as Record<string, unknown>;
      const o: Record<string, unknown> = { id: r.id };
      for (const k of keys) o[k] = cellText(d[k]);
      return o;
    }),
    pagination: { currentPage, pageSize, total: Number(n) },
  };
}

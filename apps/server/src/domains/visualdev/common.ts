// Shared pieces of the online-development routes: loading an item, its compiled form (cached per
// version of the config), the checks of a design, and turning posted form data into the stored record.
import {
  type AccessContext,
  type AccessMap,
  type CompiledForm,
  compileForm,
  type FormModel,
} from '@kp/engine';
import {
  type FormConfig,
  type Language,
  makeValidator,
  type VisualDevColumnData,
  VisualDevColumnData as VisualDevColumnDataSchema,
  validateFormConfig,
} from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { requestLanguage } from '../../http/i18n';
import { me } from '../auth/guard';
import type { Principal } from '../auth/principal';
import { serverFormData } from '../form/form-data';
import { evictFormModel, formModel } from '../form/models';
import type { VdDb, VisualDevBaseTable } from './tables';

export type BaseRow = Selectable<VisualDevBaseTable>;

/** The order of the design lists (designs, print designs): by sort code, newest first, then id. */
export const DESIGN_ORDER = sql`sort_code, creator_time desc, id`;

/** `show` of a row in the request's language: how the design lists name their rows (issue 20). */
export function inRequestLanguage<R, T>(req: FastifyRequest, show: (r: R, lang: Language) => T): (r: R) => T {
  const lang = requestLanguage(req);
  return (r) => show(r, lang);
}

export const VMSG = {
  codeTaken: '编码已存在',
  nameTaken: '名称已存在',
  notReleased: '功能未发布',
  disabled: '功能已禁用',
  noColumns: '请至少设置一个列表字段',
  stale: '数据已被他人修改，请刷新后重试',
  releasedDelete: '已发布的功能不能删除，请先删除其菜单',
  noFields: '表单没有可保存的字段',
  importEmpty: '导入文件没有数据',
  importTooMany: '一次最多导入5000条数据',
  badFile: '请选择xlsx类型的文件',
  fieldHidden: '无权查看该字段',
} as const;

/** Parses JSON text or passes an object through; refuses bad JSON naming the field. */
export function jsonOf(field: string, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest(`${field}: JSON格式错误，请检查`);
  }
}

const checkColumnData = makeValidator(VisualDevColumnDataSchema);

/** Validates a design: the form config (per-kind rules of @kp/schema) and the list config against it. */
export function checkDesign(
  formDataIn: unknown,
  columnDataIn: unknown,
  webType: number,
): { form: FormConfig; columns: VisualDevColumnData } {
  const fr = validateFormConfig(jsonOf('formData', formDataIn));
  if (!fr.ok)
    throw badRequest(`formData${fr.errors[0].path ? `.${fr.errors[0].path}` : ''}: ${fr.errors[0].message}`);
  const form = fr.value;
  const compiled = compileForm(form);
  if (!compiled.fields.length) throw badRequest(`formData: ${VMSG.noFields}`);
  const raw = columnDataIn === undefined ? defaultColumns(compiled) : jsonOf('columnData', columnDataIn);
  const cr = checkColumnData(raw);
  if (!cr.ok)
    throw badRequest(
      `columnData${cr.errors[0].path ? `.${cr.errors[0].path}` : ''}: ${cr.errors[0].message}`,
    );
  const columns = cr.value;
  const main = new Set(mainFields(compiled).map((f) => f.vModel));
  columns.columnList.forEach((c, i) => {
    if (!main.has(c.prop)) throw badRequest(`columnData.columnList[${i}].prop: 字段${c.prop}不存在`);
  });
  (columns.searchList ?? []).forEach((c, i) => {
    if (!main.has(c.prop)) throw badRequest(`columnData.searchList[${i}].prop: 字段${c.prop}不存在`);
  });
  if (webType === 2 && !columns.columnList.length)
    throw badRequest(`columnData.columnList: ${VMSG.noColumns}`);
  return { form, columns };
}

/** Main (not sub-table) data fields of a compiled form. */
export const mainFields = (c: CompiledForm) => c.fields.filter((f) => !f.table && f.shape !== 'table');

/** The list a new item gets when none is given: its first six main fields, add/edit/remove buttons. */
export function defaultColumns(c: CompiledForm): VisualDevColumnData {
  return {
    columnList: mainFields(c)
      .slice(0, 6)
      .map((f) => ({ prop: f.vModel, label: f.label || f.vModel })),
    searchList: mainFields(c)
      .filter((f) => f.shape === 'text')
      .slice(0, 2)
      .map((f) => ({ prop: f.vModel, label: f.label || f.vModel })),
    btnsList: ['add', 'download', 'upload', 'batchRemove'],
    columnBtnsList: ['edit', 'detail', 'remove'],
    hasPage: true,
    pageSize: 20,
    sort: 'desc',
  };
}

/** The model of an item's released form (the shared model cache: keyed by item and release, bounded). */
export function modelOf(row: BaseRow): FormModel {
  const text = row.released_form_data ?? row.form_data;
  const version = `${row.release_time ? new Date(row.release_time).getTime() : 0}:${text.length}`;
  return formModel(`visualdev:${row.id}`, version, text);
}

/** The compiled released form of an item. */
export const compiledOf = (row: BaseRow): CompiledForm => modelOf(row).compiled;

/** Drops an item's cached models (on release and delete). */
export const evictItemModel = (id: string) => evictFormModel(`visualdev:${id}`);

export const columnsOf = (row: BaseRow): VisualDevColumnData =>
  JSON.parse(row.released_column_data ?? row.column_data) as VisualDevColumnData;

export async function loadItem(db: VdDb, id: string): Promise<BaseRow> {
  const row = await db.selectFrom('visualdev_base').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A released, enabled item and the menu enCode its runtime permissions are checked against. */
export async function loadReleased(db: VdDb, id: string): Promise<{ row: BaseRow; menu: string }> {
  const row = await loadItem(db, id);
  if (!row.released_form_data || !row.menu_id) throw new ApiError(400, VMSG.notReleased);
  if (row.enabled_mark !== 1) throw new ApiError(400, VMSG.disabled);
  const m = await db
    .selectFrom('base_module')
    .select('en_code')
    .where('id', '=', row.menu_id)
    .executeTakeFirst();
  if (!m) throw new ApiError(400, VMSG.notReleased);
  return { row, menu: m.en_code };
}

/** Refuses unless the caller's roles grant the released menu (and the button, when given). */
export function requireGrant(p: Principal, menu: string, button?: string): void {
  if (p.isAdministrator) return;
  const g = p.modules.get(menu);
  if (!g || (button && !g.buttons.has(button))) throw new ApiError(403, '暂无权限');
}

/**
 * Turns posted data into the record to store (see forms/form-data: only the form's fields, read-only values
 * are the server's, the form's rules checked). `previous` is the stored data on update.
 */
export async function recordData(
  req: FastifyRequest,
  model: FormModel,
  input: unknown,
  previous: Record<string, unknown> | null,
  access: AccessContext,
): Promise<Record<string, unknown>> {
  return serverFormData(req.server.kp.db, me(req), model, jsonOf('data', input), previous, { access });
}

/**
 * A record with every main field, sub-table and cell present (null when unset): what project() leaves of it is
 * exactly what the caller may read, so the read routes take that (and not a second rule) as their field set.
 */
export function withEveryField(c: CompiledForm, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of c.fields) if (!f.table) out[f.vModel] = data[f.vModel] ?? null;
  for (const t of c.tables) {
    const rows = data[t.vModel];
    if (!Array.isArray(rows)) continue;
    out[t.vModel] = rows.map((r) => {
      const row = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
      return { ...row, ...Object.fromEntries(t.columns.map((col) => [col.vModel, row[col.vModel] ?? null])) };
    });
  }
  return out;
}

/** The main fields and sub-tables the caller may read: the keys project() lets through. */
export const readableKeys = (model: FormModel, access: AccessMap): Set<string> =>
  new Set(Object.keys(model.project(withEveryField(model.compiled, {}), access)));

/** A cell's text for lists and exports: scalars as they are, lists joined, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * The columns and form fields the caller may see on a released item (spec 4 §6: a column or form field
 * shows only if its code is granted; with no codes of that kind granted the check is off). null: no limit.
 */
export function fieldGrants(
  p: Principal,
  menu: string,
): { columns: Set<string> | null; forms: Set<string> | null } {
  if (p.isAdministrator) return { columns: null, forms: null };
  const g = p.modules.get(menu);
  return {
    columns: g?.columns.size ? g.columns : null,
    forms: g?.forms.size ? g.forms : null,
  };
}

/**
 * The caller's layers on a released item: `form` (detail, DataChange, print, create, update, import) limits
 * fields by the granted form codes; `list` (list, search, sort, export) by the granted column codes.
 */
export function grantContext(p: Principal, menu: string, view: 'form' | 'list'): AccessContext {
  const { columns, forms } = fieldGrants(p, menu);
  return { grants: view === 'form' ? forms : columns };
}

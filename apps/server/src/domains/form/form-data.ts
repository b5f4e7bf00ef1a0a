// Form data as the server stores it, for every form the platform saves (online-development records, flow
// tasks): only the form's fields are kept, read-only values (system fields, bill numbers, calculate fields)
// are the server's, never the client's, and the form's rules are checked with the renderer's compiled schema.
import {
  type AccessContext,
  type AccessMap,
  acceptInput,
  accessOf,
  type CompiledField,
  type CompiledForm,
  compileForm,
  type FormDataError,
  type FormModel,
  formatDate,
  recalculate,
  resolveSystemVariables,
  type Submitter,
  validateWithAccess,
} from '@kp/engine';
import { ApiCode } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ApiError, badRequest } from '../../http/api-error';
import { takeBillNumber } from '../system/bill-rule-service';
import { sdb } from '../system/system-tables';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The client whose form the server checks: fields whose visibility leaves it out are not required (the host
 * is the pc client; an app client would pass its own platform in the access context).
 */
export const SERVER_PLATFORM = 'pc';

/** Who saves the form: the values of its system fields (a Principal fits). */
export interface FormAuthor {
  userId: string;
  organizeId?: string | null;
  departmentId?: string | null;
  positionIds: string[];
}

/**
 * The one server pipeline of every form write (online-development records and imports, flow launches and
 * handling): parse -> keep only the fields the caller may write (node formOperates, form grants) from the
 * input, the rest from the stored record -> check attachment addresses -> validate as the caller's layers
 * leave the form -> stamp the system fields and the bill number -> recalculate (client totals are never
 * trusted) -> the record to store. Online development runs it whole (serverFormData); a flow runs its first
 * half (formInput) before the transition, whose conditions read the recalculated data, and its second half
 * (stampFormData) on the data the transition merged.
 */
export async function formPipeline(
  db: Kysely<Database>,
  author: FormAuthor,
  model: FormModel | CompiledForm,
  raw: unknown,
  previous: Record<string, unknown> | null,
  options: { mode?: 'submit' | 'save'; access?: AccessContext | AccessMap } = {},
): Promise<Record<string, unknown>> {
  const submitter = await submitterOf(db, compiledOf(model), author.userId);
  const input = formInput(model, raw, previous, submitter, options);
  return stampFormData(db, author, compiledOf(model), input, previous, options);
}

/**
 * Who submits, for the system variable 当前用户 of role and user pickers: the user's id and, when the form has a
 * role picker offering it, the ids of their enabled roles, the main role first (the order of the user's role
 * list as saved on the user, then the roles' sort code and id).
 */
export async function submitterOf(
  db: Kysely<Database>,
  compiled: CompiledForm,
  userId: string,
): Promise<Submitter> {
  if (!compiled.fields.some((f) => f.key === 'roleSelect' && f.systemVariables === 'offered'))
    return { userId, roleIds: [] };
  const rows = await db
    .selectFrom('base_user_relation as ur')
    .innerJoin('base_role as r', 'r.id', 'ur.object_id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .where('ur.object_type', '=', 'Role')
    .where('r.enabled_mark', '=', 1)
    .orderBy('ur.sort_code')
    .orderBy('r.sort_code')
    .orderBy('r.id')
    .execute();
  return { userId, roleIds: [...new Set(rows.map((r) => r.id))] };
}

const compiledOf = (model: FormModel | CompiledForm): CompiledForm =>
  'compiled' in model ? model.compiled : model;

/**
 * The pipeline's first half: parse -> only what the caller may write (the rest from `previous`) -> attachment
 * addresses -> validate as the caller's layers leave the form (refused naming the field) -> the system
 * variable 当前用户 replaced by `submitter` (the engine's resolveSystemVariables; a user without a role for a
 * single role picker is refused naming the field). `merge`: keys the input leaves out keep their stored value
 * (a flow handler's partial form data), instead of being cleared.
 */
export function formInput(
  model: FormModel | CompiledForm,
  raw: unknown,
  previous: Record<string, unknown> | null,
  submitter: Submitter,
  options: { mode?: 'submit' | 'save'; access?: AccessContext | AccessMap; merge?: boolean } = {},
): Record<string, unknown> {
  if (!isRecord(raw)) throw badRequest('data: 必须是对象');
  const compiled = compiledOf(model);
  const access =
    options.access instanceof Map
      ? options.access
      : accessOf(compiled, { platform: SERVER_PLATFORM, ...(options.access as AccessContext) });
  // 1. only what the caller may write; 3. validated as their layers show the form (the model's acceptInput)
  const { data: input, result } = acceptInput(compiled, access, raw, previous, options);
  // 2. addresses of attachments and images
  checkFileAddresses(compiled, input);
  if (!result.ok)
    throw refusal(
      result.errors,
      (c) => validateWithAccess(c, access, input, { mode: options.mode }).errors,
      compiled,
    );
  // 4. 当前用户 -> who submits: stored data never holds the token
  const resolved = resolveSystemVariables(compiled, input, submitter);
  if (resolved.errors.length)
    throw refusal(resolved.errors, (c) => resolveSystemVariables(c, input, submitter).errors, compiled);
  return resolved.data;
}

/** Online development: posted data -> the record to store (the pipeline with the caller's form grants). */
export function serverFormData(
  db: Kysely<Database>,
  p: FormAuthor,
  model: FormModel | CompiledForm,
  raw: unknown,
  previous: Record<string, unknown> | null,
  options: { mode?: 'submit' | 'save'; access?: AccessContext | AccessMap } = {},
): Promise<Record<string, unknown>> {
  return formPipeline(db, p, model, raw, previous, options);
}

/**
 * The refusal of invalid form data: every field named with its message, in zh (the form as compiled) and, for a
 * request in another language, from the same check (`again`) on the form compiled in that language (its own
 * labels and messages).
 */
function refusal(
  errors: FormDataError[],
  again: (inLang: CompiledForm) => FormDataError[],
  compiled: CompiledForm,
): ApiError {
  const list = (es: FormDataError[], sep: string) => es.map((e) => `${e.path}: ${e.message}`).join(sep);
  const zh = list(errors, '；');
  return new ApiError(ApiCode.BAD_REQUEST, zh, (lang) => {
    const es = again(compileForm(compiled.config, { lang }));
    return es.length ? list(es, lang === 'en' ? '; ' : '；') : zh;
  });
}

/**
 * The server's value of a read-only system field (who and when, the author's unit, a bill number), or
 * undefined for fields it does not assign (calculate fields are recomputed by the caller).
 */
async function systemValue(
  db: Kysely<Database>,
  p: FormAuthor,
  f: CompiledField,
  previous: Record<string, unknown> | null,
  mode: 'submit' | 'save' | undefined,
  now: Date,
): Promise<{ value: unknown } | undefined> {
  const old = previous?.[f.vModel];
  const kept = old !== undefined && old !== null && old !== '' ? old : undefined;
  switch (f.key) {
    case 'createUser':
      return { value: kept ?? p.userId };
    case 'createTime':
      // Text fields (the renderer's shape): the server's local time as yyyy-MM-dd HH:mm:ss.
      return { value: kept ?? formatDate(now, 'yyyy-MM-dd HH:mm:ss') };
    case 'modifyUser':
      return { value: previous ? p.userId : null };
    case 'modifyTime':
      return { value: previous ? formatDate(now, 'yyyy-MM-dd HH:mm:ss') : null };
    case 'currOrganize':
      return { value: kept ?? p.organizeId ?? null };
    case 'currDept':
      return { value: kept ?? p.departmentId ?? null };
    case 'currPosition':
      return { value: kept ?? p.positionIds[0] ?? null };
    case 'billRule': {
      if (kept) return { value: kept };
      if (mode === 'save') return { value: null }; // a draft takes no number; its submit does
      const rule = (f.config as { __config__: { rule?: string } }).__config__.rule;
      return { value: rule ? await takeBillNumber(sdb(db), rule, now).catch(() => null) : null };
    }
    default:
      return undefined;
  }
}

/**
 * The pipeline's second half: stamp the read-only system fields (the previous stored values kept, a bill
 * number taken on the first submit, inside the caller's transaction when `db` is one) -> recalculate
 * (calculate fields are the server's, whatever the client or the transition left). Keys that are not form fields pass (a
 * flow's merged data keeps what the task stored).
 */
export async function stampFormData(
  db: Kysely<Database>,
  author: FormAuthor,
  compiled: CompiledForm,
  data: Record<string, unknown>,
  previous: Record<string, unknown> | null,
  options: { mode?: 'submit' | 'save' } = {},
): Promise<Record<string, unknown>> {
  // 4. system fields and the bill number: the server's
  const now = new Date();
  const out = { ...data };
  for (const f of compiled.fields) {
    if (f.table || !f.readonly) continue;
    const sys = await systemValue(db, author, f, previous, options.mode, now);
    if (sys !== undefined) out[f.vModel] = sys.value;
  }
  // 5. calculate fields: the server's (after the stamp: a formula may read a system field)
  return recalculate(compiled, out);
}

/**
 * Attachments and images of a form (uploadFz, uploadImg, also in sub-tables) must point at a path of this
 * site or an http(s) address: a `javascript:` or `//other-host` address is refused, naming the field.
 */
function checkFileAddresses(compiled: CompiledForm, data: Record<string, unknown>): void {
  const ok = (u: unknown) => typeof u === 'string' && /^(\/(?!\/)|https?:\/\/)/i.test(u);
  const check = (path: string, v: unknown) => {
    if (!Array.isArray(v)) return;
    v.forEach((f, i) => {
      if (f && typeof f === 'object' && 'url' in f && !ok((f as { url: unknown }).url))
        throw badRequest(`${path}[${i}].url: 文件地址无效`);
    });
  };
  for (const f of compiled.fields) {
    if (f.key !== 'uploadFz' && f.key !== 'uploadImg') continue;
    if (!f.table) check(f.vModel, data[f.vModel]);
    else if (Array.isArray(data[f.table]))
      for (const [r, row] of (data[f.table] as Array<Record<string, unknown>>).entries())
        check(`${f.table}[${r}].${f.vModel}`, row?.[f.vModel]);
  }
}

import { kindOf } from '../model/kinds';
import type { CompiledField, CompiledForm, FormDataError, SystemVariableUse } from './compiled';
import { type FormMessages, formMessages } from './messages';

/**
 * The system variable 当前用户 (spec 3 §6, spec 4 §6): the value token a role or user picker stores while the
 * form is filled in, standing for the person who submits. The browser shows it as 当前用户; the server
 * replaces it on every write (resolveSystemVariables), so stored data never holds it.
 */
export const CURRENT_USER = '@currentUser';

/** The kinds that may offer 当前用户 (with `hasSys: true` on the field): the role and user pickers. */
export const SYSTEM_VARIABLE_KINDS: ReadonlySet<string> = new Set([
  'roleSelect',
  'userSelect',
  'usersSelect',
]);

/** Whether a field config offers 当前用户: `hasSys: true` on a role or user picker. */
export function offersSystemVariables(field: unknown): boolean {
  const f = field as { hasSys?: unknown; __config__?: { jnpfKey?: unknown } } | null;
  return !!f && f.hasSys === true && SYSTEM_VARIABLE_KINDS.has(String(f.__config__?.jnpfKey));
}

/** Kinds whose values are ids of people or units: there the token is either offered or no id at all. */
const ID_SOURCES = new Set(['user', 'org', 'position', 'role', 'group']);

/** How a field takes the token: offered (hasSys picker), refused (another id picker), or plain text. */
export function systemVariableUse(field: unknown): SystemVariableUse {
  if (offersSystemVariables(field)) return 'offered';
  const key = (field as { __config__?: { jnpfKey?: unknown } } | null)?.__config__?.jnpfKey;
  const kind = kindOf(String(key));
  return kind && !kind.readonly && ID_SOURCES.has(String(kind.names)) ? 'refused' : 'text';
}

/** Whether a value is the token or a list holding it. */
export const holdsSystemVariable = (v: unknown): boolean =>
  v === CURRENT_USER || (Array.isArray(v) && v.includes(CURRENT_USER));

/** Who submits: the user's id and the ids of their (enabled) roles, the main role first. */
export interface Submitter {
  userId: string;
  roleIds: readonly string[];
}

export interface ResolvedData {
  /** The data with every token replaced (a new object; the input is not modified). */
  data: Record<string, unknown>;
  /** A token the field does not offer, or a single role picker whose submitter has no role. */
  errors: FormDataError[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The ids a token stands for in this field: the submitter's id, or their role ids. */
const idsOf = (f: CompiledField, who: Submitter): readonly string[] =>
  f.key === 'roleSelect' ? who.roleIds : [who.userId];

/**
 * One value with its tokens replaced, or an error: a list gets the ids in the token's place, without
 * duplicates; a single value the first id (a single role picker and a submitter with no role: refused).
 */
function resolveValue(
  f: CompiledField,
  value: unknown,
  path: string,
  who: Submitter,
  msg: FormMessages,
  errors: FormDataError[],
): unknown {
  if (f.systemVariables === 'text' || !holdsSystemVariable(value)) return value;
  const fail = (message: string, rule: FormDataError['rule']) => {
    errors.push({ path, field: f.path, message, rule });
    return value;
  };
  if (f.systemVariables === 'refused') return fail(msg.invalid(f.label), 'type');
  const ids = idsOf(f, who);
  if (Array.isArray(value)) {
    const out = value.flatMap((v) => (v === CURRENT_USER ? ids : [v]));
    return out.filter((v, i) => out.indexOf(v) === i);
  }
  const first = ids[0];
  return first === undefined ? fail(msg.noRole(f.label), 'system') : first;
}

/**
 * Replaces the system variable 当前用户 in submitted form data by who submits (the one place this happens;
 * the server runs it on every form write after validation): in a user picker the submitter's id, in a role
 * picker their role ids (a list gets all of them, without duplicates; a single value the first, the main
 * role). Main fields and sub-table cells alike. A token in a field that does not offer it (`hasSys` off) is
 * an error, like any value the field cannot hold; so is a single role picker when the submitter has no
 * role. Messages in the compiled form's language. Pure; never throws.
 */
export function resolveSystemVariables(
  compiled: CompiledForm,
  data: Record<string, unknown>,
  who: Submitter,
): ResolvedData {
  const errors: FormDataError[] = [];
  const msg = formMessages(compiled.lang);
  const out: Record<string, unknown> = { ...data };
  for (const f of compiled.fields) {
    if (f.table) continue;
    if (f.key !== 'table') {
      if (f.vModel in out) out[f.vModel] = resolveValue(f, out[f.vModel], f.vModel, who, msg, errors);
      continue;
    }
    const rows = out[f.vModel];
    if (!Array.isArray(rows)) continue;
    const columns = compiled.fields.filter((c) => c.table === f.vModel);
    out[f.vModel] = rows.map((row, i) => {
      if (!isRecord(row)) return row;
      const r = { ...row };
      for (const c of columns)
        if (c.vModel in r)
          r[c.vModel] = resolveValue(c, r[c.vModel], `${f.vModel}[${i}].${c.vModel}`, who, msg, errors);
      return r;
    });
  }
  return { data: out, errors };
}

// Form data as the server stores it, for every form the platform saves (online-development records, flow
// tasks): only the form's fields are kept, read-only values (system fields, bill numbers, calculate fields)
// are the server's, never the client's, and the form's rules are checked with the renderer's compiled schema.
import { type CompiledForm, recalculate, validateFormData } from '@kp/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { badRequest } from '../http/api-error';
import { takeBillNumber } from '../routes/system/bill-rule';
import { sdb } from '../routes/system/system-tables';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Turns posted data into the record to store: only the form's fields are kept, read-only values
 * (system fields, bill numbers, calculate fields) are the server's, and the form's rules are checked
 * with the renderer's compiled schema. `previous` is the stored data on update (keeps create-time values).
 */
/** Who saves the form: the values of its system fields (a Principal fits). */
export interface FormAuthor {
  userId: string;
  organizeId?: string | null;
  departmentId?: string | null;
  positionIds: string[];
}

export async function serverFormData(
  db: Kysely<Database>,
  p: FormAuthor,
  compiled: CompiledForm,
  raw: unknown,
  previous: Record<string, unknown> | null,
  options: { mode?: 'submit' | 'save' } = {},
): Promise<Record<string, unknown>> {
  if (!isRecord(raw)) throw badRequest('data: 必须是对象');
  const now = new Date();
  const out: Record<string, unknown> = {};
  for (const f of compiled.fields) {
    if (f.table) continue;
    const v = raw[f.vModel];
    if (f.shape === 'table') {
      const cols = compiled.fields.filter((c) => c.table === f.vModel);
      const rows = Array.isArray(v) ? v.filter(isRecord).slice(0, 1000) : [];
      out[f.vModel] = rows.map((r) => {
        const row: Record<string, unknown> = {};
        for (const c of cols) if (!c.readonly && r[c.vModel] !== undefined) row[c.vModel] = r[c.vModel];
        return row;
      });
      continue;
    }
    if (!f.readonly) {
      if (v !== undefined) out[f.vModel] = v;
      continue;
    }
    const old = previous?.[f.vModel];
    switch (f.key) {
      case 'createUser':
        out[f.vModel] = old ?? p.userId;
        break;
      case 'createTime':
        out[f.vModel] = old ?? now.getTime();
        break;
      case 'modifyUser':
        out[f.vModel] = previous ? p.userId : null;
        break;
      case 'modifyTime':
        out[f.vModel] = previous ? now.getTime() : null;
        break;
      case 'currOrganize':
        out[f.vModel] = old ?? p.organizeId ?? null;
        break;
      case 'currDept':
        out[f.vModel] = old ?? p.departmentId ?? null;
        break;
      case 'currPosition':
        out[f.vModel] = old ?? p.positionIds[0] ?? null;
        break;
      case 'billRule': {
        if (old) out[f.vModel] = old;
        else if (options.mode === 'save')
          out[f.vModel] = null; // a draft takes no number; its submit does
        else {
          const rule = (f.config as { __config__: { rule?: string } }).__config__.rule;
          out[f.vModel] = rule ? await takeBillNumber(sdb(db), rule, now).catch(() => null) : null;
        }
        break;
      }
      default:
        break; // calculate: recomputed below
    }
  }
  const data = recalculate(compiled, out);
  const r = validateFormData(compiled, data, { mode: options.mode });
  if (!r.ok) throw badRequest(r.errors.map((e) => `${e.path}: ${e.message}`).join('；'));
  return data;
}

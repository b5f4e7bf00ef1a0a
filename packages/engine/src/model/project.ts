import type { CompiledForm } from '../form/compile';
import type { AccessMap } from './access';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of form data without what the caller may not read: unreadable main fields and sub-tables are
 * dropped, unreadable columns removed from every row. Keys that are not form fields (id, version, flow
 * metadata) pass. Pure; `data` is not modified.
 */
export function project(
  compiled: CompiledForm,
  access: AccessMap,
  data: Record<string, unknown>,
): Record<string, unknown> {
  if (!isRecord(data)) return {};
  const out: Record<string, unknown> = { ...data };
  for (const f of compiled.fields) {
    if (f.table) continue;
    const a = access.get(f.path);
    if (!a?.readable) {
      delete out[f.vModel];
      continue;
    }
    if (f.key !== 'table' || !Array.isArray(out[f.vModel])) continue;
    const hidden = compiled.fields.filter((c) => c.table === f.vModel && !access.get(c.path)?.readable);
    if (!hidden.length) continue;
    out[f.vModel] = (out[f.vModel] as unknown[]).map((row) => {
      if (!isRecord(row)) return row;
      const r = { ...row };
      for (const c of hidden) delete r[c.vModel];
      return r;
    });
  }
  return out;
}

/**
 * The data to validate and store from a caller's input: a writable field takes the input's value; any
 * other form field keeps `previous` (the stored record on update, nothing on create). A writable sub-table
 * takes the input's rows (at most `maxRows`), each row's non-writable cells kept from the stored row at the
 * same index. Keys that are not form fields are dropped.
 */
export function pickWritable(
  compiled: CompiledForm,
  access: AccessMap,
  input: Record<string, unknown>,
  previous: Record<string, unknown> | null,
  maxRows = 1000,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of compiled.fields) {
    if (f.table) continue;
    const a = access.get(f.path);
    const old = previous?.[f.vModel];
    if (f.key === 'table') {
      if (!a?.writable || input[f.vModel] === undefined) {
        if (old !== undefined) out[f.vModel] = old;
        continue;
      }
      const cols = compiled.fields.filter((c) => c.table === f.vModel);
      const rows = Array.isArray(input[f.vModel]) ? (input[f.vModel] as unknown[]) : [];
      const oldRows = Array.isArray(old) ? old : [];
      out[f.vModel] = rows
        .filter(isRecord)
        .slice(0, maxRows)
        .map((r, i) => {
          const before = isRecord(oldRows[i]) ? (oldRows[i] as Record<string, unknown>) : {};
          const row: Record<string, unknown> = {};
          for (const c of cols) {
            const v = access.get(c.path)?.writable ? r[c.vModel] : before[c.vModel];
            if (v !== undefined) row[c.vModel] = v;
          }
          return row;
        });
      continue;
    }
    const v = a?.writable ? input[f.vModel] : old;
    if (v !== undefined) out[f.vModel] = v;
  }
  return out;
}

import { evaluateFormula } from '../formula';
import type { CompiledCalc, CompiledForm } from './compiled';
import { affectedCalcs } from './graph';

/** 'tbl[2].price' -> 'tbl.price'; 'amount' stays. */
export function normalisePath(path: string): string {
  return path.replace(/\[\d+\]/g, '');
}

const calcIndex = new WeakMap<CompiledForm, Map<string, CompiledCalc>>();

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Recomputes calculate fields and returns the new data; `data` is never modified and unchanged parts are
 * shared. With `changed` (a path such as 'amount', 'tbl.price', 'tbl[2].price', or a table's vModel when
 * rows were added or removed), only the calculate fields depending on it, directly or transitively, are
 * recomputed; without it, all of them. Values: 2 decimals, NaN -> 0, missing operands 0 (the formula engine).
 */
export function recalculate(
  compiled: CompiledForm,
  data: Record<string, unknown>,
  changed?: string | readonly string[],
): Record<string, unknown> {
  const source: Record<string, unknown> = isRecord(data) ? data : {};
  if (!compiled.calcs.length) return source;
  let targets: Set<string> | null = null;
  if (changed !== undefined) {
    const seeds = new Set<string>();
    for (const raw of typeof changed === 'string' ? [changed] : changed) {
      const p = normalisePath(String(raw));
      seeds.add(p);
      const table = compiled.tables.find((t) => t.vModel === p);
      if (table) for (const c of table.columns) seeds.add(c.path);
    }
    targets = affectedCalcs(compiled.graph, seeds);
    if (!targets.size) return source;
  }
  let byPath = calcIndex.get(compiled);
  if (!byPath) {
    byPath = new Map<string, CompiledCalc>(compiled.calcs.map((c) => [c.path, c]));
    calcIndex.set(compiled, byPath);
  }
  let out = source;
  let copied = false;
  const set = (key: string, value: unknown) => {
    if (!copied) {
      out = { ...out };
      copied = true;
    }
    out[key] = value;
  };
  for (const path of compiled.graph.order) {
    if (targets && !targets.has(path)) continue;
    const calc = byPath.get(path);
    if (!calc) continue;
    if (!calc.table) {
      const v = evaluateFormula(calc.formula, out);
      if (!Object.is(out[calc.vModel], v)) set(calc.vModel, v);
      continue;
    }
    const rows = out[calc.table];
    if (!Array.isArray(rows)) continue;
    let changedRows: unknown[] | null = null;
    rows.forEach((row, i) => {
      if (!isRecord(row)) return;
      const v = evaluateFormula(calc.formula, out, { [calc.table!]: row });
      if (Object.is(row[calc.vModel], v)) return;
      changedRows ??= rows.slice();
      changedRows[i] = { ...row, [calc.vModel]: v };
    });
    if (changedRows) set(calc.table, changedRows);
  }
  return out;
}

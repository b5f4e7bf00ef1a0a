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

const DAY_MS = 86_400_000;

/**
 * A date operand as a count of days since 1970-01-01 (UTC): a timestamp (ms, number or digits) or a date text;
 * anything else is missing (0 in the formula). Differences of two dates are then days (fractions for times).
 */
export function dateAsDays(v: unknown): number | undefined {
  let ms: number = Number.NaN;
  if (typeof v === 'number') ms = v;
  else if (typeof v === 'string' && v.trim() !== '')
    ms = /^-?\d+$/.test(v.trim()) ? Number(v) : Date.parse(v.trim().replace(' ', 'T'));
  return Number.isFinite(ms) ? ms / DAY_MS : undefined;
}

/**
 * The scope a formula reading date fields sees: those fields as day counts (main fields and row columns);
 * null while one of the dates is empty (a difference to an empty date is 0, not decades of days).
 */
function withDays(
  calc: CompiledCalc,
  scope: Record<string, unknown>,
  row?: Record<string, unknown>,
): [Record<string, unknown>, Record<string, unknown> | undefined] | null {
  let s = scope;
  let r = row;
  for (const ref of calc.dateReads ?? []) {
    const dot = ref.indexOf('.');
    if (dot < 0) {
      const days = dateAsDays(s[ref]);
      if (days === undefined) return null;
      s = { ...s, [ref]: days };
    } else if (r && ref.slice(0, dot) === calc.table) {
      const col = ref.slice(dot + 1);
      const days = dateAsDays(r[col]);
      if (days === undefined) return null;
      r = { ...r, [col]: days };
    }
  }
  return [s, r];
}

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
      let v: number;
      if (calc.dateReads) {
        const scope = withDays(calc, out);
        v = scope ? evaluateFormula(calc.formula, scope[0]) : 0;
      } else v = evaluateFormula(calc.formula, out);
      if (!Object.is(out[calc.vModel], v)) set(calc.vModel, v);
      continue;
    }
    const rows = out[calc.table];
    if (!Array.isArray(rows)) continue;
    let changedRows: unknown[] | null = null;
    rows.forEach((row, i) => {
      if (!isRecord(row)) return;
      let v: number;
      if (calc.dateReads) {
        const scope = withDays(calc, out, row);
        v = scope ? evaluateFormula(calc.formula, scope[0], { [calc.table!]: scope[1] }) : 0;
      } else v = evaluateFormula(calc.formula, out, { [calc.table!]: row });
      if (Object.is(row[calc.vModel], v)) return;
      changedRows ??= rows.slice();
      changedRows[i] = { ...row, [calc.vModel]: v };
    });
    if (changedRows) set(calc.table, changedRows);
  }
  return out;
}

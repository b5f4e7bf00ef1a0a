/** The calculation dependency graph of a form: which calculate fields read which fields, and in what order. */
export interface CalcGraph {
  /** For each calculate field (path): the paths it reads. */
  reads: Record<string, string[]>;
  /** For each read path: the calculate fields that read it directly. */
  dependents: Record<string, string[]>;
  /** Calculate fields in an order where every field comes after the calculate fields it reads. */
  order: string[];
  /** Cycles found (each a list of calculate paths); fields on a cycle are left out of `order`. */
  cycles: string[][];
}

/** Builds the graph from calculate fields and what they read (paths like 'total' or 'tbl.subtotal'). */
export function buildCalcGraph(calcs: ReadonlyArray<{ path: string; reads: readonly string[] }>): CalcGraph {
  const reads: Record<string, string[]> = {};
  const dependents: Record<string, string[]> = {};
  const isCalc = new Set(calcs.map((c) => c.path));
  for (const c of calcs) {
    reads[c.path] = [...new Set(c.reads)];
    for (const r of reads[c.path]!) {
      const list = dependents[r] ?? [];
      dependents[r] = list;
      if (!list.includes(c.path)) list.push(c.path);
    }
  }
  // Kahn's algorithm over calculate -> calculate edges, keeping the fields' own order among equals.
  const indegree = new Map<string, number>();
  for (const c of calcs) indegree.set(c.path, reads[c.path]!.filter((r) => isCalc.has(r)).length);
  const order: string[] = [];
  const ready = calcs.filter((c) => indegree.get(c.path) === 0).map((c) => c.path);
  while (ready.length) {
    const p = ready.shift()!;
    order.push(p);
    for (const d of dependents[p] ?? []) {
      const n = (indegree.get(d) ?? 0) - 1;
      indegree.set(d, n);
      if (n === 0) ready.push(d);
    }
  }
  return { reads, dependents, order, cycles: findCycles(calcs, reads, new Set(order)) };
}

/** Strongly connected components (size > 1, or a self-loop) among fields left out of the order. */
function findCycles(
  calcs: ReadonlyArray<{ path: string }>,
  reads: Record<string, string[]>,
  ordered: Set<string>,
): string[][] {
  const rest = calcs.map((c) => c.path).filter((p) => !ordered.has(p));
  if (!rest.length) return [];
  const inRest = new Set(rest);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of reads[v] ?? []) {
      if (!inRest.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (reads[v] ?? []).includes(v)) out.push(comp.reverse());
    }
  };
  for (const v of rest) if (!idx.has(v)) strong(v);
  return out;
}

/** Calculate fields that depend, directly or through other calculate fields, on any of `changed`. */
export function affectedCalcs(graph: CalcGraph, changed: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const queue = [...changed];
  while (queue.length) {
    const p = queue.pop()!;
    for (const d of graph.dependents[p] ?? []) {
      if (!out.has(d)) {
        out.add(d);
        queue.push(d);
      }
    }
  }
  return out;
}

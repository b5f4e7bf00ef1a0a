// Pure helpers over parent/child rows: trees for pickers, descendants for data scopes, cycle checks.

export interface TreeNode<T> {
  children: Array<TreeNode<T> & T>;
  hasChildren: boolean;
}

type Row = { id: string; parentId?: string | null };

/** Links flat rows into a forest: `node` makes each row's node, `adopt` hangs a child under its parent. */
function forest<T extends Row, N>(
  rows: readonly T[],
  node: (r: T) => N,
  adopt: (parent: N, child: N) => void,
): N[] {
  const byId = new Map<string, N>();
  for (const r of rows) byId.set(r.id, node(r));
  const roots: N[] = [];
  for (const r of rows) {
    const n = byId.get(r.id)!;
    const parent = r.parentId != null && r.parentId !== r.id ? byId.get(r.parentId) : undefined;
    if (parent) adopt(parent, n);
    else roots.push(n);
  }
  return roots;
}

/**
 * Builds a forest from flat rows. A row whose parent is missing from `rows` becomes a root, so a partial
 * (data-scoped) list still shows every row. Order of `rows` is kept among siblings.
 */
export function buildTree<T extends Row>(rows: readonly T[]): Array<T & TreeNode<T>> {
  return forest(
    rows,
    (r): T & TreeNode<T> => ({ ...r, children: [], hasChildren: false }),
    (parent, child) => {
      parent.children.push(child);
      parent.hasChildren = true;
    },
  );
}

/** A node of `nest`: `children` and `hasChildren` only on a node that has children. */
export type Nested<T> = T & { children?: Array<Nested<T>>; hasChildren?: boolean };

/**
 * Nests flat rows by parentId like `buildTree`, but a leaf carries no `children` (so a table or a tree
 * select shows no expander on it): the shape of the dictionary lists. Rows whose parent is missing become roots.
 */
export function nest<T extends Row>(rows: readonly T[]): Array<Nested<T>> {
  return forest(
    rows,
    (r): Nested<T> => ({ ...r }),
    (parent, child) => {
      parent.children ??= [];
      parent.children.push(child);
      parent.hasChildren = true;
    },
  );
}

/** Child lists keyed by parent id. */
export function childrenIndex(
  rows: ReadonlyArray<{ id: string; parentId?: string | null }>,
): Map<string, string[]> {
  const idx = new Map<string, string[]>();
  for (const r of rows) {
    if (r.parentId == null) continue;
    const list = idx.get(r.parentId);
    if (list) list.push(r.id);
    else idx.set(r.parentId, [r.id]);
  }
  return idx;
}

/** `roots` and everything below them (cycle-safe). */
export function descendantsOf(
  rows: ReadonlyArray<{ id: string; parentId?: string | null }>,
  roots: Iterable<string>,
): Set<string> {
  const idx = childrenIndex(rows);
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const c of idx.get(id) ?? []) stack.push(c);
  }
  return out;
}

/** Ancestors of `id`, nearest first, not including `id` (cycle-safe). */
export function ancestorsOf(
  rows: ReadonlyArray<{ id: string; parentId?: string | null }>,
  id: string,
): string[] {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId ?? null]));
  const out: string[] = [];
  const seen = new Set([id]);
  let p = parentOf.get(id) ?? null;
  while (p != null && !seen.has(p)) {
    out.push(p);
    seen.add(p);
    p = parentOf.get(p) ?? null;
  }
  return out;
}

/** True when moving `id` under `newParentId` would make a cycle (itself or one of its descendants). */
export function wouldCycle(
  rows: ReadonlyArray<{ id: string; parentId?: string | null }>,
  id: string,
  newParentId: string | null | undefined,
): boolean {
  if (newParentId == null) return false;
  return descendantsOf(rows, [id]).has(newParentId);
}

/** Every node of a forest, depth first. */
export function flatten<T>(
  forest: ReadonlyArray<T & { children?: ReadonlyArray<T & { children?: unknown }> }>,
): T[] {
  const out: T[] = [];
  const walk = (nodes: ReadonlyArray<T & { children?: unknown }>) => {
    for (const n of nodes) {
      out.push(n);
      const kids = (n as { children?: ReadonlyArray<T & { children?: unknown }> }).children;
      if (kids?.length) walk(kids);
    }
  };
  walk(forest);
  return out;
}

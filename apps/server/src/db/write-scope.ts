// Which users a write changes the cached lists of: the write scopes of a per-user read cache (read-cache.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How the rows of a scoped cache's tables name their user and their key (e.g. the workflow lists: a row of
 * wf_operator belongs to its user_id and to the task task_id). A table without an entry is not scoped: a
 * write on it drops the whole cache (e.g. base_user: a name shows in everybody's lists). An entry's scope is
 * `table|user`: the list of that user read from that table (scopeKey).
 *  - `shared`: the table's rows show in other users' lists too (a task row in every list row naming it): an
 *    UPDATE of it is bounded only by declared keys, never by its user column;
 *  - `settable`: columns a key-bounded UPDATE may set only to values that take a row out of a list (what a
 *    key declares is the rows shown now: a write putting a row back into one is not bounded).
 */
export type ScopeRules = Readonly<
  Record<
    string,
    {
      user: string;
      key: string;
      shared?: boolean;
      settable?: Readonly<Record<string, (v: unknown) => boolean>>;
      unlisted?: Readonly<{ column: string; is: (v: unknown) => boolean }>;
    }
  >
>;

/** The scope of the entries of `user`'s list read from `table`. */
export const scopeKey = (table: string, user: string) => `${table}|${user}`;

/**
 * The workflow lists: every row of them belongs to one user: an operator row (to-do) to its user_id (the
 * delegate when entrusted), a record (done) to its user_id, a circulation to its user_id, a task (launched) to
 * its initiator. A task row also shows in every list row that names the task, so a write on it concerns the
 * lists that show the task now (declared with WriteScope.key before writing: list-scope.ts taskUsers). The
 * to-do list shows pending operator rows (status 0) only: an UPDATE may close one, never reopen one; the done
 * list leaves out launch and withdrawal records (handle_status 2, 3: task-lists.ts): inserting one changes no
 * list (a launch no longer drops the initiator's done list), and no UPDATE may change a record's handle_status.
 */
export const WORKFLOW_LIST_SCOPE: ScopeRules = {
  wf_task: { user: 'initiator_id', key: 'id', shared: true },
  wf_operator: {
    user: 'user_id',
    key: 'task_id',
    settable: { status: (v) => typeof v === 'number' && v !== 0 },
  },
  wf_record: {
    user: 'user_id',
    key: 'task_id',
    settable: { handle_status: () => false },
    unlisted: { column: 'handle_status', is: (v) => v === 2 || v === 3 },
  },
  wf_circulate: { user: 'user_id', key: 'task_id' },
};

type Node = { kind?: string; [k: string]: unknown };

/**
 * The writes of one unit of work (a transaction) on a per-user cache, and the scopes (table|user: one user's
 * list from one table) whose entries they change. A write statement issued inside it (in its async context)
 * is classified by the write watch:
 *  - an INSERT names its rows' users (the rules' user column, bound values): their lists from that table;
 *  - an UPDATE or DELETE pinned by its WHERE to keys declared here (`key`: the key and the scopes of every
 *    list its rows show in, read before writing, under a lock that keeps them) or to users (user column =
 *    value; not for a `shared` table): those;
 *  - an UPDATE setting the user column to a bound value adds that user's list;
 *  - anything else (a subquery, an INSERT … SELECT, a MERGE, a WITH, an undeclared key, a `settable` column
 *    set otherwise) cannot be bounded: the cache then drops everything, as for a write outside any scope.
 * When the unit of work ends (after commit), the cache drops those scopes' entries, here and, through the
 * bus, in every other process (ReadCache.writing).
 */
export class WriteScope {
  /** Scopes (table|user) whose entries the writes change. */
  readonly scopes = new Set<string>();
  readonly keys = new Set<string>();
  /** A statement on a scoped table was seen. */
  wrote = false;
  /** A statement could not be bounded: the whole cache was dropped. */
  unbounded = false;
  open = true;

  constructor(
    readonly owner: object,
    readonly rules: ScopeRules,
  ) {}

  /** `key` (a task) is written in this scope; `scopes` (scopeKey) are every list its rows show in now. */
  key(key: string, scopes: Iterable<string>): void {
    this.keys.add(key);
    for (const s of scopes) this.scopes.add(s);
  }

  /**
   * A write statement whose target is `table` (the write watch): true when the lists it changes were found
   * (added), false when the statement cannot be bounded (the caller drops everything).
   */
  see(table: string, statement: object): boolean {
    const node = statement as Node;
    const rule = this.rules[table];
    if (!rule || node.with) return false;
    this.wrote = true;
    const found: string[] = [];
    let ok = false;
    if (node.kind === 'InsertQueryNode') ok = insertUsers(node, rule, found);
    else if (node.kind === 'UpdateQueryNode')
      ok = !node.from && !node.joins && setUsers(node, rule, found) && pinned(node, rule, this.keys, found);
    else if (node.kind === 'DeleteQueryNode')
      ok = !node.using && !node.joins && pinned(node, rule, this.keys, found);
    if (!ok) return false;
    for (const u of found) this.scopes.add(scopeKey(table, u));
    return true;
  }
}

/** The scope of this async context, when it belongs to `owner` and is still open. */
export function scopeOf(owner: object): WriteScope | undefined {
  const s = scopes.getStore();
  return s?.open && s.owner === owner ? s : undefined;
}

/** Runs `fn` with `scope` as the scope of its async context. */
export function runInScope<T>(scope: WriteScope, fn: () => Promise<T>): Promise<T> {
  return scopes.run(scope, fn);
}

const scopes = new AsyncLocalStorage<WriteScope>();

/** The name of a column reference (`col`, `t.col`), or null. */
function columnName(n: unknown): string | null {
  const x = n as Node | undefined;
  if (x?.kind === 'ReferenceNode') return columnName(x.column);
  if (x?.kind === 'ColumnNode') return ((x.column as Node | undefined)?.name as string | undefined) ?? null;
  return null;
}

/** The bound values of an `= value` / `in (values)` operand, or null when it is anything else. */
function boundValues(n: unknown): unknown[] | null {
  const x = n as Node | undefined;
  if (x?.kind === 'ValueNode') return [x.value];
  if (x?.kind === 'PrimitiveValueListNode') return [...(x.values as unknown[])];
  if (x?.kind === 'ValueListNode') {
    const out: unknown[] = [];
    for (const v of x.values as Node[]) {
      if (v.kind !== 'ValueNode') return null;
      out.push(v.value);
    }
    return out;
  }
  return null;
}

const strings = (vs: unknown[] | null): vs is string[] => !!vs && vs.every((v) => typeof v === 'string');

/**
 * Users of the rows an INSERT … VALUES adds (its user column's values; a row `unlisted` by its bound value
 * left out); false when they are not all bound.
 */
function insertUsers(node: Node, rule: ScopeRules[string], out: string[]): boolean {
  const values = node.values as Node | undefined;
  const onConflict = node.onConflict as Node | undefined;
  if (values?.kind !== 'ValuesNode' || (onConflict?.updates as unknown[] | undefined)?.length) return false;
  const columns = ((node.columns as unknown[] | undefined) ?? []).map(columnName);
  const at = columns.indexOf(rule.user);
  if (at < 0) return false;
  const hidden = rule.unlisted ? columns.indexOf(rule.unlisted.column) : -1;
  const valueAt = (row: Node, i: number) =>
    row.kind === 'PrimitiveValueListNode'
      ? [(row.values as unknown[])[i]]
      : boundValues((row.values as Node[])[i]);
  for (const row of values.values as Node[]) {
    const v = valueAt(row, at);
    if (!strings(v)) return false;
    const h = hidden >= 0 ? valueAt(row, hidden) : null;
    if (h?.length === 1 && rule.unlisted?.is(h[0])) continue;
    out.push(...v);
  }
  return true;
}

/**
 * An UPDATE's new users (it sets the user column to a bound value); false when it sets the user column to
 * anything else, or a `settable` column to a value not allowed.
 */
function setUsers(node: Node, rule: ScopeRules[string], out: string[]): boolean {
  for (const u of (node.updates as Node[] | undefined) ?? []) {
    const column = columnName(u.column);
    const allowed = column === null ? undefined : rule.settable?.[column];
    if (allowed) {
      const v = boundValues(u.value);
      if (!v?.every(allowed)) return false;
    }
    if (column !== rule.user) continue;
    const v = boundValues(u.value);
    if (!strings(v)) return false;
    out.push(...v);
  }
  return true;
}

/**
 * Whether the WHERE of an UPDATE or DELETE keeps it to rows of declared keys (key column = / in declared
 * values) or of named users (user column = / in values, added to `out`), through its AND-ed conditions.
 */
function pinned(node: Node, rule: ScopeRules[string], keys: ReadonlySet<string>, out: string[]) {
  const where = (node.where as Node | undefined)?.where as Node | undefined;
  const conditions: Node[] = [];
  const walk = (n: Node | undefined, depth: number) => {
    if (!n || depth > 32) return;
    if (n.kind === 'AndNode') {
      walk(n.left as Node, depth + 1);
      walk(n.right as Node, depth + 1);
    } else if (n.kind === 'ParensNode') walk(n.node as Node, depth + 1);
    else conditions.push(n);
  };
  walk(where, 0);
  for (const c of conditions) {
    if (c.kind !== 'BinaryOperationNode') continue;
    const op = (c.operator as Node | undefined)?.operator;
    if (op !== '=' && op !== 'in') continue;
    const column = columnName(c.leftOperand);
    const values = boundValues(c.rightOperand);
    if (!strings(values)) continue;
    if (column === rule.key && values.every((v) => keys.has(v))) return true;
    if (column === rule.user && !rule.shared) {
      out.push(...values);
      return true;
    }
  }
  return false;
}

/** The open write scope of this async context, whoever owns it (the workflow engine declares its tasks there). */
export function currentScope(): WriteScope | undefined {
  const s = scopes.getStore();
  return s?.open ? s : undefined;
}

import {
  AliasNode,
  CommonTableExpressionNameNode,
  CommonTableExpressionNode,
  type Compilable,
  type CompiledQuery,
  createQueryId,
  DeleteQueryNode,
  InsertQueryNode,
  type Kysely,
  type OperationNode,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  UpdateQueryNode,
  WithNode,
} from 'kysely';
import { pipelinedCommit, preparedQuery } from './pipeline';
import { tablesIn } from './read-cache';

/** An INSERT, UPDATE or DELETE builder (anything Kysely compiles from a write node). */
export type WriteQuery = Compilable & { toOperationNode(): OperationNode };

type WriteNode = OperationNode & { with?: WithNode; returning?: OperationNode };

interface Write {
  node: WriteNode;
  /** The table written. */
  target: string;
  /** Every table the statement names (the target included). */
  names: ReadonlySet<string>;
  /** A plain INSERT … VALUES (no ON CONFLICT): it reads no row of its table. */
  plainInsert: boolean;
}

/** Most bind parameters one batched statement may carry (PostgreSQL's limit is 65,535). */
const MAX_PARAMETERS = 30_000;
/** A batch's statement up to this long (characters) is marked prepared. */
const PREPARED_TEXT = 8_000;

/** The table of a TableNode, or of an AliasNode over one. */
function tableName(n: OperationNode | undefined): string | null {
  const t = n && AliasNode.is(n) ? n.node : n;
  return t && TableNode.is(t) ? t.table.identifier.name : null;
}

/** What a write statement writes and names; null when it cannot ride in a batch. */
function describe(node: OperationNode): Write | null {
  let target: string | null = null;
  let plainInsert = false;
  if (InsertQueryNode.is(node)) {
    target = tableName(node.into);
    plainInsert = !node.onConflict && node.values?.kind === 'ValuesNode';
  } else if (UpdateQueryNode.is(node)) {
    target = node.from || node.joins ? null : tableName(node.table);
  } else if (DeleteQueryNode.is(node)) {
    target =
      node.from.froms.length === 1 && !node.using && !node.joins ? tableName(node.from.froms[0]) : null;
  }
  const w = node as WriteNode;
  // a statement with its own WITH cannot be nested (data-modifying CTEs must be at the top level); one that
  // returns rows runs for its rows
  if (!target || w.with || w.returning) return null;
  const names = tablesIn(node);
  return { node: w, target, names, plainInsert };
}

/**
 * Writes of one transaction sent to the database as one statement: all queued INSERT/UPDATE/DELETE
 * statements but one become data-modifying CTEs of that one (`with kp_w0 as (…), kp_w1 as (…) update …`),
 * so a transition's writes (operator rows, records, the task row, its notices) cost one round trip instead
 * of one each.
 *
 * The statements of one batch run on one snapshot and in no set order, so a write joins the batch only
 * when that cannot change what it does: it names no table that a queued write writes (it would not see
 * that write), except a plain INSERT … VALUES after plain inserts into the same table (inserts read no
 * rows). Otherwise what is queued is sent first and the write starts the next batch. Not tracked: what
 * triggers write (wf_todo, kept by wf_operator's and wf_circulate's triggers, is written by nothing else).
 *
 * Callers `add` writes whose rows they do not need (a statement with RETURNING or its own WITH runs on its
 * own at once); a `check` gets the statement's result when it has been sent (one checked write per batch:
 * it is the statement the others ride on) and may throw to undo the transaction. `flush` before reading
 * anything the queued writes may change and before handing the transaction to code that does not know the
 * batch. The write-watch plugin (read-cache.ts) sees every write when it is added, as if it ran then.
 */
export class WriteBatch {
  private queued: Write[] = [];
  private checked: { write: Write; check: (r: QueryResult<unknown>) => void } | null = null;

  constructor(private readonly tx: Pick<Kysely<unknown>, 'getExecutor' | 'executeQuery'>) {}

  /** Writes waiting to be sent. */
  get size(): number {
    return this.queued.length;
  }

  /** Queues a write (sending what is queued first when the write may not join it). */
  async add(query: WriteQuery, check?: (r: QueryResult<unknown>) => void): Promise<void> {
    const node = query.toOperationNode();
    const w = describe(node);
    if (!w) {
      await this.flush();
      const r = await this.run(node);
      check?.(r);
      return;
    }
    if ((check && this.checked) || this.queued.some((q) => clash(w, q))) await this.flush();
    this.queued.push(w);
    if (check) this.checked = { write: w, check };
  }

  /** Sends the queued writes (runs the check of the checked one). */
  async flush(): Promise<void> {
    await this.send();
  }

  /**
   * Sends the queued writes, then `after` (statements whose failure must undo the transaction: the checks),
   * then COMMIT, in one round trip where the database allows it (db/pipeline.ts pipelinedCommit); the
   * transaction has ended when this returns. The checked write's check runs on its result after the commit:
   * what must undo the transaction belongs in `after`.
   */
  async commit(after: Compilable[]): Promise<void> {
    const sent = await this.send(after);
    if (!sent) await pipelinedCommit(this.tx, after);
  }

  /** Sends the queued writes (with `commitAfter`: and those statements and COMMIT, when one statement holds them). */
  private async send(commitAfter?: Compilable[]): Promise<boolean> {
    const writes = this.queued;
    const checked = this.checked;
    this.queued = [];
    this.checked = null;
    if (!writes.length) return false;
    const root = checked?.write ?? writes[writes.length - 1]!;
    let withNode: WithNode | undefined;
    let i = 0;
    for (const w of writes) {
      if (w === root) continue;
      const cte = CommonTableExpressionNode.create(
        CommonTableExpressionNameNode.create(`kp_w${i++}`),
        w.node,
      );
      withNode = withNode ? WithNode.cloneWithExpression(withNode, cte) : WithNode.create(cte);
    }
    const compiled = this.compile(withNode ? { ...root.node, with: withNode } : root.node);
    if (compiled.parameters.length <= MAX_PARAMETERS || writes.length === 1) {
      // a flow's transitions repeat the same few statements: prepared (db/pipeline.ts), bar long ones
      const q = compiled.sql.length <= PREPARED_TEXT ? preparedQuery(compiled) : compiled;
      const r = commitAfter
        ? (await pipelinedCommit(this.tx, [{ compile: () => q }, ...commitAfter]))[0]!
        : await this.run(q);
      checked?.check(r);
      return commitAfter !== undefined;
    }
    // too many values for one statement: one statement each, in the order they were added
    for (const w of writes) {
      const r = await this.run(w.node);
      if (w === checked?.write) checked.check(r);
    }
    return false;
  }

  /** The node as Kysely compiles it (its plugins ran when the builder made the node). */
  private compile(node: OperationNode): CompiledQuery {
    return this.tx.getExecutor().compileQuery(node as RootOperationNode, createQueryId());
  }

  private run(q: OperationNode | CompiledQuery): Promise<QueryResult<unknown>> {
    return this.tx.executeQuery('sql' in q ? q : this.compile(q));
  }
}

/** `w` may not join a batch holding `q`: it names the table `q` writes (bar inserts after inserts). */
const clash = (w: Write, q: Write) =>
  w.names.has(q.target) && !(w.plainInsert && q.plainInsert && q.target === w.target);

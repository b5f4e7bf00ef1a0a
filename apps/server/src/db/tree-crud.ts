// CRUD steps shared by the tree resources (units, dictionary types and data, areas): a tree of a table's
// rows, writes whose new parent is checked (it exists, and is neither the node itself nor below it), and
// deletes refused while the node has children. Built with Kysely (so the read cache sees the writes).
// Refusals are ApiErrors with zh texts of the message catalogue (translated on the way out) unless the
// resource passes its own.
import { type Kysely, sql } from 'kysely';
import { badRequest, conflict, notFound } from '../http/api-error';
import { descendantsOf, nest } from './tree';
import type { Database } from './types';

/** Tables shaped as a tree: an `id` and a `parent_id` (a root's parent is a marker such as '-1' or '0'). */
export type TreeTable = 'base_organize' | 'sys_area' | 'sys_dictionary_type' | 'sys_dictionary_data';

export interface TreeSpec {
  table: TreeTable;
  /** The parent id stored for a root. */
  root: string;
  /** Parent ids a client sends for "no parent" besides null, undefined and `root` ('0', '-1', ''). */
  rootAliases?: readonly string[];
  /** The texts of the refusals; `hasChildren` is the resource's own (该类型下有子类型，不能删除…). */
  messages: { hasChildren: string; parentMissing?: string; parentCycle?: string };
  /** Where a parent may be found when a table holds several trees (dictionary data: one per type). */
  scope?: { column: 'type_id'; value: string };
}

export const PARENT_MISSING = 'parentId: 上级不存在';
export const PARENT_CYCLE = 'parentId: 上级不能是自己或下级';

export function treeCrud(db: Kysely<Database>, spec: TreeSpec) {
  const { table, root } = spec;
  const aliases = new Set(spec.rootAliases ?? []);
  const parentMissing = spec.messages.parentMissing ?? PARENT_MISSING;
  const parentCycle = spec.messages.parentCycle ?? PARENT_CYCLE;

  /** The stored parent id of a client's parentId: `root` for every way of saying "none". */
  const parentOf = (raw: string | null | undefined): string =>
    raw == null || raw === root || aliases.has(raw) ? root : raw;

  /** Refuses `parentId` when it is `selfId` or lies below it (walks up from the parent; cycle-safe). */
  const refuseCycle = async (selfId: string, parentId: string | null): Promise<void> => {
    const seen = new Set<string>();
    let cur: string | null | undefined = parentId;
    while (cur != null && cur !== root && !aliases.has(cur) && !seen.has(cur)) {
      if (cur === selfId) throw badRequest(parentCycle);
      seen.add(cur);
      const row = await db.selectFrom(table).select('parent_id').where('id', '=', cur).executeTakeFirst();
      cur = row?.parent_id;
    }
  };

  /**
   * Checks a client's parentId for the node `selfId` (null: a new node): the parent exists (in the scope) and
   * is not the node or one below it. Returns the parent id to store.
   */
  const checkParent = async (raw: string | null | undefined, selfId: string | null): Promise<string> => {
    const parentId = parentOf(raw);
    if (parentId === root) return root;
    let q = db.selectFrom(table).select('id').where('id', '=', parentId);
    if (spec.scope) q = q.where(sql.ref(spec.scope.column), '=', spec.scope.value);
    const parent = await q.executeTakeFirst();
    if (!parent) throw badRequest(parentMissing);
    if (selfId) await refuseCycle(selfId, parentId);
    return parentId;
  };

  /** 409 while some row has `id` as its parent. */
  const refuseChildren = async (id: string): Promise<void> => {
    const child = await db.selectFrom(table).select('id').where('parent_id', '=', id).executeTakeFirst();
    if (child) throw conflict(spec.messages.hasChildren);
  };

  return {
    parentOf,
    checkParent,
    refuseCycle,
    refuseChildren,

    /** Nests rows by parentId (see `nest`): the list of a tree resource. */
    tree: nest,

    /** Rows a parent picker offers while `editingId` is edited: all but it and its subtree ('0': all). */
    pickable<T extends { id: string; parentId: string | null }>(rows: T[], editingId: string): T[] {
      if (editingId === '0') return rows;
      const skip = descendantsOf(rows, [editingId]);
      return rows.filter((r) => !skip.has(r.id));
    },

    /** Creates a node: checks the parent, then `write` (further checks and the insert) returns its id. */
    async create(
      rawParent: string | null | undefined,
      write: (parentId: string) => Promise<string>,
    ): Promise<string> {
      return write(await checkParent(rawParent, null));
    },

    /** Updates node `id`: checks the new parent, then `write` answers the rows it changed (none: 404). */
    async update(
      id: string,
      rawParent: string | null | undefined,
      write: (parentId: string) => Promise<{ numUpdatedRows: bigint }>,
    ): Promise<void> {
      const r = await write(await checkParent(rawParent, id));
      if (!Number(r.numUpdatedRows)) throw notFound();
    },

    /** Deletes node `id`: refused while it has children or `guard` refuses; 404 when there was none. */
    async remove(id: string, guard?: () => Promise<void>): Promise<void> {
      await refuseChildren(id);
      await guard?.();
      const r = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },
  };
}

export type TreeCrud = ReturnType<typeof treeCrud>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { translateMessage } from '../http/messages';
import { type Db, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { PARENT_CYCLE, PARENT_MISSING, treeCrud } from './tree-crud';

/** The ApiError a promise rejects with (fails the test when it resolves or throws something else). */
async function refusal(p: Promise<unknown>): Promise<{ code: number; msg: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const { code, message } = err as ApiError;
  return { code, msg: message };
}

describe('treeCrud on PGlite', () => {
  let db: Db;
  const hasChildren = '该类型下有子类型，不能删除';
  const types = () =>
    treeCrud(db.kysely, {
      table: 'sys_dictionary_type',
      root: '-1',
      rootAliases: ['0'],
      messages: { hasChildren },
    });
  /** Inserts a type under `parent` through the helper (its parent check included). */
  const add = (id: string, parent: string | undefined, sort: number) =>
    types().create(parent, async (parentId) => {
      await db.kysely
        .insertInto('sys_dictionary_type')
        .values({ id, parent_id: parentId, full_name: `tc ${id}`, en_code: `tc.${id}`, sort_code: sort })
        .execute();
      return id;
    });
  const move = (id: string, parent: string | undefined) =>
    types().update(id, parent, (parentId) =>
      db.kysely
        .updateTable('sys_dictionary_type')
        .set({ parent_id: parentId })
        .where('id', '=', id)
        .executeTakeFirst(),
    );
  const rows = async () =>
    (
      await db.kysely
        .selectFrom('sys_dictionary_type')
        .select(['id', 'parent_id'])
        .where('en_code', 'like', 'tc.%')
        .orderBy('sort_code')
        .orderBy('id')
        .execute()
    ).map((r) => ({ id: r.id, parentId: r.parent_id }));

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(db.kysely);
    // a ─ a1 ─ a11
    //   └ a2
    // b
    expect(await add('tc-a', '0', 1)).toBe('tc-a');
    await add('tc-b', undefined, 2);
    await add('tc-a2', 'tc-a', 2);
    await add('tc-a1', 'tc-a', 1);
    await add('tc-a11', 'tc-a1', 1);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores the root marker for every way of saying "no parent" and refuses an unknown parent', async () => {
    const stored = await rows();
    expect(stored.find((r) => r.id === 'tc-a')?.parentId).toBe('-1');
    expect(stored.find((r) => r.id === 'tc-b')?.parentId).toBe('-1');
    expect(await refusal(add('tc-x', 'tc-none', 1))).toEqual({ code: 400, msg: 'parentId: 上级不存在' });
  });

  it('lists as a tree in the rows order; leaves carry no children; a picker leaves out the edited subtree', async () => {
    const t = types();
    const tree = t.tree(await rows());
    const shape = (ns: Array<{ id: string; children?: unknown[] }>): unknown =>
      ns.map((n) => (n.children ? { [n.id]: shape(n.children as typeof ns) } : n.id));
    expect(shape(tree)).toEqual([{ 'tc-a': [{ 'tc-a1': ['tc-a11'] }, 'tc-a2'] }, 'tc-b']);
    expect(tree[0]).toMatchObject({ hasChildren: true });
    expect(tree[1]).not.toHaveProperty('children');
    expect(tree[1]).not.toHaveProperty('hasChildren');
    expect(shape(t.tree(t.pickable(await rows(), 'tc-a1')))).toEqual([{ 'tc-a': ['tc-a2'] }, 'tc-b']);
    expect(t.pickable(await rows(), '0')).toHaveLength(5);
  });

  it('refuses a move under the node itself or any node below it, and allows any other move', async () => {
    const cycle = { code: 400, msg: 'parentId: 上级不能是自己或下级' };
    expect(await refusal(move('tc-a', 'tc-a'))).toEqual(cycle);
    expect(await refusal(move('tc-a', 'tc-a1'))).toEqual(cycle);
    expect(await refusal(move('tc-a', 'tc-a11'))).toEqual(cycle);
    expect((await rows()).find((r) => r.id === 'tc-a')?.parentId).toBe('-1');
    await move('tc-a2', 'tc-a11');
    await move('tc-a1', 'tc-b');
    expect(await refusal(move('tc-b', 'tc-a2'))).toEqual(cycle);
    await move('tc-a1', '-1');
    const after = new Map((await rows()).map((r) => [r.id, r.parentId]));
    expect(after.get('tc-a2')).toBe('tc-a11');
    expect(after.get('tc-a1')).toBe('-1');
    expect(await refusal(move('tc-gone', 'tc-b'))).toEqual({ code: 404, msg: '数据不存在' });
  });

  it('refuses deleting a node while it has children; deletes a leaf; 404 for a missing node', async () => {
    const t = types();
    expect(await refusal(t.remove('tc-a11'))).toEqual({ code: 409, msg: hasChildren });
    let guarded = false;
    const refused = t.remove('tc-a2', async () => {
      guarded = true;
      throw new ApiError(409, '该类型下有字典数据，不能删除');
    });
    expect(await refusal(refused)).toEqual({ code: 409, msg: '该类型下有字典数据，不能删除' });
    expect(guarded).toBe(true);
    await t.remove('tc-a2');
    await t.remove('tc-a11');
    expect((await rows()).map((r) => r.id).sort()).toEqual(['tc-a', 'tc-a1', 'tc-b']);
    expect(await refusal(t.remove('tc-a2'))).toEqual({ code: 404, msg: '数据不存在' });
  });

  it('answers its refusals in zh, zhtw and en through the message catalogue', () => {
    expect(translateMessage(PARENT_CYCLE, 'zhtw')).toBe('parentId: 上級不能是自己或下級');
    expect(translateMessage(PARENT_CYCLE, 'en')).toBe(
      'parentId: The parent cannot be the record itself or one below it',
    );
    expect(translateMessage(PARENT_MISSING, 'en')).toBe('parentId: The parent does not exist');
    expect(translateMessage('该类型下有子类型，不能删除', 'en')).not.toBe('该类型下有子类型，不能删除');
  });

  it('finds a parent only within its scope when a table holds several trees', async () => {
    const [type] = await db.kysely
      .selectFrom('sys_dictionary_type')
      .select('id')
      .where('id', '<>', 'tc-b')
      .limit(1)
      .execute();
    await db.kysely
      .insertInto('sys_dictionary_data')
      .values({ id: 'tc-d1', type_id: 'tc-b', parent_id: '0', full_name: 'd1', en_code: 'd1' })
      .execute();
    const data = (typeId: string) =>
      treeCrud(db.kysely, {
        table: 'sys_dictionary_data',
        root: '0',
        rootAliases: ['-1'],
        scope: { column: 'type_id', value: typeId },
        messages: { hasChildren: '该数据下有子数据，不能删除' },
      });
    expect(await data('tc-b').checkParent('tc-d1', null)).toBe('tc-d1');
    expect(await data('tc-b').checkParent('-1', null)).toBe('0');
    expect(await refusal(data(type.id).checkParent('tc-d1', null))).toEqual({
      code: 400,
      msg: 'parentId: 上级不存在',
    });
  });
});

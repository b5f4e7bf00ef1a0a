import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache, WORKFLOW_LIST_TABLES } from '../../db/read-cache';
import { scopeKey, WORKFLOW_LIST_SCOPE, WriteScope } from '../../db/write-scope';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { leaveData, workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';
type Page = { list: Array<{ id: string; processId?: string; status: number; thisStep?: string }> };

describe(`workflow list cache, per user, on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, idOf, pending, submit } = workflowTestKit(() => t);
  const list = async (account: string, url: string) => {
    const r = await t.call<Page>(await login(account), { method: 'GET', url });
    expect(r.code, r.msg).toBe(200);
    return r.data.list;
  };
  const todo = (account: string) => list(account, `${B}/FlowBefore/List/1?currentPage=1&pageSize=50`);
  const done = (account: string) => list(account, `${B}/FlowBefore/List/2?currentPage=1&pageSize=50`);
  const launched = (account: string) => list(account, `${B}/FlowLaunch?currentPage=1&pageSize=50`);
  /** Launches a leave request as zhangwei: the task and its first approver (account, operator row). */
  const launch = async () => {
    const zw = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const r = await submit(await login('zhangwei'), 'wf-leave', leaveData(zw));
    expect(r.code, r.msg).toBe(200);
    const op = (await pending(r.data))[0]!;
    const account = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('account')
        .where('id', '=', op.user_id)
        .executeTakeFirstOrThrow()
    ).account;
    return { taskId: r.data, opId: op.id, approver: account };
  };
  const approve = async (approver: string, opId: string) => {
    const r = await t.call(await login(approver), {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${opId}`,
      payload: { handleOpinion: '同意' },
    });
    expect(r.code, r.msg).toBe(200);
  };
  /** A user the task's rows do not name. */
  const bystander = async (taskId: string) => {
    const named = new Set(
      (
        await t.db.kysely
          .selectFrom('wf_operator')
          .select('user_id')
          .where('task_id', '=', taskId)
          .union(t.db.kysely.selectFrom('wf_task').select('initiator_id as user_id').where('id', '=', taskId))
          .execute()
      ).map((r) => r.user_id),
    );
    for (const a of ['admin', 'chenjing', 'liuyang', 'zhaomin'])
      if (!named.has(await idOf(a).catch(() => ''))) return a;
    throw new Error('no bystander');
  };

  beforeAll(async () => {
    t = await createTestApp();
    await new Promise((r) => setTimeout(r, 2_100)); // the logins' and seed's writes are past any hold
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("after an approval the approver's and initiator's lists are fresh at once; a bystander's stays cached", async () => {
    const { taskId, opId, approver } = await launch();
    const other = await bystander(taskId);
    // warm: the approver's to-do, the initiator's done list and the bystander's to-do, each read twice
    expect((await todo(approver)).map((x) => x.id)).toContain(opId);
    await todo(approver);
    expect((await done(approver)).map((x) => x.processId)).not.toContain(taskId);
    await done(approver);
    await done('zhangwei');
    const mine = await todo(other);
    const hits = t.db.lists.hits;
    expect(await todo(other)).toEqual(mine);
    expect(t.db.lists.hits).toBe(hits + 1);
    const before = (await launched('zhangwei')).find((x) => x.id === taskId)!;

    await approve(approver, opId);

    // the very next reads, no waiting: the approver's to-do lost the row, their done list has the task
    expect((await todo(approver)).map((x) => x.id)).not.toContain(opId);
    expect((await done(approver)).map((x) => x.processId)).toContain(taskId);
    const after = (await launched('zhangwei')).find((x) => x.id === taskId)!;
    expect(`${after.status}|${after.thisStep}`).not.toBe(`${before.status}|${before.thisStep}`);
    // the bystander's page was not dropped: served from the cache (fails when every write drops every user)
    const h = t.db.lists.hits;
    expect(await todo(other)).toEqual(mine);
    expect(t.db.lists.hits).toBe(h + 1);
  });

  it("a launch leaves the initiator's done list cached (its launch record shows in no done list)", async () => {
    const mine = await done('zhangwei');
    await done('zhangwei');
    const { taskId } = await launch();
    const h = t.db.lists.hits;
    expect(await done('zhangwei')).toEqual(mine); // fails when the launch record's insert drops the done list
    expect(t.db.lists.hits).toBe(h + 1);
    t.db.lists.changed(false);
    expect((await done('zhangwei')).map((x) => x.processId)).not.toContain(taskId);
  });

  it("another process's cache drops the approver's entries, and only theirs (per-user announcement)", async () => {
    const { taskId, opId, approver } = await launch();
    const other = await bystander(taskId);
    // the to-do lists of the approver and of the bystander
    const [mine, theirs] = [
      scopeKey('wf_operator', await idOf(approver)),
      scopeKey('wf_operator', await idOf(other)),
    ];
    // a second cache on the same bus stands for another server process's (its own announcer id)
    const remote = new ReadCache(WORKFLOW_LIST_TABLES, { announce: true });
    remote.attach(t.ctx.bus);
    const reported: string[] = [];
    const off = t.db.lists.onScopes((s) => void reported.push(...s));
    try {
      await remote.get('a', async () => 'old-a', mine);
      await remote.get('b', async () => 'old-b', theirs);
      await approve(approver, opId);
      // the drop left before the answer did; its delivery to the other process is asynchronous
      const end = Date.now() + 1_000;
      let seen = await remote.get('a', async () => 'new-a', mine);
      while (seen === 'old-a' && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 10));
        seen = await remote.get('a', async () => 'new-a', mine);
      }
      expect(seen).toBe('new-a');
      expect(remote.drops.all).toBe(0);
      const hits = remote.hits;
      expect(await remote.get('b', async () => 'new-b', theirs)).toBe('old-b');
      expect(remote.hits).toBe(hits + 1);
      // the writing process reported the lists it dropped (a read replica keeps their users on the primary)
      expect(reported).toContain(mine);
      expect(reported).not.toContain(theirs);
    } finally {
      off();
      remote.dispose();
    }
  });

  it('a list load under way when its user is dropped is not stored', async () => {
    const cache = new ReadCache(WORKFLOW_LIST_TABLES);
    let release: (v: string) => void = () => {};
    const loading = cache.get('k', () => new Promise<string>((r) => (release = r)), 'u1');
    await new Promise((r) => setTimeout(r, 5));
    cache.dropScopes(['u1']);
    release('stale');
    expect(await loading).toBe('stale');
    expect(await cache.get('k', async () => 'fresh', 'u1')).toBe('fresh');
    // an unrelated user's drop leaves it
    cache.dropScopes(['u2']);
    expect(await cache.get('k', async () => 'other', 'u1')).toBe('fresh');
  });

  it('a write scope bounds the statements it can name users for, and no other', () => {
    const k = t.db.kysely.withoutPlugins();
    const scope = new WriteScope({}, WORKFLOW_LIST_SCOPE);
    scope.key('task-1', ['wf_task|init', 'wf_operator|op-old']);
    const see = (table: string, q: { toOperationNode(): object }) => scope.see(table, q.toOperationNode());
    expect(
      see(
        'wf_circulate',
        k.insertInto('wf_circulate').values([
          { id: 'c1', task_id: 'task-9', node_id: 'n', user_id: 'cc-1', creator_time: new Date() },
          { id: 'c2', task_id: 'task-9', node_id: 'n', user_id: 'cc-2', creator_time: new Date() },
        ]),
      ),
    ).toBe(true);
    expect(
      see('wf_operator', k.updateTable('wf_operator').set({ status: 1 }).where('task_id', '=', 'task-1')),
    ).toBe(true);
    expect(see('wf_task', k.updateTable('wf_task').set({ press_mark: 1 }).where('id', '=', 'task-1'))).toBe(
      true,
    );
    expect(
      see(
        'wf_circulate',
        k
          .updateTable('wf_circulate')
          .set({ is_read: 1 })
          .where('id', '=', 'c1')
          .where('user_id', '=', 'reader'),
      ),
    ).toBe(true);
    expect([...scope.scopes].sort()).toEqual([
      'wf_circulate|cc-1',
      'wf_circulate|cc-2',
      'wf_circulate|reader',
      'wf_operator|op-old',
      'wf_task|init',
    ]);
    // a task not declared, a subquery, an OR: not bounded
    expect(see('wf_task', k.updateTable('wf_task').set({ press_mark: 1 }).where('id', '=', 'task-2'))).toBe(
      false,
    );
    expect(
      see(
        'wf_operator',
        k
          .updateTable('wf_operator')
          .set({ status: 1 })
          .where('task_id', 'in', k.selectFrom('wf_task').select('id').where('status', '=', 1)),
      ),
    ).toBe(false);
    expect(
      see(
        'wf_operator',
        k
          .deleteFrom('wf_operator')
          .where((eb) => eb.or([eb('task_id', '=', 'task-1'), eb('user_id', '=', 'x')])),
      ),
    ).toBe(false);
    expect(
      see(
        'wf_operator',
        k.updateTable('wf_operator').set({ user_id: 'new-user' }).where('task_id', '=', 'task-1'),
      ),
    ).toBe(true);
    expect(scope.scopes.has('wf_operator|new-user')).toBe(true);
    // a task row shows in others' lists: pinned by its initiator it is not bounded; a to-do row is never
    // put back into a to-do list by a bounded write, nor a record's handle_status changed
    expect(
      see('wf_task', k.updateTable('wf_task').set({ press_mark: 1 }).where('initiator_id', '=', 'init')),
    ).toBe(false);
    expect(
      see('wf_operator', k.updateTable('wf_operator').set({ status: 0 }).where('task_id', '=', 'task-1')),
    ).toBe(false);
    expect(
      see('wf_operator', k.updateTable('wf_operator').set({ status: 2 }).where('task_id', '=', 'task-1')),
    ).toBe(true);
    expect(
      see('wf_record', k.updateTable('wf_record').set({ handle_status: 1 }).where('task_id', '=', 'task-1')),
    ).toBe(false);
    // a launch or withdrawal record (handle_status 2, 3) enters no done list; an approval's record does
    const record = (id: string, user: string, status: number) =>
      k.insertInto('wf_record').values({
        id,
        task_id: 'task-1',
        node_id: 'n',
        user_id: user,
        handle_status: status,
        handle_time: new Date(),
      });
    expect(see('wf_record', record('r1', 'launcher', 2))).toBe(true);
    expect(see('wf_record', record('r2', 'withdrawer', 3))).toBe(true);
    expect(see('wf_record', record('r3', 'approver', 1))).toBe(true);
    expect([...scope.scopes].filter((x) => x.startsWith('wf_record|'))).toEqual(['wf_record|approver']);
  });
});

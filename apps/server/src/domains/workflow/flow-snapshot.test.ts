// A task's flow template is stored once per content (wf_flow_snapshot, migration 0185), not inside the
// state every transition rewrites: launches of one template share one snapshot, an approval writes only the
// interpreter's state, a task keeps the template it was launched with after the flow is redesigned, and the
// tasks stored before (template inside state_json) are moved out by the migration — or, written by an older
// process, still run with their template where it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveTemplatesOut } from '../../db/migrations/0185-flow-snapshots';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { loadTaskSnapshot } from './flow-snapshot';
import { parseJson } from './tables';
import { leaveData, workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

describe(`flow template snapshots on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, pending, task, records, submit } = workflowTestKit(() => t);
  let zw: { id: string; department_id: string | null };

  const launch = async () => {
    const r = await submit(await login('zhangwei'), 'wf-leave', leaveData(zw));
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  /** The head (wangjianguo) approves the task's first step. */
  const approve = async (taskId: string) => {
    const [op] = await pending(taskId);
    expect(op?.user_id).toBeTruthy();
    const r = await t.call(await login('wangjianguo'), {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op!.id}`,
      payload: { handleOpinion: '同意' },
    });
    expect(r.code, r.msg).toBe(200);
  };
  const stored = async (taskId: string) => {
    const row = await task(taskId);
    return { row, state: parseJson<Record<string, unknown>>(row.state_json) };
  };
  const snapshots = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('wf_flow_snapshot')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const users = t.db.kysely.selectFrom('base_user').select(['id', 'department_id']);
    zw = await users.where('account', '=', 'zhangwei').executeTakeFirstOrThrow();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('launches of one template share one snapshot; the state holds no template, before and after an approval', async () => {
    const before = await snapshots();
    const a = await launch();
    const b = await launch();
    const [ra, rb] = [await stored(a), await stored(b)];
    expect(ra.row.template_snapshot).toMatch(/^[0-9a-f]{64}$/);
    expect(rb.row.template_snapshot).toBe(ra.row.template_snapshot);
    expect(await snapshots()).toBeLessThanOrEqual(before + 1);
    expect(ra.state).not.toHaveProperty('template');
    expect(ra.state).toHaveProperty('flow');

    const snap = await loadTaskSnapshot(t.db.kysely, ra.row);
    expect(snap.template.flowId).toBe('wf-leave');
    expect(JSON.stringify(snap.template.tree)).toContain('approver');

    await approve(a);
    const after = await stored(a);
    expect(after.state).not.toHaveProperty('template');
    expect(after.row.template_snapshot).toBe(ra.row.template_snapshot);
    expect((await records(a)).some((r) => r.handle_status === 1)).toBe(true);
  });

  it('a task keeps the template it was launched with when the flow is redesigned', async () => {
    const id = await launch();
    const { row } = await stored(id);
    const tpl = await t.db.kysely
      .selectFrom('wf_template')
      .select(['flow_json'])
      .where('id', '=', 'wf-leave')
      .executeTakeFirstOrThrow();
    const original = JSON.stringify(tpl.flow_json);
    try {
      // a node of the flow renamed in the designer's saved tree (its title, or the zh of it)
      const renamed = original.replace(/"(title|zh)":"[^"]*"/, '"$1":"改过的节点"');
      expect(renamed).not.toBe(original);
      await t.db.kysely
        .updateTable('wf_template')
        .set({ flow_json: renamed })
        .where('id', '=', 'wf-leave')
        .execute();
      const later = await launch();
      expect((await stored(later)).row.template_snapshot).not.toBe(row.template_snapshot);
      expect(
        JSON.stringify((await loadTaskSnapshot(t.db.kysely, (await stored(later)).row)).template),
      ).toContain('改过的节点');
      // the first task still runs on its own template
      const mine = await loadTaskSnapshot(t.db.kysely, row);
      expect(JSON.stringify(mine.template)).not.toContain('改过的节点');
      await approve(id);
      expect(
        JSON.stringify((await loadTaskSnapshot(t.db.kysely, (await stored(id)).row)).template),
      ).not.toContain('改过的节点');
    } finally {
      await t.db.kysely
        .updateTable('wf_template')
        .set({ flow_json: original })
        .where('id', '=', 'wf-leave')
        .execute();
    }
  });

  it('a task stored before migration 0185 (template in its state) runs as it is, and the migration moves it out', async () => {
    const id = await launch();
    const { row, state } = await stored(id);
    const template = (await loadTaskSnapshot(t.db.kysely, row)).template;
    // as an older process wrote it: the template inside the state, no snapshot named
    const legacy = async () =>
      t.db.kysely
        .updateTable('wf_task')
        .set({ state_json: JSON.stringify({ ...state, template }), template_snapshot: null })
        .where('id', '=', id)
        .execute();
    await legacy();
    const legacySnap = await loadTaskSnapshot(t.db.kysely, await task(id));
    expect(legacySnap.snapshotId).toBeNull();
    expect(legacySnap.template).toEqual(template);

    // the migration's backfill: the template goes to a snapshot keyed by its content, the state loses it
    await moveTemplatesOut(t.db.kysely);
    const moved = await stored(id);
    expect(moved.state).not.toHaveProperty('template');
    expect(moved.row.template_snapshot).toMatch(/^[0-9a-f]{32}$/);
    expect((await loadTaskSnapshot(t.db.kysely, moved.row)).template).toEqual(template);
    await approve(id);
    expect((await stored(id)).state).not.toHaveProperty('template');

    // an approval of a task left as an older process wrote it keeps the template where it is
    const other = await launch();
    const o = await stored(other);
    await t.db.kysely
      .updateTable('wf_task')
      .set({ state_json: JSON.stringify({ ...o.state, template }), template_snapshot: null })
      .where('id', '=', other)
      .execute();
    await approve(other);
    const kept = await stored(other);
    expect(kept.row.template_snapshot).toBeNull();
    expect(kept.state).toHaveProperty('template');
    expect((await records(other)).some((r) => r.handle_status === 1)).toBe(true);
  });
});

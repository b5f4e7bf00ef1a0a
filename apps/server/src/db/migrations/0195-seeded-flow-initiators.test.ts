// 0195 on a database seeded before it: the seeded flows' start nodes named nobody (read as everyone); they
// get every role and the administrators, as the seed now names them; a start node someone gave initiators
// keeps them; the rest of the tree stays; running it twice changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { everyoneInitiates } from '../seeded-initiators';
import { up } from './0195-seeded-flow-initiators';

describe(`migration 0195 seeded flow initiators on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const treeOf = async (id: string) => {
    const row = await t.db.kysely
      .selectFrom('wf_template')
      .select('flow_json')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return (typeof row.flow_json === 'string' ? JSON.parse(row.flow_json) : row.flow_json) as {
      properties: Record<string, unknown>;
      childNode: unknown;
    };
  };
  const store = (id: string, tree: unknown) =>
    t.db.kysely
      .updateTable('wf_template')
      .set({ flow_json: JSON.stringify(tree) })
      .where('id', '=', id)
      .execute();

  it('names everyone on a seeded start node that named nobody, keeps one that names someone, idempotently', async () => {
    const db = t.db.kysely;
    const everyone = await everyoneInitiates(db);
    expect(everyone.initiateRole.length).toBeGreaterThanOrEqual(5);
    expect(everyone.initiator.length).toBeGreaterThanOrEqual(1);
    const zhangwei = await db
      .selectFrom('base_user')
      .select('id')
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    // as seeded before 0195: the leave flow's start node names nobody; the expense flow names one user
    const leave = await treeOf('wf-leave');
    const expense = await treeOf('wf-expense');
    // a fresh seed names them already (workflow/seed.ts)
    expect(leave.properties).toMatchObject(everyone);
    expect(expense.properties).toMatchObject(everyone);
    const none = { initiator: [], initiatePos: [], initiateRole: [] };
    await store('wf-leave', { ...leave, properties: { ...leave.properties, ...none } });
    const mine = { ...none, initiator: [zhangwei.id] };
    await store('wf-expense', { ...expense, properties: { ...expense.properties, ...mine } });

    await up(db);
    await up(db);

    const after = await treeOf('wf-leave');
    expect(after).toEqual({ ...leave, properties: { ...leave.properties, ...everyone } });
    expect((await treeOf('wf-expense')).properties).toEqual({ ...expense.properties, ...mine });
  });
});

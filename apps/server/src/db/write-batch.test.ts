import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../test/harness';
import type { Db } from './database';
import { PREPARE_AFTER } from './pipeline';
import { ReadCache, writeWatch } from './read-cache';
import type { Database } from './types';
import { WriteBatch } from './write-batch';

type Tables = {
  wb_a: { id: string; n: number };
  wb_b: { id: string; a_id: string };
};

describe(`WriteBatch on ${TEST_DB_KIND}`, () => {
  let db: Db;
  let close: () => Promise<void>;
  let k: Kysely<Database & Tables>;
  const cache = new ReadCache(['wb_a']);
  let drops = 0;
  cache.onChange(() => drops++);

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase());
    k = db.kysely
      .withTables<Tables>()
      .withoutPlugins()
      .withPlugin(writeWatch([cache]));
    await sql`create table wb_a (id text primary key, n integer not null)`.execute(k);
    await sql`create table wb_b (id text primary key, a_id text not null)`.execute(k);
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await k.deleteFrom('wb_b').execute();
    await k.deleteFrom('wb_a').execute();
  });
  /** Statements `fn` sent inside one transaction, begin and commit left out. */
  const inTx = async (fn: (b: WriteBatch, tx: Kysely<Database & Tables>) => Promise<void>) => {
    const s0 = db.counts.statements;
    await k.transaction().execute(async (tx) => fn(new WriteBatch(tx), tx));
    return db.counts.statements - s0 - 2;
  };
  const rows = () => k.selectFrom('wb_a').selectAll().orderBy('id').execute();

  it('sends writes on different tables as one statement, a checked write carrying the others', async () => {
    await k.insertInto('wb_a').values({ id: 'x', n: 1 }).execute();
    let affected: bigint | undefined;
    const sent = await inTx(async (b, tx) => {
      await b.add(tx.insertInto('wb_b').values({ id: 'b1', a_id: 'x' }));
      await b.add(tx.updateTable('wb_a').set({ n: 5 }).where('id', '=', 'x'), (r) => {
        affected = r.numAffectedRows;
      });
      await b.add(tx.insertInto('wb_b').values({ id: 'b2', a_id: 'x' }));
      expect(b.size).toBe(3);
      await b.flush();
      expect(b.size).toBe(0);
    });
    expect(sent).toBe(1);
    expect(affected).toBe(1n);
    expect(await rows()).toEqual([{ id: 'x', n: 5 }]);
    expect((await k.selectFrom('wb_b').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([
      'b1',
      'b2',
    ]);
  });

  it('sends what is queued first when a write names a table written in the batch: it sees that write', async () => {
    const sent = await inTx(async (b, tx) => {
      await b.add(tx.insertInto('wb_a').values({ id: 'x', n: 1 }));
      await b.add(
        tx
          .updateTable('wb_a')
          .set((eb) => ({ n: eb('n', '+', 1) }))
          .where('id', '=', 'x'),
      );
      // names wb_a in a subquery: waits for the update
      await b.add(
        tx.insertInto('wb_b').values((eb) => ({
          id: 'b',
          a_id: eb.selectFrom('wb_a').select(sql<string>`id || ':' || n`.as('v')).where('id', '=', 'x'),
        })),
      );
      await b.flush();
    });
    expect(sent).toBe(3);
    expect(await rows()).toEqual([{ id: 'x', n: 2 }]);
    expect((await k.selectFrom('wb_b').select('a_id').executeTakeFirst())?.a_id).toBe('x:2');
  });

  it('lets plain inserts into one table share a statement, not an upsert after them', async () => {
    const sent = await inTx(async (b, tx) => {
      await b.add(tx.insertInto('wb_a').values({ id: 'a', n: 1 }));
      await b.add(tx.insertInto('wb_a').values([{ id: 'b', n: 1 }]));
      await b.add(
        tx
          .insertInto('wb_a')
          .values({ id: 'a', n: 9 })
          .onConflict((oc) => oc.column('id').doUpdateSet({ n: 9 })),
      );
      await b.flush();
    });
    expect(sent).toBe(2);
    expect(await rows()).toEqual([
      { id: 'a', n: 9 },
      { id: 'b', n: 1 },
    ]);
  });

  it('undoes the transaction when a check throws', async () => {
    await expect(
      inTx(async (b, tx) => {
        await b.add(tx.insertInto('wb_b').values({ id: 'b', a_id: 'none' }));
        await b.add(tx.updateTable('wb_a').set({ n: 2 }).where('id', '=', 'none'), (r) => {
          if (r.numAffectedRows !== 1n) throw new Error('busy');
        });
        await b.flush();
      }),
    ).rejects.toThrow('busy');
    expect(await k.selectFrom('wb_b').selectAll().execute()).toEqual([]);
  });

  it('runs a write with RETURNING at once, after what is queued', async () => {
    const sent = await inTx(async (b, tx) => {
      await b.add(tx.insertInto('wb_a').values({ id: 'a', n: 1 }));
      await b.add(tx.updateTable('wb_a').set({ n: 3 }).where('id', '=', 'a').returning('n'));
      expect(b.size).toBe(0);
    });
    expect(sent).toBe(2);
    expect(await rows()).toEqual([{ id: 'a', n: 3 }]);
  });

  it('sends one statement each, in order, when the values would pass the parameter limit', async () => {
    const many = (p: string) => Array.from({ length: 8_000 }, (_, i) => ({ id: `${p}${i}`, n: i }));
    const sent = await inTx(async (b, tx) => {
      await b.add(tx.insertInto('wb_a').values(many('a')));
      await b.add(tx.insertInto('wb_a').values(many('b')));
      await b.flush();
    });
    expect(sent).toBe(2);
    expect((await rows()).length).toBe(16_000);
  });

  it('is seen by the write-watch plugin when a write is added', async () => {
    const before = drops;
    await k.transaction().execute(async (tx) => {
      const b = new WriteBatch(tx);
      await b.add(tx.insertInto('wb_b').values({ id: 'b', a_id: 'a' }));
      expect(drops).toBe(before);
      await b.add(tx.insertInto('wb_a').values({ id: 'a', n: 1 }));
      expect(drops).toBe(before + 1);
      await b.flush();
    });
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'a repeated batch is prepared on PostgreSQL; a write answering rows (RETURNING, sent on its own) is not',
    async () => {
      await k.insertInto('wb_a').values({ id: 'p', n: 0 }).execute();
      const named = await k.transaction().execute(async (tx) => {
        for (let i = 0; i < PREPARE_AFTER + 1; i++) {
          const b = new WriteBatch(tx);
          await b.add(tx.insertInto('wb_b').values({ id: `pb${i}`, a_id: 'p' }));
          await b.add(tx.updateTable('wb_a').set({ n: i }).where('id', '=', 'p'));
          await b.flush();
          const r = new WriteBatch(tx);
          await r.add(tx.updateTable('wb_a').set({ n: i }).where('id', '=', 'p').returning('n'));
          await r.flush();
        }
        return (
          await sql<{
            statement: string;
          }>`select statement from pg_prepared_statements where name like 'kp_%'`.execute(tx)
        ).rows.map((r) => r.statement);
      });
      expect(named.filter((t) => t.includes('"wb_b"') && t.includes('"wb_a"'))).toHaveLength(1);
      expect(named.filter((t) => t.includes('"wb_a"') && /returning/i.test(t))).toEqual([]);
      expect(await k.selectFrom('wb_b').select('id').orderBy('id').execute()).toHaveLength(PREPARE_AFTER + 1);
    },
  );
});

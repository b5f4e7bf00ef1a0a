import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../test/harness';
import type { Db } from './database';
import { MAX_PREPARED, PREPARE_AFTER, pipelined, prepared } from './pipeline';
import type { Database } from './types';

type Tables = {
  pl_row: { id: string; v: number };
};

describe(`pipelined statements on ${TEST_DB_KIND}`, () => {
  let db: Db;
  let close: () => Promise<void>;
  let k: Kysely<Database & Tables>;
  const pg = TEST_DB_KIND === 'postgres';

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(undefined, 3));
    k = db.kysely.withTables<Tables>();
    await sql`create table pl_row (id text primary key, v integer not null)`.execute(k);
    await k.insertInto('pl_row').values({ id: 'r', v: 0 }).execute();
  });
  afterAll(async () => {
    await close?.();
  });
  const sent = async (fn: () => Promise<unknown>) => {
    const c0 = { ...db.counts };
    await fn();
    return {
      statements: db.counts.statements - c0.statements,
      roundTrips: db.counts.roundTrips - c0.roundTrips,
    };
  };

  it('answers every statement in order; on PostgreSQL the transaction’s BEGIN goes with them, in one round trip', async () => {
    let out: unknown[] = [];
    const n = await sent(() =>
      k.transaction().execute(async (tx) => {
        const [a, b, c] = await pipelined(tx, [
          tx.updateTable('pl_row').set({ v: 1 }).where('id', '=', 'r'),
          tx.selectFrom('pl_row').select('v').where('id', '=', 'r'),
          tx.selectNoFrom(sql<number>`7`.as('x')),
        ]);
        out = [a?.numAffectedRows, b?.rows, c?.rows];
      }),
    );
    expect(out).toEqual([1n, [{ v: 1 }], [{ x: 7 }]]);
    // begin, 3 statements, commit
    expect(n).toEqual({ statements: 5, roundTrips: pg ? 2 : 5 });
  });

  it('sends nothing on PostgreSQL for a transaction that ran no statement', async () => {
    const n = pg ? 0 : 2; // PGlite: begin and commit
    expect(await sent(() => k.transaction().execute(async () => 1))).toEqual({
      statements: n,
      roundTrips: n,
    });
  });

  it('throws the first failing statement’s error and undoes the transaction; the pool goes on', async () => {
    await expect(
      k.transaction().execute(async (tx) => {
        await pipelined(tx, [
          tx.updateTable('pl_row').set({ v: 99 }).where('id', '=', 'r'),
          tx.selectNoFrom(sql<number>`1 / 0`.as('x')),
          tx.updateTable('pl_row').set({ v: 98 }).where('id', '=', 'r'),
        ]);
      }),
    ).rejects.toThrow(/division by zero/);
    // every pooled connection still answers (none is left inside a transaction or with answers pending)
    const reads = await Promise.all(
      [1, 2, 3].map(() => k.selectFrom('pl_row').select('v').executeTakeFirst()),
    );
    expect(reads.map((r) => r?.v)).toEqual([1, 1, 1]);
  });

  it.runIf(pg)(
    'a statement sent behind a row lock reads what the lock holder committed (its own snapshot)',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const holder = k.transaction().execute(async (tx) => {
        await tx.selectFrom('pl_row').select('v').where('id', '=', 'r').forUpdate().execute();
        locked();
        await held;
        await tx.updateTable('pl_row').set({ v: 2 }).where('id', '=', 'r').execute();
      });
      await isLocked;
      const waiter = k.transaction().execute(async (tx) => {
        const [lock, read] = await pipelined(tx, [
          tx.selectFrom('pl_row').select('v').where('id', '=', 'r').forUpdate(),
          tx.selectFrom('pl_row').select('v').where('id', '=', 'r'),
        ]);
        return [lock?.rows, read?.rows];
      });
      await new Promise((r) => setTimeout(r, 100)); // the waiter's statements are on the wire, blocked
      release();
      await holder;
      // the lock statement re-reads the locked row; the statement behind it reads the committed value
      expect(await waiter).toEqual([[{ v: 2 }], [{ v: 2 }]]);
    },
  );

  describe('prepared statements', () => {
    /** The statements prepared on the connection of `tx` (named by the driver). */
    const preparedOn = async (tx: Kysely<Database & Tables>) =>
      (
        await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(tx)
      ).rows.filter((r) => r.name.startsWith('kp_'));
    const marked = (tx: Kysely<Database & Tables>, tag: string) =>
      prepared(
        tx
          .selectFrom('pl_row')
          .select(['id', 'v', sql.lit(tag).as('tag')])
          .where('id', '=', 'r'),
      );

    it('a marked query answers as the unmarked one; on PostgreSQL it is prepared from its third call on', async () => {
      await k.transaction().execute(async (tx) => {
        const answers = [];
        for (let i = 0; i < PREPARE_AFTER + 2; i++) {
          answers.push(await marked(tx, 'first').execute());
          if (pg && i === PREPARE_AFTER - 2)
            expect((await preparedOn(tx)).filter((r) => r.statement.includes("'first'"))).toEqual([]);
        }
        const v = (await tx.selectFrom('pl_row').select('v').where('id', '=', 'r').executeTakeFirst())?.v;
        expect(answers).toEqual(Array(PREPARE_AFTER + 2).fill([{ id: 'r', v, tag: 'first' }]));
        if (pg) expect((await preparedOn(tx)).filter((r) => r.statement.includes("'first'"))).toHaveLength(1);
      });
    });

    it('a prepared select that names its columns still answers after a column is added to its table', async () => {
      await k.transaction().execute(async (tx) => {
        for (let i = 0; i < PREPARE_AFTER + 1; i++) await marked(tx, 'altered').execute();
      });
      await sql`alter table pl_row add column extra integer not null default 5`.execute(k);
      try {
        // every pooled connection (the prepared one among them) answers
        const reads = await Promise.all([1, 2, 3].map(() => marked(k, 'altered').execute()));
        expect(reads.map((r) => r[0]?.tag)).toEqual(['altered', 'altered', 'altered']);
      } finally {
        await sql`alter table pl_row drop column extra`.execute(k);
      }
    });

    it.runIf(pg)(
      `keeps at most ${MAX_PREPARED} texts prepared; the ones past it run unprepared`,
      async () => {
        await k.transaction().execute(async (tx) => {
          for (let t = 0; t < MAX_PREPARED + 5; t++)
            for (let i = 0; i < PREPARE_AFTER; i++)
              expect((await marked(tx, `many${t}`).execute())[0]?.tag).toBe(`many${t}`);
          const on = await preparedOn(tx);
          expect(on.length).toBeLessThanOrEqual(MAX_PREPARED);
          expect(on.some((r) => r.statement.includes(`'many${MAX_PREPARED + 4}'`))).toBe(false);
        });
      },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { createPostgresDatabase, TEST_DB_KIND } from '../test/harness';
import { BUS_MAX_BYTES, type Bus, createBus, packBatches, packRuns } from './bus';

describe('bus batches (pure)', () => {
  const item = (n: number) => {
    const text = JSON.stringify({ c: 'x', p: 'a'.repeat(n) });
    return { text, bytes: Buffer.byteLength(text) };
  };
  it('a lone message leaves as itself; several as one {"b":[…]} under the size limit, in order', () => {
    expect(packBatches([item(3)])).toEqual([{ text: item(3).text, count: 1 }]);
    const three = packBatches([item(1), item(2), item(3)]);
    expect(three).toHaveLength(1);
    expect(JSON.parse(three[0]!.text).b.map((m: { p: string }) => m.p.length)).toEqual([1, 2, 3]);
    const big = Array.from({ length: 10 }, () => item(3000));
    const packed = packBatches(big);
    expect(packed.map((b) => b.count)).toEqual([2, 2, 2, 2, 2]);
    for (const b of packed) expect(Buffer.byteLength(b.text)).toBeLessThanOrEqual(BUS_MAX_BYTES);
  });
  it('packRuns: consecutive runs whose JSON array fits with its wrapper (the chat batches announce ids so)', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `${i}`.padStart(32, '0'));
    const runs = packRuns(
      ids.map((id) => ({ bytes: id.length + 2 })),
      80,
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(500);
    let at = 0;
    for (const n of runs) {
      const text = JSON.stringify({ c: 'chat.stored', p: { o: 'x'.repeat(36), i: ids.slice(at, at + n) } });
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(BUS_MAX_BYTES);
      at += n;
    }
    expect(runs).toEqual([223, 223, 54]);
    expect(packRuns([{ bytes: 9000 }, { bytes: 1 }], 6)).toEqual([1, 1]); // too large alone: its own run
  });
});

describe(`bus over the database's LISTEN/NOTIFY (${TEST_DB_KIND})`, () => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  let a: Bus;
  let b: Bus;
  const notifies: string[] = [];
  beforeAll(async () => {
    if (TEST_DB_KIND === 'postgres') {
      const made = await createPostgresDatabase();
      drop = made.drop;
      db = await openDatabase({ kind: 'postgres', url: made.url, poolSize: 4 });
    } else db = await openDatabase({ kind: 'pglite' });
    // count the NOTIFY statements the publisher sends (the real notifier underneath)
    const notifier = {
      ...db.notifier,
      notify: (channel: string, payload: string) => {
        notifies.push(payload);
        return db.notifier.notify(channel, payload);
      },
    };
    a = await createBus(notifier);
    b = await createBus(db.notifier); // a second process's bus on the same database
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
    await drop?.();
  });

  const received = (bus: Bus, channel: string, n: number) =>
    new Promise<unknown[]>((resolve, reject) => {
      const got: unknown[] = [];
      const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n}`)), 10_000);
      const off = bus.subscribe(channel, (p) => {
        got.push(p);
        if (got.length === n) {
          clearTimeout(timer);
          off();
          resolve(got);
        }
      });
    });

  it('publishes of one turn leave as one NOTIFY and reach every subscriber in order', async () => {
    notifies.length = 0;
    const onA = received(a, 'test.batch', 50);
    const onB = received(b, 'test.batch', 50);
    await Promise.all(Array.from({ length: 50 }, (_, i) => a.publish('test.batch', { i })));
    const want = Array.from({ length: 50 }, (_, i) => ({ i }));
    expect(await onA).toEqual(want);
    expect(await onB).toEqual(want);
    expect(notifies).toHaveLength(1);
  });

  it('a batch over the size limit is split; awaited publishes stay plain and ordered', async () => {
    notifies.length = 0;
    const onB = received(b, 'test.big', 6);
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => a.publish('test.big', { i, pad: 'x'.repeat(3000) })),
    );
    await a.publish('test.big', { i: 4 });
    await a.publish('test.big', { i: 5 });
    expect(((await onB) as { i: number }[]).map((p) => p.i)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(notifies).toHaveLength(4); // 2 + 2 packed, then the two lone ones
    expect(JSON.parse(notifies[2]!)).toEqual({ c: 'test.big', p: { i: 4 } });
    await expect(a.publish('test.big', 'y'.repeat(BUS_MAX_BYTES))).rejects.toThrow(/too large/);
  });
});

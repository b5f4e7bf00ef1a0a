import { afterAll, describe, expect, it } from 'vitest';
import {
  closeJsonataPool,
  evaluateUserJsonata,
  JSONATA_LIMITS,
  JsonataError,
  jsonataFailureMessage,
} from './jsonata';

/** An expression that needs ~2^40 steps (JSONata has no loop, recursion doubles the work per level). */
const EXPONENTIAL = '($f := function($n){ $n < 1 ? 1 : $f($n - 1) + $f($n - 1) }; $f(40))';

async function failure(expression: string, input: unknown = null) {
  try {
    await evaluateUserJsonata(expression, input);
  } catch (e) {
    if (e instanceof JsonataError) return e.failure;
    throw e;
  }
  return null;
}

/** Longest gap between event-loop turns while `work` runs, ms. */
async function maxLoopGap(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 5);
  await work.catch(() => undefined);
  clearInterval(tick);
  return gap;
}

afterAll(closeJsonataPool);

describe('user JSONata in a bounded worker pool', () => {
  it('evaluates transforms as before, returning plain data', async () => {
    const data = [
      { id: 'a', n: '王五', age: 30 },
      { id: 'b', n: '赵六', age: 10 },
    ];
    expect(await evaluateUserJsonata('$[age > 20].{"id": id, "fullName": n}', data)).toEqual({
      id: 'a',
      fullName: '王五',
    });
    expect(await evaluateUserJsonata('$count($)', data)).toBe(2);
    expect(await evaluateUserJsonata('nothing', data)).toBeNull();
    expect(await failure('$[')).toMatchObject({ kind: 'expression' });
  });

  it('stops an exponential expression at the time limit without blocking the event loop', async () => {
    const t0 = performance.now();
    let f: Awaited<ReturnType<typeof failure>> = null;
    const gap = await maxLoopGap(
      failure(EXPONENTIAL).then((x) => {
        f = x;
      }),
    );
    const took = performance.now() - t0;
    expect(f).toEqual({ kind: 'timeout', limit: JSONATA_LIMITS.timeMs });
    expect(took).toBeLessThan(JSONATA_LIMITS.timeMs + 1500);
    expect(gap).toBeLessThan(250);
    expect(jsonataFailureMessage(f!, 'zh')).toBe('transform: 转换表达式执行超过2秒，已停止');
    expect(jsonataFailureMessage(f!, 'en')).toMatch(
      /^transform: The transform expression ran longer than 2 s/,
    );
    // The pool replaced the terminated worker: the next call answers.
    expect(await evaluateUserJsonata('1 + 1', null)).toBe(2);
  });

  it('keeps answering other calls while hostile ones run', async () => {
    const hostile = [failure(EXPONENTIAL), failure(EXPONENTIAL)];
    const t0 = performance.now();
    // Both workers are busy; this call queues behind one of them and answers once it is stopped.
    expect(await evaluateUserJsonata('"ok"', null)).toBe('ok');
    expect(performance.now() - t0).toBeLessThan(JSONATA_LIMITS.timeMs + 1500);
    expect((await Promise.all(hostile)).map((f) => f?.kind)).toEqual(['timeout', 'timeout']);
  });

  it('refuses a result over the size limit and a deep recursion, with a reason', async () => {
    expect(await failure('$pad("", 5000000, "x")')).toEqual({
      kind: 'tooLarge',
      limit: JSONATA_LIMITS.maxResultBytes,
    });
    const deep = await failure('($f := function($n){ $f($n + 1) }; $f(0))');
    expect(['expression', 'timeout', 'memory']).toContain(deep?.kind);
  });

  it("is fair between users: one user's flood is capped and another user's job runs before the flood's queued jobs", async () => {
    const SLOW = '($f := function($n){ $n < 1 ? 1 : $f($n - 1) + $f($n - 1) }; $f(12))';
    const settled: string[] = [];
    const track = (name: string, p: Promise<unknown>) =>
      p.then(
        () => settled.push(name),
        (e) => settled.push(e instanceof JsonataError && e.failure.kind === 'busy' ? `${name}:busy` : name),
      );
    const flood = Array.from({ length: JSONATA_LIMITS.pool + JSONATA_LIMITS.perUser + 2 }, (_, i) =>
      track(`a${i}`, evaluateUserJsonata(SLOW, null, 'user-a')),
    );
    // user b comes after the whole flood was queued
    const other = track('b', evaluateUserJsonata('1 + 1', null, 'user-b'));
    await Promise.all([...flood, other]);
    // user a holds at most perUser jobs (running and queued); the rest were refused as busy
    expect(settled.filter((s) => s.endsWith(':busy'))).toHaveLength(
      JSONATA_LIMITS.pool + JSONATA_LIMITS.perUser + 2 - JSONATA_LIMITS.perUser,
    );
    const done = settled.filter((s) => !s.endsWith(':busy'));
    // b was dispatched at the first free worker, before a's queued jobs: it ends before the last of them
    const queuedOfA = done.filter((s) => s.startsWith('a')).slice(JSONATA_LIMITS.pool);
    expect(queuedOfA.length).toBeGreaterThan(0);
    for (const a of queuedOfA) expect(done.indexOf('b')).toBeLessThan(done.indexOf(a));
  }, 60_000);
});

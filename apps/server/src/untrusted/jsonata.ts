// User JSONata expressions (data-interface transforms) run in a small pool of worker threads with a heap
// limit; a call that passes the time limit has its worker terminated (and replaced on the next call), so a
// runaway or exponential expression costs its caller an error and nobody else anything. Workers stay warm
// between calls, so the common case pays a message round trip, not a thread start.
import { Worker } from 'node:worker_threads';

export const JSONATA_LIMITS = {
  /** Longest evaluation, milliseconds. */
  timeMs: 2000,
  /** Heap of each worker, MiB. */
  heapMb: 128,
  /** Workers evaluating at once; further calls wait in a queue of at most `queue`. */
  pool: 2,
  queue: 32,
  /**
   * Calls one user may have running and waiting at once (more: busy). The queue is served round-robin by
   * user, so one user's flood cannot keep another user's call waiting behind it.
   */
  perUser: 4,
  /** Largest result, characters of JSON. */
  maxResultBytes: 4 * 1024 * 1024,
};

/** Why an evaluation failed; `message` is JSONata's own text for an error in the expression. */
export type JsonataFailure =
  | { kind: 'expression'; message: string }
  | { kind: 'timeout'; limit: number }
  | { kind: 'memory'; limit: number }
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'busy' };

export type Lang = 'zh' | 'zhtw' | 'en';

const TEXTS: Record<JsonataFailure['kind'], Record<Lang, (f: JsonataFailure) => string>> = {
  expression: {
    zh: (f) => `转换表达式错误：${'message' in f ? f.message : ''}`,
    zhtw: (f) => `轉換表達式錯誤：${'message' in f ? f.message : ''}`,
    en: (f) => `Transform expression error: ${'message' in f ? f.message : ''}`,
  },
  timeout: {
    zh: (f) => `转换表达式执行超过${limitOf(f) / 1000}秒，已停止`,
    zhtw: (f) => `轉換表達式執行超過${limitOf(f) / 1000}秒，已停止`,
    en: (f) => `The transform expression ran longer than ${limitOf(f) / 1000} s and was stopped`,
  },
  memory: {
    zh: (f) => `转换表达式所需内存超过${limitOf(f)}MB，已停止`,
    zhtw: (f) => `轉換表達式所需內存超過${limitOf(f)}MB，已停止`,
    en: (f) => `The transform expression needed more than ${limitOf(f)} MB of memory and was stopped`,
  },
  tooLarge: {
    zh: (f) => `转换结果超过${limitOf(f) / 1024 / 1024}MB`,
    zhtw: (f) => `轉換結果超過${limitOf(f) / 1024 / 1024}MB`,
    en: (f) => `The transform result exceeds ${limitOf(f) / 1024 / 1024} MB`,
  },
  busy: {
    zh: () => '服务器正在执行其他转换表达式，请稍后再试',
    zhtw: () => '伺服器正在執行其他轉換表達式，請稍後再試',
    en: () => 'The server is running other transform expressions; please try again shortly',
  },
};
const limitOf = (f: JsonataFailure) => ('limit' in f ? f.limit : 0);

/** The failure as text for the field `transform`, in the given language. */
export function jsonataFailureMessage(f: JsonataFailure, lang: Lang = 'zh'): string {
  return `transform: ${TEXTS[f.kind][lang](f)}`;
}

export class JsonataError extends Error {
  constructor(readonly failure: JsonataFailure) {
    super(failure.kind === 'expression' ? failure.message : failure.kind);
    this.name = 'JsonataError';
  }
}

type Answer =
  | { id: number; ok: true; json: string }
  | { id: number; ok: false; error: string; message?: string };

interface Slot {
  worker: Worker | null;
  busy: boolean;
}

const WORKER_URL = new URL('./jsonata-worker.mjs', import.meta.url);
const slots: Slot[] = [];
/** Waiting calls per user, and the users with waiting calls in the order they are served (round-robin). */
const waiting = new Map<string, Array<(s: Slot) => void>>();
const turn: string[] = [];
let queued = 0;
/** Calls each user has running or waiting. */
const held = new Map<string, number>();
let nextId = 1;

function start(): Worker {
  const w = new Worker(WORKER_URL, {
    workerData: { maxResultBytes: JSONATA_LIMITS.maxResultBytes },
    resourceLimits: {
      maxOldGenerationSizeMb: JSONATA_LIMITS.heapMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
  });
  w.unref(); // an idle pool never keeps the process alive
  w.on('error', () => undefined); // a call in progress has its own listener; an idle worker has nothing to lose
  return w;
}

async function acquire(user: string): Promise<Slot> {
  const mine = held.get(user) ?? 0;
  if (mine >= JSONATA_LIMITS.perUser) throw new JsonataError({ kind: 'busy' });
  let free = slots.find((s) => !s.busy);
  if (!free && slots.length < JSONATA_LIMITS.pool) {
    free = { worker: null, busy: false };
    slots.push(free);
  }
  if (free) {
    free.busy = true;
    held.set(user, mine + 1);
    return free;
  }
  if (queued >= JSONATA_LIMITS.queue) throw new JsonataError({ kind: 'busy' });
  held.set(user, mine + 1);
  queued++;
  return new Promise((resolve) => {
    const list = waiting.get(user);
    if (list) list.push(resolve);
    else {
      waiting.set(user, [resolve]);
      turn.push(user);
    }
  });
}

/** Hands the slot to the next user in turn (his oldest call), or frees it. */
function release(s: Slot, user: string): void {
  const left = (held.get(user) ?? 1) - 1;
  if (left > 0) held.set(user, left);
  else held.delete(user);
  const next = turn.shift();
  if (next === undefined) {
    s.busy = false;
    return;
  }
  const list = waiting.get(next)!;
  const resolve = list.shift()!;
  if (list.length) turn.push(next);
  else waiting.delete(next);
  queued--;
  resolve(s);
}

function run(s: Slot, expression: string, input: unknown): Promise<unknown> {
  s.worker ??= start();
  const w = s.worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const finish = (fn: () => void, kill: boolean) => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      if (kill) {
        if (s.worker === w) s.worker = null;
        void w.terminate();
      }
      fn();
    };
    const onMessage = (a: Answer) => {
      if (a.id !== id) return;
      if (a.ok) finish(() => resolve(JSON.parse(a.json)), false);
      else
        finish(
          () =>
            reject(
              new JsonataError(
                a.error === 'tooLarge'
                  ? { kind: 'tooLarge', limit: JSONATA_LIMITS.maxResultBytes }
                  : { kind: 'expression', message: a.message ?? '' },
              ),
            ),
          false,
        );
    };
    const onError = (e: Error & { code?: string }) =>
      finish(
        () =>
          reject(
            new JsonataError(
              e.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? { kind: 'memory', limit: JSONATA_LIMITS.heapMb }
                : { kind: 'expression', message: e.message },
            ),
          ),
        true,
      );
    const onExit = () =>
      finish(() => reject(new JsonataError({ kind: 'memory', limit: JSONATA_LIMITS.heapMb })), true);
    const timer = setTimeout(
      () => finish(() => reject(new JsonataError({ kind: 'timeout', limit: JSONATA_LIMITS.timeMs })), true),
      JSONATA_LIMITS.timeMs,
    );
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage({ id, expression, input });
  });
}

/**
 * Evaluates a user's JSONata expression against `input` (JSON data) within JSONATA_LIMITS, fairly between
 * users (each holds at most `perUser` calls; waiting calls are served round-robin by user). Resolves with the
 * result as plain JSON data; rejects with JsonataError (expression error, timeout, memory, result size, busy).
 */
export async function evaluateUserJsonata(
  expression: string,
  input: unknown,
  /** Whose call it is (the user id): the fairness key of the queue (JSONATA_LIMITS.perUser). */
  user = '',
): Promise<unknown> {
  const s = await acquire(user);
  try {
    return await run(s, expression, input);
  } finally {
    release(s, user);
  }
}

/** Stops the pool's workers (tests, shutdown). */
export async function closeJsonataPool(): Promise<void> {
  await Promise.all(slots.map((s) => s.worker?.terminate()));
  for (const s of slots) s.worker = null;
}

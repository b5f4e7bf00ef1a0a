// Rate limits of the password and sign-in calls (issue 34: 40 parallel bogus logins pushed a real login to
// 9 s). Each limited call takes a token from its client address's bucket and from the call's global bucket
// before any work (no database read, no hash); a call that succeeds gives both back, so only failed or
// refused attempts use the budget up. An empty bucket answers code 429 尝试次数过多，请N秒后再试 with
// Retry-After. The buckets live in the process: with N instances the global budget is N times this.
import { ApiCode } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';

export type AttemptScope = 'login' | 'unlock' | 'password' | 'certificate';

const num = (v: string | undefined, dflt: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : dflt;
};

/**
 * Attempts a minute (also the burst) per client address and per call (KP_ATTEMPTS_PER_ADDRESS, default 30),
 * and for everyone together per call (KP_ATTEMPTS_GLOBAL, default 300). Mutable for tests.
 */
export const ATTEMPT_LIMITS = {
  perAddress: num(process.env.KP_ATTEMPTS_PER_ADDRESS, 30),
  global: num(process.env.KP_ATTEMPTS_GLOBAL, 300),
};

/**
 * Which calls are limited (method and path, lower case); `refund`: a success gives its token back; `wide`:
 * the address budget is doubled (codeCertificate: login/scan.ts already holds an address to 20 live QR codes
 * and answers first with its own text; this bucket stops a creator that lets them expire).
 */
const LIMITED: Array<{
  method: string;
  match: (url: string) => boolean;
  scope: AttemptScope;
  refund: boolean;
  wide?: boolean;
}> = [
  { method: 'POST', match: (u) => u === '/api/oauth/login', scope: 'login', refund: true },
  { method: 'POST', match: (u) => u === '/api/oauth/lockscreen', scope: 'unlock', refund: true },
  { method: 'POST', match: (u) => u.endsWith('/actions/modifypassword'), scope: 'password', refund: true },
  // every certificate is a row: creating one is not given back
  {
    method: 'GET',
    match: (u) => u === '/api/oauth/codecertificate',
    scope: 'certificate',
    refund: false,
    wide: true,
  },
];

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets of one server: `capacity` tokens, refilled at capacity per minute. */
export class AttemptBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = Date.now();

  /** Takes a token of `key`; answers 0, or the seconds until one is there. */
  take(key: string, capacity: number, now = Date.now()): number {
    const rate = capacity / 60_000;
    const b = this.buckets.get(key) ?? { tokens: capacity, at: now };
    b.tokens = Math.min(capacity, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
    b.tokens -= 1;
    this.sweep(now);
    return 0;
  }

  give(key: string, capacity: number): void {
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(capacity, b.tokens + 1);
  }

  /** Forgets buckets that are full again (at most once a minute). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && this.buckets.size < 50_000) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(k);
  }
}

/** The tokens a request took, to give back when it succeeds. */
const taken = new WeakMap<FastifyRequest, Array<[string, number]>>();

/** The onRequest and onSend hooks of the limits (registered by buildApp, before the routes). */
export function registerAttemptLimits(app: FastifyInstance): AttemptBuckets {
  const buckets = new AttemptBuckets();
  app.addHook('onRequest', async (req, reply) => {
    const url = (req.routeOptions.url ?? '').toLowerCase();
    const rule = LIMITED.find((r) => r.method === req.method && r.match(url));
    if (!rule) return;
    const mine: [string, number] = [
      `${rule.scope}\n${req.ip}`,
      ATTEMPT_LIMITS.perAddress * (rule.wide ? 2 : 1),
    ];
    const all: [string, number] = [rule.scope, ATTEMPT_LIMITS.global];
    let wait = buckets.take(...mine);
    if (!wait) {
      wait = buckets.take(...all);
      if (wait) buckets.give(...mine);
    }
    if (wait) {
      reply.header('retry-after', String(wait));
      throw tooMany(wait);
    }
    if (rule.refund) taken.set(req, [mine, all]);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const keys = taken.get(req);
    if (!keys) return payload;
    taken.delete(req);
    if (reply.statusCode === 200 && typeof payload === 'string' && /^\{"code":200[,}]/.test(payload))
      for (const k of keys) buckets.give(...k);
    return payload;
  });
  return buckets;
}

function tooMany(seconds: number): ApiError {
  return new ApiError(ApiCode.TOO_MANY, `尝试次数过多，请${seconds}秒后再试`);
}

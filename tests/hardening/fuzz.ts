// Shared pieces of the hardening suites: JSON Schema -> fast-check arbitraries with hostile leaves, the
// hostile values, a write counter on every table (statement triggers), and the answer checks.
import type { RouteInfo } from '@kp/server';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';

/** Strings an attacker sends: SQL, script, traversal, control characters, huge, odd unicode. */
export const HOSTILE_STRINGS: string[] = [
  "' or '1'='1",
  "'; drop table base_user; --",
  '1; select pg_sleep(30)--',
  "admin'--",
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a\u0000b',
  '\u202e\u0000\uffff',
  '😀'.repeat(50),
  `\${7*7}{{7*7}}`,
  '__proto__',
  'constructor',
  '-1',
  '0',
  'NaN',
  '',
  ' ',
  'x'.repeat(70_000),
];

/** Numbers that break paging and arithmetic. */
export const HOSTILE_NUMBERS: unknown[] = [
  -1,
  0,
  -2_147_483_649,
  2_147_483_648,
  '9007199254740993',
  1e308,
  -1e308,
  0.5,
  '1e999',
  'abc',
  '-0',
  null,
  true,
  [],
  {},
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
export const hostileAny = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constant({ $gt: '' }),
  fc.constant([['nested']]),
  fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
);

/** `{ a: { a: { … } } }` `depth` levels deep. */
export function deepNest(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v, b: [i] };
  return v;
}
export function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
};

const safeText = fc.string({ minLength: 1, maxLength: 12 });

/**
 * Values for a JSON Schema: mostly well-formed (so the handler runs), with a hostile value at some
 * leaves (`hostileRate` of them). Object keys: the required ones always, optional ones sometimes.
 */
export function arbOf(schema: Schema | undefined, hostileRate = 0.3, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(safeText, hostileAny);
  const leaf = (a: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: Math.round((1 - hostileRate) * 10), arbitrary: a },
      { weight: Math.round(hostileRate * 10), arbitrary: hostileAny },
    );
  if (schema.const !== undefined) return leaf(fc.constant(schema.const));
  if (schema.enum) return leaf(fc.constantFrom(...schema.enum));
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => arbOf(s, hostileRate, depth + 1)));
  if (schema.allOf?.length) return arbOf(schema.allOf[0], hostileRate, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const req = new Set(schema.required ?? []);
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) rec[k] = arbOf(s, hostileRate, depth + 1);
      const requiredKeys = Object.keys(props).filter((k) => req.has(k));
      return fc.record(rec, { requiredKeys });
    }
    case 'array':
      return fc.array(arbOf(schema.items, hostileRate, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return leaf(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) }),
      );
    case 'integer':
      return leaf(fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) }));
    case 'number':
      return leaf(fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }));
    case 'boolean':
      return leaf(fc.boolean());
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(safeText, fc.integer(), hostileAny);
  }
}

/** Fills `:param` segments (and `*`) of a route url with the given values. */
export function fillUrl(url: string, value: (name: string) => string): string {
  return url
    .split('/')
    .map((seg) => {
      if (seg === '*') return encodeURIComponent(value('*'));
      // `:typeId|:id`-style alternatives share one segment; Fastify regexp params are rare here.
      if (seg.startsWith(':')) return encodeURIComponent(value(seg.slice(1).replace(/\(.*$/, '')));
      return seg;
    })
    .join('/');
}

/** A query object as a query string (arrays repeat the key; objects become JSON text). */
export function toQuery(q: unknown): string {
  if (!q || typeof q !== 'object' || Array.isArray(q)) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const x of v) p.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else p.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Tables whose writes a refused call may make by design (sessions, logs, captchas). */
export const WRITE_EXEMPT = /^(user_session|sys_log|captcha|user_code|kp_migration.*|kp_test_writes|.*_log)$/;

/**
 * Counts committed row writes: a row-level trigger on every table of the public schema (but the exempt
 * ones) inserts a row into kp_test_writes. Row-level, so a statement that changes nothing counts nothing;
 * transactional, so rolled-back work counts nothing either.
 */
export async function installWriteCounter(db: Kysely<never>): Promise<void> {
  await sql`create table if not exists kp_test_writes (id bigserial primary key, tbl text not null)`.execute(
    db,
  );
  await sql`
    create or replace function kp_test_write() returns trigger language plpgsql as $$
    begin insert into kp_test_writes(tbl) values (TG_TABLE_NAME); return null; end $$`.execute(db);
  const tables = await sql<{ t: string }>`
    select tablename as t from pg_tables where schemaname = 'public'`.execute(db);
  for (const { t } of tables.rows) {
    if (WRITE_EXEMPT.test(t)) continue;
    await sql`create trigger ${sql.raw(`${t}_kp_test_write`)} after insert or update or delete
      on ${sql.table(t)} for each row execute function kp_test_write()`.execute(db);
  }
}

/** The id of the last counted write (0: none yet). */
export async function writeMark(db: Kysely<never>): Promise<number> {
  const r = await sql<{ n: number | null }>`select max(id)::int as n from kp_test_writes`.execute(db);
  return Number(r.rows[0].n ?? 0);
}

/** Tables written after `mark` (with how many rows), or [] when nothing was written. */
export async function writesSince(db: Kysely<never>, mark: number): Promise<string[]> {
  const r = await sql<{ tbl: string; n: number }>`
    select tbl, count(*)::int as n from kp_test_writes where id > ${mark} group by tbl order by tbl`.execute(
    db,
  );
  return r.rows.map((x) => `${x.tbl}×${x.n}`);
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const STACK =
  /(\n\s+at .+:\d+:\d+)|(\/(src|node_modules)\/.+\.(ts|js):\d+)|ReferenceError|TypeError: |SyntaxError: /;

/**
 * The rule of every answer: HTTP status under 500; JSON answers are `{code, msg}` envelopes whose code
 * is not 500 and whose non-200 codes carry a msg; nothing anywhere looks like a stack trace.
 * Returns a problem text, or null when the answer is fine.
 */
export function checkAnswer(a: Answer): string | null {
  if (a.status >= 500) return `HTTP ${a.status}: ${a.body.slice(0, 200)}`;
  if (STACK.test(a.body.slice(0, 100_000))) return `stack-like text: ${a.body.slice(0, 300)}`;
  if (a.contentType.includes('json')) {
    let env: { code?: unknown; msg?: unknown };
    try {
      env = JSON.parse(a.body);
    } catch {
      return `unparsable JSON: ${a.body.slice(0, 200)}`;
    }
    if (typeof env.code !== 'number') return `no numeric code: ${a.body.slice(0, 200)}`;
    if (env.code === 500 || (env.code >= 500 && env.code < 600))
      return `code ${env.code}: ${String(env.msg)}`;
    if (env.code !== 200 && (typeof env.msg !== 'string' || !env.msg)) return `code ${env.code} without msg`;
  }
  return null;
}

/** Routes the suites leave out: the socket upgrade, the static host, and calls that end the caller's session. */
export function fuzzable(r: RouteInfo): boolean {
  if (r.url === '/websocket' || r.url.startsWith('/kpSystem') || r.url === '/' || r.url === '*') return false;
  if (r.url === '/api/oauth/Logout' || r.url === '/api/oauth/LockScreen') return false;
  return r.url.startsWith('/api/');
}

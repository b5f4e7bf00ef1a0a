/**
 * Regular expressions typed by users (the form designer's regList rules) run on RE2 (the re2js port), whose
 * matching time is linear in the input: a pattern like `^(a+)+$` cannot stall the server or the browser the
 * way a backtracking RegExp does. Patterns RE2 cannot express (backreferences `\1`, lookaround `(?=`, `(?<=`)
 * are refused when the form is saved, with a message naming the field (see validateFormConfig in
 * @kp/schema, which compiles with the same engine). Linear is not yet cheap: the cost is program size × text
 * length, so programs are capped (MAX_USER_REGEX_PROGRAM) and so is the work of one test (MAX_USER_REGEX_WORK).
 *
 * Accepted forms: `/body/flags` or a bare body. Flags: i (case-insensitive), m (multiline), s (dot matches
 * newline); g, y, u and d change nothing for a yes/no test and are ignored. Compiled patterns are cached
 * (at most USER_REGEX_CACHE entries, least recently used dropped first).
 *
 * RE2 is loaded lazily (see ./re2): in Node on first use, in a browser by `loadSafeRegex()`. Before it is in,
 * compileUserRegex answers `{ ok: false, error: 'regex engine not loaded…' }` and does not cache that answer.
 */
import { type Re2Engine, re2Engine } from './re2';

/** The longest pattern accepted (characters). */
export const MAX_USER_REGEX_LENGTH = 1000;
/** The largest compiled program (RE2 instructions; `.{1000}` is 1,002): matching costs up to this per character. */
export const MAX_USER_REGEX_PROGRAM = 1000;
/**
 * Most work one test may do, program size × text length (~50 ns each at worst): beyond it the text does not
 * match (fails closed). A usual pattern (10–50 instructions) tests texts of 20,000+ characters.
 */
export const MAX_USER_REGEX_WORK = 1_000_000;
/** How many compiled patterns are kept. */
export const USER_REGEX_CACHE = 256;

/** A compiled user pattern: `test` answers whether it matches anywhere in the text, in linear time. */
export interface UserRegex {
  readonly source: string;
  readonly flags: string;
  test(text: string): boolean;
}

export type UserRegexResult = { ok: true; regex: UserRegex } | { ok: false; error: string };

const flagBits = (re2: Re2Engine): Record<string, number> => ({
  i: re2.CASE_INSENSITIVE,
  m: re2.MULTILINE,
  s: re2.DOTALL,
  g: 0,
  y: 0,
  u: 0,
  d: 0,
});

/** The answer while RE2 is not loaded yet (a browser before `loadSafeRegex()`); never cached. */
export const REGEX_ENGINE_NOT_LOADED = 'regex engine not loaded (await loadSafeRegex() first)';

const cache = new Map<string, UserRegexResult>();

/** Splits `/body/flags` into body and flags; anything else is a bare body with no flags. */
export function splitUserRegex(pattern: string): { source: string; flags: string } {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(pattern);
  return m ? { source: m[1]!, flags: m[2]! } : { source: pattern, flags: '' };
}

function compile(RE2JS: Re2Engine, source: string, flags: string): UserRegexResult {
  const FLAG_BITS = flagBits(RE2JS);
  if (source.length > MAX_USER_REGEX_LENGTH)
    return { ok: false, error: `longer than ${MAX_USER_REGEX_LENGTH} characters` };
  let bits = 0;
  for (const f of flags) {
    const b = Object.hasOwn(FLAG_BITS, f) ? FLAG_BITS[f] : undefined;
    if (b === undefined) return { ok: false, error: `unknown flag "${f}"` };
    bits |= b;
  }
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
    const size = Number((re.re2().prog as { numInst(): number }).numInst());
    if (!(size <= MAX_USER_REGEX_PROGRAM))
      return {
        ok: false,
        error: `too complex (${size} steps per character; at most ${MAX_USER_REGEX_PROGRAM})`,
      };
    const clean = [...new Set(flags)].filter((f) => FLAG_BITS[f]).join('');
    const test = (text: string) => size * text.length <= MAX_USER_REGEX_WORK && re.test(text);
    return { ok: true, regex: { source, flags: clean, test } };
  } catch (e) {
    const why = String((e as { message?: unknown })?.message ?? e).replace(/^error parsing regexp: /, '');
    return { ok: false, error: why.slice(0, 120) };
  }
}

/**
 * Compiles a user pattern (`/body/flags` or a bare body; `flags` given separately are added) on RE2.
 * Never throws: an unusable pattern answers `{ ok: false, error }` (English, for the field's message).
 */
export function compileUserRegex(pattern: string, flags = ''): UserRegexResult {
  if (typeof pattern !== 'string') return { ok: false, error: 'not a string' };
  const key = `${flags}\u0000${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const re2 = re2Engine();
  if (!re2) return { ok: false, error: REGEX_ENGINE_NOT_LOADED };
  const parts = splitUserRegex(pattern);
  const out = compile(re2, parts.source, parts.flags + flags);
  cache.set(key, out);
  if (cache.size > USER_REGEX_CACHE) cache.delete(cache.keys().next().value as string);
  return out;
}

/** The compiled pattern, or null when RE2 cannot compile it. */
export function userRegexOf(pattern: string, flags = ''): UserRegex | null {
  const r = compileUserRegex(pattern, flags);
  return r.ok ? r.regex : null;
}

/** How many compiled patterns are cached now (for tests of the bound). */
export const userRegexCacheSize = (): number => cache.size;

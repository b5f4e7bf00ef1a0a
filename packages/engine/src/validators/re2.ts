/**
 * Where the RE2 engine (re2js, about 45 kB gzipped) comes from. It is not imported statically, so a browser
 * bundle that never meets a user pattern does not carry it:
 * - in Node (server, tests, CLIs) it is loaded synchronously on first use, through `process.getBuiltinModule`
 *   and `createRequire` (a runtime call bundlers leave alone);
 * - in a browser, `loadSafeRegex()` fetches it (a lazy chunk) and resolves when user patterns can run;
 *   `installSafeRegex(RE2JS)` installs a statically imported copy instead, for hosts that want it eagerly.
 * Until then compileUserRegex answers `{ ok: false }` (not cached) and a form's deferred patterns fail closed.
 */
import type { RE2JS } from 're2js';

export type Re2Engine = typeof RE2JS;

let engine: Re2Engine | null = null;
let loading: Promise<void> | null = null;
let triedNode = false;

type NodeProcess = { getBuiltinModule?: (id: string) => unknown };

/** Node only: a synchronous require of re2js (undefined elsewhere, or when it cannot be resolved). */
function fromNode(): Re2Engine | null {
  triedNode = true;
  const get = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule;
  if (typeof get !== 'function') return null;
  try {
    const mod = get('node:module') as { createRequire(url: string): (id: string) => unknown };
    return (mod.createRequire(import.meta.url)('re2js') as { RE2JS: Re2Engine }).RE2JS;
  } catch {
    return null;
  }
}

/** The RE2 engine if it can be had synchronously now (loaded, installed, or Node), else null. */
export function re2Engine(): Re2Engine | null {
  if (!engine && !triedNode) engine = fromNode();
  return engine;
}

/** True when user patterns can be compiled and tested synchronously now. */
export const safeRegexReady = (): boolean => re2Engine() !== null;

/** Fetches the RE2 engine once (a lazy chunk in a browser build); resolves when user patterns can run. */
export function loadSafeRegex(): Promise<void> {
  if (re2Engine()) return Promise.resolve();
  loading ??= import('re2js').then(
    (m) => {
      engine ??= m.RE2JS;
    },
    (e) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Installs a statically imported re2js (`import { RE2JS } from 're2js'`), for hosts that want it eagerly. */
export function installSafeRegex(re2: Re2Engine): void {
  engine = re2;
}

/** Tests only: forget the engine and pretend to be a browser (no synchronous Node load) until loadSafeRegex(). */
export function unloadSafeRegexForTests(): void {
  engine = null;
  loading = null;
  triedNode = true;
}

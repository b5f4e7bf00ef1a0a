import { STORAGE_PREFIX } from '../config';
import { storage } from './storage';

/**
 * What a user typed into a request and has not sent, kept in this browser per account and per request, so
 * that a session that ends (codes 600/601/602 send the user to the login page), a reload or a closed tab
 * loses nothing: the next time the same user opens the same request, the dialog offers it back. Sending,
 * closing on purpose, or logging out removes it; an entry older than a week is not offered.
 */
export interface Unsent {
  data: Record<string, unknown>;
  /** The data as it was loaded when the typing began: `data` less this is what the user changed. */
  base?: Record<string, unknown>;
  /** What else the dialog keeps beside the form (a request's urgency). */
  extra?: Record<string, unknown>;
  /** When it was kept (ms since the epoch). */
  savedAt: number;
}

const PREFIX = 'unsent:';
/** An entry is offered back for a week. */
export const UNSENT_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Larger input (JSON text) is not kept: localStorage holds a few MB for the whole site. */
export const UNSENT_MAX_CHARS = 512 * 1024;

/** The key of one thing one user fills in (`scope`: what and which one, e.g. `flow:<id>`, `form:<module>:new`). */
export function unsentKey(userId: string, scope: string | null): string | null {
  if (!userId || !scope) return null;
  return `${PREFIX}${userId}:${scope}`;
}

/** The scope of a request: a task (with the operator task when approving), or a new launch of a flow. */
export function requestScope(at: { taskId?: string; flowId?: string; operatorId?: string }): string | null {
  if (at.taskId) return `task:${at.taskId}:${at.operatorId ?? ''}`;
  if (at.flowId) return `flow:${at.flowId}`;
  return null;
}

const json = (v: unknown) => JSON.stringify(v ?? null);

/**
 * The user's own changes put back on the data as it is loaded now: the fields whose kept value differs from
 * the kept base take the kept value; every other field keeps today's (someone else may have changed it since).
 */
export function mergeUnsent(now: Record<string, unknown>, kept: Unsent): Record<string, unknown> {
  const base = kept.base ?? {};
  const out = { ...now };
  for (const k of new Set([...Object.keys(kept.data), ...Object.keys(base)]))
    if (json(kept.data[k]) !== json(base[k])) {
      if (k in kept.data) out[k] = kept.data[k];
      else delete out[k];
    }
  return out;
}

/** Keeps the entry; false when it is too large or storage refused it (nothing else is lost). */
export function keepUnsent(key: string, entry: Omit<Unsent, 'savedAt'>, now = Date.now()): boolean {
  const value: Unsent = { ...entry, savedAt: now };
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  if (text.length > UNSENT_MAX_CHARS) {
    storage.remove(key);
    return false;
  }
  storage.set(key, value);
  return storage.get<Unsent | null>(key, null)?.savedAt === now;
}

/** The kept entry, unless it is missing, malformed or older than a week (then it is removed). */
export function readUnsent(key: string, now = Date.now()): Unsent | null {
  const v = storage.get<Unsent | null>(key, null);
  if (!v || typeof v !== 'object' || typeof v.savedAt !== 'number' || !v.data || typeof v.data !== 'object') {
    storage.remove(key); // (missing, or not JSON: nothing to remove, or unreadable)
    return null;
  }
  if (now - v.savedAt > UNSENT_MAX_AGE_MS) {
    storage.remove(key);
    return null;
  }
  return v;
}

export function dropUnsent(key: string | null): void {
  if (key) storage.remove(key);
}

/** The localStorage keys (whole, with the jnpf_ prefix) that start with `start`. */
function keysStarting(start: string): string[] {
  const keys: string[] = [];
  try {
    const ls = globalThis.localStorage;
    for (let i = 0; ls && i < ls.length; i++) {
      const k = ls.key(i);
      if (k?.startsWith(start)) keys.push(k);
    }
  } catch {
    /* storage unavailable */
  }
  return keys;
}

/**
 * Removes every entry (of any user) older than a week or unreadable: run at sign-in, so input nobody came
 * back for does not stay in a shared browser.
 */
export function sweepUnsent(now = Date.now()): void {
  for (const k of keysStarting(`${STORAGE_PREFIX}${PREFIX}`)) readUnsent(k.slice(STORAGE_PREFIX.length), now);
}

/** Removes every entry of one user (an explicit logout: the next person at this browser sees none of it). */
export function dropAllUnsent(userId: string): void {
  if (!userId) return;
  for (const k of keysStarting(`${STORAGE_PREFIX}${PREFIX}${userId}:`))
    storage.remove(k.slice(STORAGE_PREFIX.length));
}

import { gcm } from '@noble/ciphers/aes.js';
import { bytesToUtf8, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { STORAGE_PREFIX } from '../config';
import { storage } from './storage';

/**
 * What a user typed into a request and has not sent, kept in this browser per account and per request, so
 * that a session that ends (codes 600/601/602 send the user to the login page), a reload or a closed tab
 * loses nothing: the next time the same user opens the same request, the dialog offers it back. Sending,
 * closing on purpose, or logging out removes it; an entry older than a week is not offered.
 *
 * What is kept is encrypted (AES-GCM, bound to its key name) with the user's key, which the server hands only to
 * his own signed-in, unlocked sessions (GET /api/oauth/UnsentKey) and which lives in this page's memory alone:
 * signed out, locked or signed in as someone else, this browser holds nothing readable. Without the key nothing
 * is kept or offered. When another user signs in at this browser, every other user's entries go.
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

/** The signed-in user's key (32 bytes), in memory only: set after sign-in and unlock, cleared on lock and logout. */
let secret: Uint8Array | null = null;

export function setUnsentKey(base64: string | null): void {
  if (!base64) {
    secret = null;
    return;
  }
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  secret = bytes.length === 32 ? bytes : null;
}

/** Whether input can be kept now (a key is there). */
export const unsentKeyReady = (): boolean => secret !== null;

/** An entry as stored: when it was kept (for the sweep, which has no key) and the sealed Unsent. */
interface Sealed {
  savedAt: number;
  iv: string;
  box: string;
}

const b64 = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function seal(key: string, value: Unsent): Sealed | null {
  if (!secret) return null;
  const iv = randomBytes(12);
  const box = gcm(secret, iv, utf8ToBytes(key)).encrypt(utf8ToBytes(JSON.stringify(value)));
  return { savedAt: value.savedAt, iv: b64(iv), box: b64(box) };
}

function open(key: string, v: unknown): Unsent | null {
  if (!secret || !v || typeof v !== 'object') return null;
  const { iv, box } = v as Partial<Sealed>;
  if (typeof iv !== 'string' || typeof box !== 'string') return null;
  try {
    return JSON.parse(bytesToUtf8(gcm(secret, unb64(iv), utf8ToBytes(key)).decrypt(unb64(box)))) as Unsent;
  } catch {
    return null; // another key (replaced at a logout), or tampered with
  }
}
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
  const sealed = seal(key, value);
  if (!sealed) return false;
  storage.set(key, sealed);
  return storage.get<Sealed | null>(key, null)?.savedAt === now;
}

/**
 * The kept entry, unless it is missing, malformed, sealed with another key or older than a week (then it is
 * removed). Without a key (signed out, locked) nothing is read and nothing removed.
 */
export function readUnsent(key: string, now = Date.now()): Unsent | null {
  if (!secret) return null;
  const v = open(key, storage.get<unknown>(key, null));
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

/** An entry's age as stored (no key needed); null when it is no entry of this store. */
function savedAtOf(key: string): number | null {
  const v = storage.get<unknown>(key, null);
  if (!v || typeof v !== 'object') return null;
  const { savedAt, iv, box } = v as Partial<Sealed>;
  return typeof savedAt === 'number' && typeof iv === 'string' && typeof box === 'string' ? savedAt : null;
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
 * Run at sign-in of `userId`: removes every other user's entries (a shared browser keeps one user's input at a
 * time) and every entry older than a week or not sealed (kept in plain text by an older version).
 */
export function sweepUnsent(userId: string, now = Date.now()): void {
  const own = `${PREFIX}${userId}:`;
  for (const k of keysStarting(`${STORAGE_PREFIX}${PREFIX}`)) {
    const key = k.slice(STORAGE_PREFIX.length);
    const at = savedAtOf(key);
    if (!userId || !key.startsWith(own) || at === null || now - at > UNSENT_MAX_AGE_MS) storage.remove(key);
  }
}

/** Removes every entry of one user (an explicit logout: the next person at this browser sees none of it). */
export function dropAllUnsent(userId: string): void {
  if (!userId) return;
  for (const k of keysStarting(`${STORAGE_PREFIX}${PREFIX}${userId}:`))
    storage.remove(k.slice(STORAGE_PREFIX.length));
}

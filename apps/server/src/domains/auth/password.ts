import { md5Hex } from './tokens';

/** bcrypt, either native (@node-rs/bcrypt, on libuv's thread pool) or pure JS (bcryptjs, on the event loop). */
export interface PasswordHasher {
  name: '@node-rs/bcrypt' | 'bcryptjs';
  hash(password: string, cost: number): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

async function loadJs(): Promise<PasswordHasher> {
  const { default: bcrypt } = await import('bcryptjs');
  return {
    name: 'bcryptjs',
    hash: (p, cost) => bcrypt.hash(p, cost),
    verify: (p, h) => bcrypt.compare(p, h),
  };
}

async function loadNative(): Promise<PasswordHasher> {
  const { default: native } = await import('@node-rs/bcrypt');
  // the same $2a$/$2b$ hashes either way; a broken or missing binary fails here, not at the first login
  if (!native.verifySync('x', native.hashSync('x', 4))) throw new Error('native bcrypt self-check');
  return {
    name: '@node-rs/bcrypt',
    hash: (p, cost) => native.hash(p, cost),
    // a malformed stored hash is a refusal, as with bcryptjs
    verify: (p, h) => native.verify(p, h).catch(() => false),
  };
}

let current: Promise<PasswordHasher> | undefined;

/**
 * The hasher in use: native @node-rs/bcrypt (prebuilt, runs off the event loop) and bcryptjs only when
 * the native binary cannot load on this platform. `kind` switches it (the load bench compares both);
 * both read and write the same bcrypt hashes, so switching never invalidates a stored password.
 */
export function passwordHasher(kind?: 'native' | 'js'): Promise<PasswordHasher> {
  if (kind === 'js') current = loadJs();
  else if (kind === 'native') current = loadNative();
  current ??= loadNative().catch(() => loadJs());
  return current;
}

/**
 * At most `concurrency` bcrypt computations at once in this process (KP_HASH_CONCURRENCY, default 4: libuv's
 * thread pool, which file and DNS work share); further ones wait in line. A password check (login, unlock,
 * old password) finding `queue` already waiting is refused at once (HashBusyError) instead of queueing
 * behind a flood. Mutable for tests.
 */
export const HASH_LIMITS = {
  concurrency: Math.max(1, Number.parseInt(process.env.KP_HASH_CONCURRENCY ?? '', 10) || 4),
  queue: 64,
};

export class HashBusyError extends Error {
  constructor() {
    super('hashing queue full');
    this.name = 'HashBusyError';
  }
}

let active = 0;
let peak = 0;
const line: Array<() => void> = [];

/** Hashes running now, the most that ever ran at once (since the last reset), and how many wait. */
export const hashingStats = () => ({ active, peak, waiting: line.length });
export const resetHashingPeak = () => {
  peak = active;
};

async function inSlot<T>(work: () => Promise<T>, refuseWhenFull: boolean): Promise<T> {
  if (active >= HASH_LIMITS.concurrency) {
    if (refuseWhenFull && line.length >= HASH_LIMITS.queue) throw new HashBusyError();
    await new Promise<void>((resolve) => line.push(resolve));
  } else active++;
  peak = Math.max(peak, active);
  try {
    return await work();
  } finally {
    // the slot passes straight to the next in line (active stays), or is freed
    const next = line.shift();
    if (next) next();
    else active--;
  }
}

/** The client sends MD5 hex of the password; we store bcrypt of that hex string (lower-cased). */
export async function hashPasswordMd5(md5: string, cost: number): Promise<string> {
  const h = await passwordHasher();
  return inSlot(() => h.hash(md5.toLowerCase(), cost), false);
}

/** A password check; refused with HashBusyError when HASH_LIMITS.queue checks already wait. */
export async function verifyPasswordMd5(md5: string, hash: string): Promise<boolean> {
  const h = await passwordHasher();
  return inSlot(() => h.verify(md5.toLowerCase(), hash), true);
}

/**
 * Weak passwords: the client only sends MD5, so the server recognises weak ones by their MD5.
 * A password is weak when it is one of these common ones, or was set by an administrator's reset
 * (see setUserPassword). The user is then flagged invalidPassword until they change it.
 */
export const WEAK_PASSWORDS = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '111111',
  '000000',
  '888888',
  '666666',
  '123123',
  'abc123',
  'qwerty',
  'password',
  'a123456',
  '0000',
];
const WEAK_MD5 = new Set(WEAK_PASSWORDS.map((p) => md5Hex(p)));

export const isWeakPasswordMd5 = (md5: string): boolean => WEAK_MD5.has(md5.toLowerCase());

import { randomInt } from 'node:crypto';
import { md5Hex } from './tokens';

/**
 * Default passwords of earlier versions (new, imported and reset users got `0000`). They never sign in,
 * whatever account still holds one (an administrator resets it), and may not be set again.
 */
const RETIRED_MD5 = new Set(['0000'].map((p) => md5Hex(p)));
export const isRetiredPasswordMd5 = (md5: string): boolean => RETIRED_MD5.has(md5.toLowerCase());

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A one-time password for a new, imported or reset user (there is no default password): 12 letters and
 * digits (at least one of each, so it passes the 6-16 letters-and-digits rule), from the system's CSPRNG,
 * without look-alike characters. It is answered once to the administrator, stored only as a hash, and
 * flagged weak (the user is told to change it at sign-in).
 */
export function newOneTimePassword(): { plain: string; md5: string } {
  const all = LETTERS + DIGITS;
  for (;;) {
    let plain = '';
    for (let i = 0; i < 12; i++) plain += all[randomInt(all.length)];
    if (/[A-Za-z]/.test(plain) && /\d/.test(plain)) return { plain, md5: md5Hex(plain) };
  }
}

import bcrypt from 'bcryptjs';
import { md5Hex } from './tokens';

/** The client sends MD5 hex of the password; we store bcrypt of that hex string (lower-cased). */
export async function hashPasswordMd5(md5: string, cost: number): Promise<string> {
  return bcrypt.hash(md5.toLowerCase(), cost);
}

export async function verifyPasswordMd5(md5: string, hash: string): Promise<boolean> {
  return bcrypt.compare(md5.toLowerCase(), hash);
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

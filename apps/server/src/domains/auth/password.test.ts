import bcrypt from 'bcryptjs';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPasswordMd5, passwordHasher, verifyPasswordMd5 } from './password';
import { md5Hex } from './tokens';

describe('password hashing', () => {
  afterAll(async () => {
    await passwordHasher('native');
  });

  it('uses the native hasher here, off the event loop', async () => {
    expect((await passwordHasher()).name).toBe('@node-rs/bcrypt');
  });

  it('reads hashes written by bcryptjs (the stored ones) and bcryptjs reads its hashes', async () => {
    const md5 = md5Hex('kp123456');
    const old = bcrypt.hashSync(md5, 4);
    expect(await verifyPasswordMd5(md5, old)).toBe(true);
    expect(await verifyPasswordMd5(md5.toUpperCase(), old)).toBe(true);
    expect(await verifyPasswordMd5(md5Hex('other'), old)).toBe(false);
    const fresh = await hashPasswordMd5(md5, 5);
    expect(fresh).toMatch(/^\$2[ab]\$05\$/);
    expect(bcrypt.compareSync(md5, fresh)).toBe(true);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPasswordMd5(md5Hex('x'), 'not-a-hash')).toBe(false);
  });

  it('the bcryptjs fallback reads the native hashes', async () => {
    const md5 = md5Hex('kp123456');
    const fresh = await hashPasswordMd5(md5, 4);
    expect((await passwordHasher('js')).name).toBe('bcryptjs');
    expect(await verifyPasswordMd5(md5, fresh)).toBe(true);
    expect(await verifyPasswordMd5(md5Hex('no'), fresh)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { ATTEMPT_LIMITS } from './attempt-limits';
import {
  HASH_LIMITS,
  HashBusyError,
  hashingStats,
  hashPasswordMd5,
  resetHashingPeak,
  verifyPasswordMd5,
} from './password';

// Issue 34: login had no rate limit and hashed for unknown accounts; 40 parallel bogus logins pushed a real
// login to 9 s. No timing is asserted: the refusal codes, and that hashing never ran wider than its cap.
const TOO_MANY = /^尝试次数过多，请\d+秒后再试$/;

describe(`rate limits of login, unlock, ModifyPassword and codeCertificate (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('wangjianguo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (account: string, password: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      remoteAddress: ip,
      payload: new URLSearchParams({ account, password: md5(password) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { ...(res.json() as { code: number; msg: string }), retryAfter: res.headers['retry-after'] };
  };

  it('a burst of bogus logins from one address is refused with 429; a real login from another succeeds', async () => {
    resetHashingPeak();
    const burst = Array.from({ length: 40 }, (_, i) => login(`nobody${i}`, 'guess', '198.51.100.66'));
    const real = login('zhangwei', 'kp123456', '198.51.100.67');
    const [answers, mine] = await Promise.all([Promise.all(burst), real]);
    expect(mine.code).toBe(200);
    const refused = answers.filter((a) => a.code === 429);
    expect(refused.length).toBeGreaterThanOrEqual(40 - ATTEMPT_LIMITS.perAddress);
    for (const a of refused) {
      expect(a.msg).toMatch(TOO_MANY);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers.filter((a) => a.code !== 429).every((a) => a.code === 401)).toBe(true);
    expect(hashingStats().peak).toBeGreaterThan(0);
    expect(hashingStats().peak).toBeLessThanOrEqual(HASH_LIMITS.concurrency);
    // the address stays refused, even with the right password; the other address is untouched
    expect((await login('zhangwei', 'kp123456', '198.51.100.66')).code).toBe(429);
    expect((await login('zhangwei', 'kp123456', '198.51.100.67')).code).toBe(200);
  });

  it('hashing runs at most HASH_LIMITS.concurrency wide; a password check finding the queue full is refused', async () => {
    const saved = { ...HASH_LIMITS };
    Object.assign(HASH_LIMITS, { concurrency: 1, queue: 1 });
    resetHashingPeak();
    try {
      const hash = await hashPasswordMd5(md5('x'), 4);
      const checks = await Promise.allSettled(
        Array.from({ length: 4 }, () => verifyPasswordMd5(md5('x'), hash)),
      );
      expect(checks.filter((c) => c.status === 'rejected' && c.reason instanceof HashBusyError).length).toBe(
        2,
      );
      expect(checks.filter((c) => c.status === 'fulfilled' && c.value === true).length).toBe(2);
      expect(hashingStats().peak).toBe(1);
    } finally {
      Object.assign(HASH_LIMITS, saved);
    }
  });

  it('successful logins give their attempt back: many in a row from one address all succeed', async () => {
    for (let i = 0; i < ATTEMPT_LIMITS.perAddress + 5; i++)
      expect((await login('chenjing', 'kp123456', '198.51.100.70')).code).toBe(200);
  });

  it('a global budget: bogus logins from many addresses are refused once it is spent', async () => {
    const saved = ATTEMPT_LIMITS.global;
    ATTEMPT_LIMITS.global = 10;
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(`ghost${i}`, 'guess', `203.0.113.${100 + i}`)),
      );
      expect(answers.filter((a) => a.code === 429).length).toBeGreaterThanOrEqual(20);
    } finally {
      ATTEMPT_LIMITS.global = saved;
    }
  });

  it('unlock, ModifyPassword and codeCertificate are limited per address too', async () => {
    const calls = {
      unlock: () =>
        t.call(token, {
          method: 'POST',
          url: '/api/oauth/LockScreen',
          remoteAddress: '192.0.2.10',
          payload: { password: md5('wrong') },
        }),
      password: () =>
        t.call(token, {
          method: 'POST',
          url: '/api/permission/Users/Current/Actions/ModifyPassword',
          remoteAddress: '192.0.2.11',
          payload: { oldPassword: md5('wrong'), password: md5('newpass123') },
        }),
      certificate: () =>
        t.call(null, { method: 'GET', url: '/api/oauth/codeCertificate', remoteAddress: '192.0.2.12' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      // codeCertificate's address budget is twice the others' (login/scan.ts caps live QR codes first)
      const budget = ATTEMPT_LIMITS.perAddress * (name === 'certificate' ? 2 : 1);
      const answers: Array<{ code: number; msg: string }> = [];
      for (let i = 0; i < budget + 3; i++) answers.push(await call());
      for (const a of answers.slice(-3))
        expect(a, name).toMatchObject({ code: 429, msg: expect.stringMatching(TOO_MANY) });
      expect(
        answers.slice(0, budget).map((a) => a.msg),
        name,
      ).not.toContainEqual(expect.stringMatching(TOO_MANY));
    }
  });
});

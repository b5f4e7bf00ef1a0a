import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { lockDurationMs } from './attempts';

const LOCKED = '账号已被锁定，请联系管理员或稍后再试';
const BAD = '账户或密码错误，请重新输入';

describe('lock back-off', () => {
  it('each lock of the same key lasts twice the one before, at most a day; 0 is until unlocked', () => {
    const rule = { max: 5, lockMinutes: 10 };
    expect([1, 2, 3].map((n) => lockDurationMs(rule, n) / 60_000)).toEqual([10, 20, 40]);
    expect(lockDurationMs(rule, 30)).toBe(24 * 60 * 60_000);
    expect(lockDurationMs({ max: 5, lockMinutes: 0 }, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe(`login and password-change lockout (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (account: string, password: string, ip = '127.0.0.1') => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      remoteAddress: ip,
      payload: new URLSearchParams({ account, password: md5(password) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = res.json() as { code: number; msg: string; data: { token?: string } | null };
    return { ...body, ms: performance.now() - started };
  };

  it('failures from one address do not lock the owner out from another', async () => {
    const attacker = [];
    for (let i = 0; i < 7; i++) attacker.push((await login('wangjianguo', 'guess', '203.0.113.9')).code);
    expect(attacker).toEqual([401, 401, 401, 401, 403, 403, 403]);
    // the right password from the attacker's address is refused while the lock lasts…
    expect((await login('wangjianguo', 'kp123456', '203.0.113.9')).msg).toBe(LOCKED);
    // …but the owner, elsewhere, logs in
    const owner = await login('wangjianguo', 'kp123456', '198.51.100.7');
    expect(owner.code).toBe(200);
    const row = await t.db.kysely
      .selectFrom('base_user')
      .select('locked_at')
      .where('account', '=', 'wangjianguo')
      .executeTakeFirstOrThrow();
    expect(row.locked_at).toBeNull();
  });

  it('an unknown account gets exactly the answers of a known one, in about the same time', async () => {
    const known: Array<{ code: number; msg: string }> = [];
    const unknown: Array<{ code: number; msg: string }> = [];
    for (let i = 0; i < 6; i++) {
      const k = await login('zhangwei', `wrong${i}`, '192.0.2.1');
      const u = await login('nobody-here', `wrong${i}`, '192.0.2.1');
      known.push({ code: k.code, msg: k.msg });
      unknown.push({ code: u.code, msg: u.msg });
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => k.msg)).toEqual([BAD, BAD, BAD, BAD, LOCKED, LOCKED]);
    // timing: the same work (a bcrypt check against a dummy hash) for unknown accounts
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const tk: number[] = [];
    const tu: number[] = [];
    for (let i = 0; i < 9; i++) {
      tk.push((await login('zhangwei', 'nope', `192.0.2.${10 + i}`)).ms);
      tu.push((await login('nobody-here', 'nope', `192.0.2.${10 + i}`)).ms);
    }
    const ratio = median(tu) / median(tk);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('a disabled account is told apart only with its right password', async () => {
    await t.db.kysely
      .updateTable('base_user')
      .set({ enabled_mark: 0 })
      .where('account', '=', 'lihaitao')
      .execute();
    const wrong = await login('lihaitao', 'nope', '192.0.2.50');
    expect({ code: wrong.code, msg: wrong.msg }).toEqual({ code: 401, msg: BAD });
    const right = await login('lihaitao', 'kp123456', '192.0.2.50');
    expect(right.msg).toBe('账号已被禁用，请联系管理员');
    await t.db.kysely
      .updateTable('base_user')
      .set({ enabled_mark: 1 })
      .where('account', '=', 'lihaitao')
      .execute();
  });

  it('an administrator’s unlock clears the locks of every address', async () => {
    for (let i = 0; i < 5; i++) await login('liuzhiqiang', 'guess', '203.0.113.20');
    expect((await login('liuzhiqiang', 'kp123456', '203.0.113.20')).msg).toBe(LOCKED);
    const admin = await t.login('admin');
    const id = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'liuzhiqiang')
        .executeTakeFirstOrThrow()
    ).id;
    const r = await t.call(admin, { method: 'PUT', url: `/api/permission/Users/${id}/Actions/unlock` });
    expect(r.code).toBe(200);
    expect((await login('liuzhiqiang', 'kp123456', '203.0.113.20')).code).toBe(200);
  });

  it('ModifyPassword: a wrong old password answers the message; repeated, the change locks with back-off', async () => {
    const token = await t.login('chenjing');
    const change = (oldPassword: string, password = 'newpass123') =>
      t.call(token, {
        method: 'POST',
        url: '/api/permission/Users/Current/Actions/ModifyPassword',
        payload: { oldPassword: md5(oldPassword), password: md5(password) },
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await change(`bad${i}`));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ code: 400, msg: '旧密码错误', data: null }));
    expect(answers[4]).toEqual({ code: 403, msg: LOCKED, data: null });
    // even the right old password is refused while locked
    expect((await change('kp123456')).code).toBe(403);
    await expect(t.login('chenjing', 'newpass123')).rejects.toThrow();
    // the lock passes: the right old password changes it
    await t.db.kysely
      .updateTable('login_attempt')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await change('kp123456')).code).toBe(200);
    await t.login('chenjing', 'newpass123');
  });
});

// Issue 10, access: every registered route against missing, invalid, logged-out, kicked, expired,
// disabled and locked-screen tokens; the demo roles × every route that declares a menu/button/admin rule
// (the expectation computed straight from the grant tables, not from the guard's code); repeated wrong
// passwords lock the account. Record-level own/others' checks of the organisation API are in
// apps/server/src/domains/permission/matrix.test.ts.
import { MSG } from '@kp/server';
import { createTestApp, md5, TEST_DB_KIND, type TestApp } from '@kp/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUrl, fuzzable } from './fuzz';
import { grantsOf as grantsOfUser } from './route-table';

const DEMO = ['sysadmin', 'liuzhiqiang', 'chenjing', 'wangjianguo', 'zhangwei'];
const ID = 'x0000000000000000000000000000001';

describe(`access on every route (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  /** Four seeded employees outside the demo accounts (names are generated). */
  let staff: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    staff = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('account')
        .where('account', 'not in', ['admin', ...DEMO])
        .where('enabled_mark', '=', 1)
        .orderBy('account')
        .limit(4)
        .execute()
    ).map((r) => r.account);
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () => t.ctx.routes.filter((r) => fuzzable(r) && r.config.auth !== 'public');
  const call = (token: string | null, r: { method: string; url: string }) =>
    t.call(token, {
      method: r.method as 'GET',
      url: fillUrl(r.url, () => ID),
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
    });

  async function sessionOf(token: string) {
    const s = await t.ctx.sessions.resolve(token);
    return s!.id;
  }
  /** Changes a session row behind the store's back, then drops every process's cached copy. */
  async function touchRow(sessionId: string, set: Record<string, unknown>) {
    await t.db.kysely.updateTable('user_session').set(set).where('id', '=', sessionId).execute();
    await t.ctx.bus.publish('session.changed', { sessionId });
    await new Promise((r) => setTimeout(r, 50));
  }

  it('every registered route declares its permission: public, a menu (and button), admin, or a signed-in object check', () => {
    const CHECKS = [
      'self',
      'owner',
      'participant',
      'recipient',
      'handler',
      'audience',
      'scope',
      'public-data',
    ];
    const problems: string[] = [];
    const kinds = new Map<string, number>();
    for (const r of t.ctx.routes) {
      const c = r.config as { auth?: string; permission?: Record<string, unknown> };
      const p = c.permission;
      let kind: string | null = null;
      if (c.auth === 'public' && !p) kind = 'public';
      else if (c.auth === undefined && p) {
        const keys = Object.keys(p).sort().join(',');
        if (keys === 'admin' && p.admin === true) kind = 'admin';
        else if ((keys === 'menu' || keys === 'button,menu') && typeof p.menu === 'string' && p.menu)
          kind = 'menu';
        else if (keys === 'signedIn' && CHECKS.includes(p.signedIn as string))
          kind = `signedIn:${p.signedIn}`;
      }
      if (!kind) problems.push(`${r.method} ${r.url}: ${JSON.stringify(c)}`);
      else kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    expect(t.ctx.routes.length).toBeGreaterThan(300);
    // Every kind of declaration is in use (the declarations are not all one catch-all).
    for (const k of ['public', 'admin', 'menu', ...CHECKS.map((c) => `signedIn:${c}`)])
      expect(kinds.get(k) ?? 0, k).toBeGreaterThan(0);
  });

  it('every non-public route refuses missing, invalid, logged-out, kicked, expired and disabled sessions', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(100);
    const loggedOut = await t.login(staff[0]);
    expect((await t.call(loggedOut, { method: 'GET', url: '/api/oauth/Logout' })).code).toBe(200);
    const kicked = await t.login(staff[0]);
    await t.ctx.sessions.end(await sessionOf(kicked), 'kicked', MSG.forcedOffline);
    const expired = await t.login(staff[0]);
    await touchRow(await sessionOf(expired), { expires_at: new Date(Date.now() - 1000) });
    // A disabled user's sessions end (601) the way the user routes do it.
    const disabledToken = await t.login(staff[1]);
    const disabledId = (await t.ctx.sessions.resolve(disabledToken))!.userId;
    await t.db.kysely
      .updateTable('base_user')
      .set({ enabled_mark: 0 })
      .where('id', '=', disabledId)
      .execute();
    await t.ctx.sessions.endAllOfUser(disabledId, 'disabled', MSG.accountDisabled);

    const states: Array<[string, string | null, number]> = [
      ['missing', null, 602],
      ['invalid', 'f'.repeat(64), 602],
      ['malformed', 'Bearer x y z', 602],
      ['logged out', loggedOut, 602],
      ['kicked', kicked, 601],
      ['expired', expired, 600],
      ['disabled', disabledToken, 601],
    ];
    const problems: string[] = [];
    for (const r of list)
      for (const [name, token, code] of states) {
        const res = await call(token, r);
        if (res.code !== code || res.data != null)
          problems.push(`${r.method} ${r.url} with ${name} token: ${res.code} ${res.msg}`);
      }
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    // Logging in again is not blocked by any of that (but the disabled account).
    expect(await t.login(staff[0])).toBeTruthy();
    await expect(t.login(staff[1])).rejects.toThrow(/403/);
    await t.db.kysely
      .updateTable('base_user')
      .set({ enabled_mark: 1 })
      .where('id', '=', disabledId)
      .execute();
  });

  it('a locked screen answers only CurrentUser, Logout and LockScreen until it is unlocked', async () => {
    const token = await t.login(staff[2]);
    expect((await t.call(token, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} })).code).toBe(
      200,
    );
    const problems: string[] = [];
    for (const r of routes()) {
      const res = await call(token, r);
      const open = r.config.allowLocked === true;
      if (!open && (res.code !== 401 || res.msg !== MSG.screenLocked))
        problems.push(`${r.method} ${r.url} while locked: ${res.code} ${res.msg}`);
      if (open && res.code === 401) problems.push(`${r.method} ${r.url} (allowLocked) refused while locked`);
    }
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    const wrong = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { password: md5('nope') },
    });
    expect(wrong.code).toBe(401);
  });

  it('demo roles × every route with a menu, button or admin rule: refused exactly where the grants say', async () => {
    // What each demo user holds, read from the grant tables (independent of the guard's code).
    const grantsOf = async (account: string) =>
      grantsOfUser(
        t,
        (
          await t.db.kysely
            .selectFrom('base_user')
            .select('id')
            .where('account', '=', account)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const ruled = routes().filter((r) => r.config.permission);
    expect(ruled.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let refusedChecked = 0;
    for (const account of DEMO) {
      const g = await grantsOf(account);
      const token = await t.login(account);
      for (const r of ruled) {
        const rule = r.config.permission!;
        const may =
          g.admin ||
          (!rule.admin &&
            (!rule.menu || g.menus.has(rule.menu)) &&
            (!rule.button || (!!rule.menu && g.buttons.has(`${rule.menu}:${rule.button}`))));
        const res = await call(token, r);
        if (!may) {
          refusedChecked++;
          if (res.code !== 403 || res.msg !== MSG.noPermission || res.data != null)
            problems.push(`${account} ${r.method} ${r.url}: expected 403, got ${res.code} ${res.msg}`);
        } else if (
          res.code === 403 &&
          res.msg === MSG.noPermission &&
          r.method === 'GET' &&
          !r.url.includes(':')
        )
          problems.push(`${account} ${r.method} ${r.url}: granted but refused`);
      }
    }
    expect(refusedChecked).toBeGreaterThan(100);
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
  });

  it('five wrong passwords in a row lock the account; the right one is then refused until unlocked', async () => {
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account: 'wangjianguo', password: md5(password) }).toString(),
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(`wrong${i}`)).json().code);
    expect(codes.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(codes[4]).toBe(403);
    const right = (await login('kp123456')).json();
    expect(right.code).toBe(403);
    expect(right.msg).toBe(MSG.accountLocked);
    const admin = await t.login('admin');
    const id = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'wangjianguo')
        .executeTakeFirstOrThrow()
    ).id;
    const unlock = await t.call(admin, { method: 'PUT', url: `/api/permission/Users/${id}/Actions/unlock` });
    expect(unlock.code, unlock.msg).toBe(200);
    expect((await login('kp123456')).json().code).toBe(200);
  });
});

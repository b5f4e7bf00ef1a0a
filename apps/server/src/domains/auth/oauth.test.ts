import { describe, expect, it } from 'vitest';
import { urlencoded as form, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

describe(`oauth on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });

  it('logs admin in with the MD5 of admin123 and returns a token and theme', async () => {
    const r = await t.call<{ token: string; theme: string }>(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({
        account: 'admin',
        password: md5('admin123'),
        origin: 'password',
        client_id: 'admin',
        client_secret: '123456',
        scope: 'all',
        grant_type: 'password',
      }),
    });
    expect(r.code).toBe(200);
    expect(r.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(r.data.theme).toBe('classic');
    const row = await t.db.kysely.selectFrom('user_session').select('token_hash').executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(r.data.token);
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select('password_hash')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(u.password_hash.startsWith('$2')).toBe(true);
    expect(u.password_hash).not.toContain(md5('admin123'));
  });

  it('refuses bad input naming the field, never a 500', async () => {
    const r = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'admin', password: 'plain' }),
    });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^password: /);
    const r2 = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ password: md5('x') }),
    });
    expect(r2.code).toBe(400);
    expect(r2.msg).toBe('account: is required');
    const r3 = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      payload: '{bad json',
      headers: { 'content-type': 'application/json' },
    });
    expect(r3.code).toBe(400);
  });

  it('answers a wrong password with a clear text', async () => {
    const r = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'zhangwei', password: md5('nope') }),
    });
    expect(r.code).toBe(401);
    expect(r.msg).toBe('账户或密码错误，请重新输入');
    const r2 = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'nobody', password: md5('nope') }),
    });
    expect(r2.msg).toBe('账户或密码错误，请重新输入');
  });

  it('CurrentUser returns menus, permissions, user info and sysConfigInfo', async () => {
    const token = await t.login('zhangwei');
    const r = await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' });
    expect(r.code).toBe(200);
    expect(r.data.sysConfigInfo.sysName).toBe('建管佳');
    expect(r.data.sysConfigInfo.sysVersion).toBe('V1.1.0');
    expect(r.data.userInfo.userAccount).toBe('zhangwei');
    expect(r.data.userInfo.userName).toBe('张伟');
    expect(r.data.userInfo.invalidPassword).toBe(false);
    const codes = JSON.stringify(r.data.menuList);
    expect(codes).toContain('workFlow.flowTodo');
    expect(codes).not.toContain('permission.user');
    expect(r.data.menuMHList.map((m: any) => m.enCode)).toEqual(['portal.group']);
    const conf = r.data.permissionList.find((p: any) => p.button.some((b: any) => b.enCode === 'btn_add'));
    expect(conf).toBeTruthy();
  });

  it('reports prevLoginTime and IP of the previous login', async () => {
    await t.login('chenjing');
    const token = await t.login('chenjing');
    const r = await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' });
    expect(typeof r.data.userInfo.prevLoginTime).toBe('number');
    expect(r.data.userInfo.prevLoginIPAddress).toBe('127.0.0.1');
  });

  it('without or with a bad token answers 602', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(602);
    expect((await t.call('0'.repeat(64), { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(602);
    expect((await t.call('garbage', { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(602);
  });

  it('Logout ends the session for real', async () => {
    const token = await t.login('zhangwei');
    expect((await t.call(token, { method: 'GET', url: '/api/oauth/Logout' })).code).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(602);
  });

  it('an expired session answers 600', async () => {
    const token = await t.login('zhangwei');
    await t.db.kysely
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('ended_at', 'is', null)
      .where(
        'user_id',
        '=',
        (
          await t.db.kysely
            .selectFrom('base_user')
            .select('id')
            .where('account', '=', 'zhangwei')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    // what another process's change would do: drop every cached session here
    await t.ctx.bus.publish('session.changed', {});
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.call(token, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(600);
  });

  it('LockScreen locks the session; other calls are refused until unlocked with the password', async () => {
    const token = await t.login('wangjianguo');
    const lock = await t.call<any>(token, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} });
    expect(lock).toMatchObject({ code: 200, data: { locked: true } });
    expect((await t.call(token, { method: 'GET', url: '/api/oauth/GetUserCode' })).code).toBe(401);
    const cu = await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' });
    expect(cu.data.userInfo.isLocked).toBe(true);
    const bad = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'wangjianguo', password: md5('wrong') },
    });
    expect(bad.code).toBe(401);
    const good = await t.call<any>(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'wangjianguo', password: md5('kp123456') },
    });
    expect(good).toMatchObject({ code: 200, data: { locked: false } });
    // admitted again: the lock no longer refuses it (a code needs an address the server handed out)
    expect((await t.call(token, { method: 'GET', url: '/api/oauth/GetUserCode' })).code).toBe(400);
    const bodyBad = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { password: 'x' },
    });
    expect(bodyBad.code).toBe(400);
  });

  it('five failed logins lock the account (from that address); unlockUser or the configured time releases it', async () => {
    const bad = form({ account: 'liuzhiqiang', password: md5('bad') });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await t.call(null, { method: 'POST', url: '/api/oauth/Login', ...bad })).code);
    expect(codes).toEqual([401, 401, 401, 401, 403]);
    const locked = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'liuzhiqiang', password: md5('kp123456') }),
    });
    expect(locked).toMatchObject({ code: 403, msg: '账号已被锁定，请联系管理员或稍后再试' });
    const { unlockUser } = await import('./accounts');
    const id = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'liuzhiqiang')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await unlockUser(t.ctx, id)).toBe(true);
    await t.login('liuzhiqiang');
    // time-based release (the lock is kept per account and address: auth/attempts.ts)
    for (let i = 0; i < 5; i++) await t.call(null, { method: 'POST', url: '/api/oauth/Login', ...bad });
    await expect(t.login('liuzhiqiang')).rejects.toThrow(/403/);
    await t.db.kysely
      .updateTable('login_attempt')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .execute();
    await t.login('liuzhiqiang');
  });

  it('a user whose roles grant no menu is refused with 您的权限不足，请联系管理员', async () => {
    const id = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'lihaitao')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .deleteFrom('base_user_relation')
      .where('user_id', '=', id)
      .where('object_type', '=', 'Role')
      .execute();
    await t.ctx.authz.invalidate(id);
    const r = await t.call(null, {
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'lihaitao', password: md5('kp123456') }),
    });
    expect(r).toEqual({ code: 403, msg: '您的权限不足，请联系管理员', data: null });
  });

  it('flags a weak password as invalidPassword', async () => {
    const { setUserPassword } = await import('./accounts');
    const id = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'wanghaitao')
        .executeTakeFirst()
    )?.id;
    const uid =
      id ??
      (
        await t.db.kysely
          .selectFrom('base_user')
          .select('id')
          .where('account', 'like', 'wang%')
          .where('account', '!=', 'wangjianguo')
          .executeTakeFirstOrThrow()
      ).id;
    const acc = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('account')
        .where('id', '=', uid)
        .executeTakeFirstOrThrow()
    ).account;
    await setUserPassword(t.ctx, uid, md5('Strong2024x'), { byAdmin: false });
    let token = await t.login(acc, 'Strong2024x');
    expect(
      (await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' })).data.userInfo
        .invalidPassword,
    ).toBe(false);
    await setUserPassword(t.ctx, uid, md5('123456'), { byAdmin: false });
    token = await t.login(acc, '123456');
    expect(
      (await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' })).data.userInfo
        .invalidPassword,
    ).toBe(true);
    await setUserPassword(t.ctx, uid, md5('Reset2024x'), { byAdmin: true });
    token = await t.login(acc, 'Reset2024x');
    expect(
      (await t.call<any>(token, { method: 'GET', url: '/api/oauth/CurrentUser' })).data.userInfo
        .invalidPassword,
    ).toBe(true);
  });

  it('captcha: image is SVG without the digits as text; login requires it when enabled', async () => {
    const img = await t.app.inject({ method: 'GET', url: '/api/oauth/Code/1700000000001' });
    expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(img.body).toMatch(/^<svg/);
    expect(img.body).not.toContain('<text');
    await t.ctx.settings.set({ enableVerificationCode: 1 });
    try {
      const cfg = await t.call<any>(null, { method: 'GET', url: '/api/oauth/getConfig/admin' });
      expect(cfg.data.enableVerificationCode).toBe(1);
      const noCode = await t.call(null, {
        method: 'POST',
        url: '/api/oauth/Login',
        ...form({ account: 'admin', password: md5('admin123') }),
      });
      expect(noCode.msg).toBe('请输入验证码');
      await t.app.inject({ method: 'GET', url: '/api/oauth/Code/abc' });
      // the server knows only the hash: set a known code for the test
      const { sha256 } = await import('./tokens');
      await t.db.kysely
        .updateTable('captcha')
        .set({ code_hash: sha256('4321') })
        .where('id', '=', 'abc')
        .execute();
      const wrong = await t.call(null, {
        method: 'POST',
        url: '/api/oauth/Login',
        ...form({ account: 'admin', password: md5('admin123'), code: '0000', timestamp: 'abc' }),
      });
      expect(wrong.msg).toBe('验证码错误');
      await t.app.inject({ method: 'GET', url: '/api/oauth/Code/abc' });
      await t.db.kysely
        .updateTable('captcha')
        .set({ code_hash: sha256('4321') })
        .where('id', '=', 'abc')
        .execute();
      const right = await t.call(null, {
        method: 'POST',
        url: '/api/oauth/Login',
        ...form({ account: 'admin', password: md5('admin123'), code: '4321', timestamp: 'abc' }),
      });
      expect(right.code).toBe(200);
    } finally {
      await t.ctx.settings.set({ enableVerificationCode: 0 });
    }
  });

  it('sysLoginConfig, LoginBackgroundImage, GetUserCode', async () => {
    const c = await t.call<any>(null, { method: 'GET', url: '/api/system/sysconfig/sysLoginConfig' });
    expect(c.data).toMatchObject({ sysName: '建管佳', sysVersion: 'V1.1.0' });
    const b = await t.call<any>(null, { method: 'GET', url: '/api/system/sysconfig/LoginBackgroundImage' });
    expect(b.code).toBe(200);
    expect(typeof b.data.loginBackground).toBe('string');
    const token = await t.login('zhangwei');
    // a user code is issued only for a link the server handed out (auth/link-codes.test.ts)
    const u = await t.call<any>(token, {
      method: 'GET',
      url: `/api/oauth/GetUserCode?url=${encodeURIComponent('https://nowhere.example/')}`,
    });
    expect(u).toMatchObject({ code: 400, msg: 'url: 该链接地址不在允许的外部地址中' });
    expect((await t.call(null, { method: 'GET', url: '/api/oauth/GetUserCode' })).code).toBe(602);
  });

  it('unknown routes answer code 404; OpenAPI is at /api/docs', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/nothing/here' })).code).toBe(404);
    // the OpenAPI document is for administrators (auth/transport.test.ts)
    const docs = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { authorization: `Bearer ${await t.login('admin')}` },
    });
    expect(docs.json().paths['/api/oauth/Login']).toBeTruthy();
  });
});

describe('server texts in the client language', () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });
  it('translates msg for zhtw and en (Accept-Language), zh by default', async () => {
    const bad = (lang?: string) =>
      t.call(null, {
        method: 'POST',
        url: '/api/oauth/Login',
        ...form({ account: 'zhangwei', password: md5('wrong') }),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(lang ? { 'accept-language': lang } : {}),
        },
      });
    expect((await bad()).msg).toBe('账户或密码错误，请重新输入');
    expect((await bad('zhtw')).msg).toBe('帳戶或密碼錯誤，請重新輸入');
    expect((await bad('en')).msg).toBe('Wrong account or password, please try again');
    const anon = await t.call(null, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { 'accept-language': 'en' },
    });
    expect(anon).toEqual({ code: 602, msg: 'Login expired, please log in again', data: null });
  });
});

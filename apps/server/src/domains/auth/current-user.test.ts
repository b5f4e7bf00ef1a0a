// CurrentUser answers are kept per principal (current-user.ts): every input of the answer must be seen at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, passwordOf, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { until, writeOutside } from '../../test/outside';

interface Info {
  userInfo: { userName: string; theme: string; isLocked: boolean; prevLoginTime: number | null };
  sysConfigInfo: { sysName: string };
}

/** Past the read cache's hold after a write of this process: answers are kept again from here on. */
const pastHold = () => new Promise((r) => setTimeout(r, 2_100));

describe(`CurrentUser answers kept per principal on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    userId = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'chenjing')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const current = async (token: string, lang?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
    });
    return { text: res.body, ...(res.json() as { code: number; msg: string; data: Info }) };
  };
  /** The answer twice (the second one kept), then `change`, then the answer again. */
  const around = async (token: string, change: () => Promise<void>) => {
    await pastHold();
    const before = await current(token);
    expect((await current(token)).text).toBe(before.text);
    await change();
    return { before, after: await current(token) };
  };

  it('the settings, the lock state and the language are seen at once', async () => {
    const token = await t.login('chenjing');
    const named = await around(token, async () => {
      const put = await t.call(admin, {
        method: 'PUT',
        url: '/api/system/SysConfig',
        payload: { sysName: '建管佳缓存' },
      });
      expect(put.code, put.msg).toBe(200);
      // another request reads the settings again first (the login page's): the fresh copy is there
      const config = await t.call<{ sysName: string }>(null, {
        method: 'GET',
        url: '/api/system/sysconfig/sysLoginConfig',
      });
      expect(config.data.sysName).toBe('建管佳缓存');
    });
    expect(named.before.data.sysConfigInfo.sysName).not.toBe('建管佳缓存');
    expect(named.after.data.sysConfigInfo.sysName).toBe('建管佳缓存');

    const locked = await around(token, () =>
      t.call(token, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} }).then((r) => {
        expect(r.code, r.msg).toBe(200);
      }),
    );
    expect([locked.before.data.userInfo.isLocked, locked.after.data.userInfo.isLocked]).toEqual([
      false,
      true,
    ]);
    const unlock = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'chenjing', password: md5(passwordOf('chenjing')) },
    });
    expect(unlock.code, unlock.msg).toBe(200);
    expect((await current(token)).data.userInfo.isLocked).toBe(false);

    await pastHold();
    const zh = await current(token, 'zh');
    const en = await current(token, 'en');
    const zhtw = await current(token, 'zh-TW');
    expect(zh.msg).toBe('操作成功');
    expect(en.msg).not.toBe(zh.msg);
    expect(zhtw.msg).not.toBe(en.msg);
    expect((await current(token, 'zh')).msg).toBe(zh.msg);
    expect((await current(token, 'en')).msg).toBe(en.msg);
  });

  it('a change of the user is seen at once: a new login, an administrator’s rename, his own theme, psql', async () => {
    const first = await t.login('chenjing');
    const relogin = await around(first, async () => {
      await new Promise((r) => setTimeout(r, 20)); // a later login time than the one on record
      await t.login('chenjing'); // bookkeeping written quietly: only the principal is new
    });
    expect(relogin.after.data.userInfo.prevLoginTime).not.toBe(relogin.before.data.userInfo.prevLoginTime);

    const detail = await t.call<Record<string, unknown>>(admin, {
      method: 'GET',
      url: `/api/permission/Users/${userId}`,
    });
    const renamed = await around(first, async () => {
      const put = await t.call(admin, {
        method: 'PUT',
        url: `/api/permission/Users/${userId}`,
        payload: { ...detail.data, realName: '陈静改' },
      });
      expect(put.code, put.msg).toBe(200);
    });
    expect(renamed.after.data.userInfo.userName).toBe('陈静改');

    // his own setting: no route invalidates the principal; the organisation cache's change drops it
    const themed = await around(first, async () => {
      const put = await t.call(first, {
        method: 'PUT',
        url: '/api/permission/Users/Current/SystemTheme',
        payload: { theme: 'functional' },
      });
      expect(put.code, put.msg).toBe(200);
    });
    expect(themed.before.data.userInfo.theme).not.toBe('functional');
    expect(themed.after.data.userInfo.theme).toBe('functional');

    // a write past the query builder (another process, psql): seen once its commit is announced
    await pastHold();
    await current(first);
    await writeOutside(t.db.kysely, `update base_user set real_name = '陈静外' where id = $1`, [userId]);
    const seen = await until(
      () => current(first),
      (r) => r.data.userInfo.userName === '陈静外',
      2_000,
    );
    expect(seen.data.userInfo.userName).toBe('陈静外');
  });

  it('a kept answer is never sent to a session that ended, expired or was forced offline', async () => {
    const cases: Array<[string, (token: string) => Promise<void>, number]> = [
      [
        'logout',
        async (token) => {
          expect((await t.call(token, { method: 'GET', url: '/api/oauth/Logout' })).code).toBe(200);
        },
        602,
      ],
      [
        'expired',
        async () => {
          await t.db.kysely
            .updateTable('user_session')
            .set({ expires_at: new Date(Date.now() - 1000) })
            .where('user_id', '=', userId)
            .where('ended_at', 'is', null)
            .execute();
          // what another process's change would do: drop every cached session here
          await t.ctx.bus.publish('session.changed', {});
          await new Promise((r) => setTimeout(r, 200));
        },
        600,
      ],
      [
        'forced offline',
        async () => {
          const online = await t.call<{ list: Array<{ id: string }> }>(admin, {
            method: 'GET',
            url: '/api/system/onlineUser?keyword=chenjing',
          });
          for (const s of online.data.list) {
            const r = await t.call(admin, { method: 'DELETE', url: `/api/system/onlineUser/${s.id}` });
            expect(r.code, r.msg).toBe(200);
          }
        },
        601,
      ],
    ];
    for (const [name, end, code] of cases) {
      const token = await t.login('chenjing');
      await pastHold();
      expect((await current(token)).code).toBe(200);
      expect((await current(token)).code).toBe(200);
      await end(token);
      expect({ name, code: (await current(token)).code }).toEqual({ name, code });
    }
  });
});

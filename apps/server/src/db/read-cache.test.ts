import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { until, writeOutside } from '../test/outside';
import { CLEANUP_BATCH, cleanupExpired, SESSION_KEEP_MS } from './maintenance';

type Page = { list: Array<{ id: string; account: string; realName: string }>; pagination: { total: number } };

describe(`read cache and maintenance on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  const list = (q = 'currentPage=1&pageSize=5&keyword=zhangwei') =>
    t.call<Page>(admin, { method: 'GET', url: `/api/permission/Users?${q}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a repeated page from the cache and drops it when a user changes through the API', async () => {
    await new Promise((r) => setTimeout(r, 2_100)); // the login's write holds the cache for 2 s
    const first = await list();
    expect(first.code).toBe(200);
    const row = first.data.list.find((u) => u.account === 'zhangwei')!;
    expect(row).toBeTruthy();
    const hits = t.db.cache.hits;
    expect((await list()).data).toEqual(first.data);
    expect(t.db.cache.hits).toBe(hits + 1);
    const detail = await t.call<Record<string, unknown>>(admin, {
      method: 'GET',
      url: `/api/permission/Users/${row.id}`,
    });
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Users/${row.id}`,
      payload: {
        ...detail.data,
        account: 'zhangwei',
        realName: '张伟改',
        organizeId: detail.data.organizeId,
      },
    });
    expect(put.code, put.msg).toBe(200);
    // The very next read (no waiting) sees the change.
    const after = await list();
    expect(after.data.list.find((u) => u.id === row.id)?.realName).toBe('张伟改');
  });

  it('a write that bypasses the query builder is seen after its commit (statement trigger NOTIFY)', async () => {
    await new Promise((r) => setTimeout(r, 2_100));
    const before = await list();
    await list(); // cached now
    const id = before.data.list.find((u) => u.account === 'zhangwei')!.id;
    await writeOutside(t.db.kysely, `update base_user set real_name = '张伟外' where id = $1`, [id]);
    const seen = await until(list, (r) => r.data.list.find((u) => u.id === id)?.realName === '张伟外');
    expect(seen.data.list.find((u) => u.id === id)?.realName).toBe('张伟外');
  });

  it('a login drops no organisation cache (its bookkeeping is written quietly), here or announced', async () => {
    await new Promise((r) => setTimeout(r, 2_100));
    await list();
    let changes = 0;
    const off = t.ctx.bus.subscribe('table.changed', () => {
      changes++;
    });
    try {
      const hits = t.db.cache.hits;
      await t.login('wangjianguo'); // writes last_login_time/ip on base_user
      await new Promise((r) => setTimeout(r, 300)); // a trigger's NOTIFY would have arrived by now
      await list();
      expect(t.db.cache.hits).toBe(hits + 1);
      expect(changes).toBe(0);
      const row = await t.db.kysely
        .selectFrom('base_user')
        .select('last_login_time')
        .where('account', '=', 'wangjianguo')
        .executeTakeFirstOrThrow();
      expect(Date.now() - new Date(row.last_login_time!).getTime()).toBeLessThan(60_000);
    } finally {
      off();
    }
  });

  it('CurrentUser menus follow a role grant change at once', async () => {
    const roles = await t.call<{ list: Array<{ id: string; enCode: string }> }>(admin, {
      method: 'GET',
      url: '/api/permission/Role?pageSize=100',
    });
    const employee = roles.data.list.find((r) => r.enCode === 'employee')!;
    const zw = await t.login('zhangwei');
    const cu = async () =>
      (
        await t.call<{ permissionList: Array<{ modelId: string }> }>(zw, {
          method: 'GET',
          url: '/api/oauth/CurrentUser',
        })
      ).data;
    const grants = await t.call<{
      module: string[];
      button: string[];
      column: string[];
      form: string[];
      dataScope: string;
    }>(admin, { method: 'GET', url: `/api/permission/Authority/Data/${employee.id}` });
    expect(grants.code).toBe(200);
    const before = await cu();
    await cu();
    const dropped = grants.data.module[grants.data.module.length - 1];
    expect(before.permissionList.some((e) => e.modelId === dropped)).toBe(true);
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Authority/Data/${employee.id}`,
      payload: { ...grants.data, module: grants.data.module.filter((m) => m !== dropped) },
    });
    expect(put.code, put.msg).toBe(200);
    const after = await cu();
    expect(after.permissionList.some((e) => e.modelId === dropped)).toBe(false);
  });

  it('cleanup removes old ended or expired sessions, expired captchas and codes, in bounded batches', async () => {
    const now = Date.now();
    const old = new Date(now - SESSION_KEEP_MS - 60_000);
    const userId = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const row = (id: string, ended: boolean, expires: Date) => ({
      id,
      token_hash: `h-${id}`,
      user_id: userId,
      created_at: old,
      last_active_at: old,
      expires_at: expires,
      ended_at: ended ? old : null,
      end_reason: ended ? 'logout' : null,
    });
    const rows = [];
    for (let i = 0; i < CLEANUP_BATCH + 5; i++) rows.push(row(`cleanup-old-${i}`, i % 2 === 0, old));
    rows.push(row('cleanup-live', false, new Date(now + 3600_000)));
    rows.push(row('cleanup-recent-ended', true, new Date(now + 3600_000)));
    await t.db.kysely.insertInto('user_session').values(rows).execute();
    await t.db.kysely
      .updateTable('user_session')
      .set({ ended_at: new Date(now - 1000) })
      .where('id', '=', 'cleanup-recent-ended')
      .execute();
    await t.db.kysely
      .insertInto('captcha')
      .values([
        { id: 'cleanup-c1', code_hash: 'x', expires_at: new Date(now - 1000) },
        { id: 'cleanup-c2', code_hash: 'x', expires_at: new Date(now + 60_000) },
      ])
      .execute();
    const first = await cleanupExpired(t.db.kysely);
    expect(first.sessions).toBe(CLEANUP_BATCH);
    expect(first.captchas).toBe(1);
    const second = await cleanupExpired(t.db.kysely);
    expect(second.sessions).toBe(5);
    const left = await t.db.kysely
      .selectFrom('user_session')
      .select('id')
      .where('id', 'like', 'cleanup-%')
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual(['cleanup-live', 'cleanup-recent-ended']);
    const caps = await t.db.kysely
      .selectFrom('captcha')
      .select('id')
      .where('id', 'like', 'cleanup-%')
      .execute();
    expect(caps.map((c) => c.id)).toEqual(['cleanup-c2']);
    // The admin's live session still works.
    expect((await t.call(admin, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(200);
  });
});

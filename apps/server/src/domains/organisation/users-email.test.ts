// Issue 34: the mailbox was found by the user's own, unverified, non-unique `email`. Now providers get the
// user id and account, the e-mail is set by administrators only, and two users never share one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearDuplicateEmails } from '../../db/migrations/0188-unique-email';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import type { MailProvider, MailUser } from '../portal/mail';

describe(`e-mail is administered and unique on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let zw: string;
  const asked: MailUser[] = [];
  const provider: MailProvider = {
    latest: async (u) => {
      asked.push(u);
      return [];
    },
    count: async (u) => {
      asked.push(u);
      return { count: 0, unreadCount: 0 };
    },
    get: async (u) => {
      asked.push(u);
      return null;
    },
  };
  const ids: Record<string, string> = {};
  const emailOf = async (account: string) =>
    (
      await t.db.kysely
        .selectFrom('base_user')
        .select('email')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).email;

  beforeAll(async () => {
    t = await createTestApp({ mail: provider });
    [admin, hr, zw] = await Promise.all(['admin', 'chenjing', 'zhangwei'].map((a) => t.login(a)));
    for (const u of await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute())
      ids[u.account] = u.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the mail provider is asked with the user id and account, not the e-mail field', async () => {
    await t.call(zw, { method: 'GET', url: '/api/Bussiness/email/EmailCount' });
    await t.call(zw, { method: 'GET', url: '/api/visualdev/Dashboard/Email' });
    expect(asked.length).toBe(2);
    for (const u of asked) expect(u).toEqual({ userId: ids.zhangwei, account: 'zhangwei' });
  });

  it('a user cannot set his own e-mail through the profile (unchanged is accepted)', async () => {
    const mine = await emailOf('zhangwei');
    const boss = await emailOf('liuzhiqiang');
    const r = await t.call(zw, {
      method: 'PUT',
      url: '/api/permission/Users/Current/BaseInfo',
      payload: { email: boss },
    });
    expect(r.code).toBe(403);
    expect(await emailOf('zhangwei')).toBe(mine);
    const same = await t.call(zw, {
      method: 'PUT',
      url: '/api/permission/Users/Current/BaseInfo',
      payload: { email: mine, realName: '张伟' },
    });
    expect(same.code).toBe(200);
  });

  it('two users cannot share one e-mail: create, update, import and the database refuse it', async () => {
    const taken = (await emailOf('zhangwei'))!.toUpperCase();
    const hrDept = (
      await t.db.kysely
        .selectFrom('base_organize')
        .select('id')
        .where('full_name', '=', '人力资源部')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { account: 'mailtwin01', realName: '同邮甲', organizeId: hrDept, email: taken },
    });
    expect(created.code).toBe(409);
    const lz = await t.call<{ account: string; realName: string; organizeId: string; roleIds: string[] }>(
      admin,
      { method: 'GET', url: `/api/permission/Users/${ids.liuzhiqiang}` },
    );
    const upd = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Users/${ids.liuzhiqiang}`,
      payload: {
        account: lz.data.account,
        realName: lz.data.realName,
        organizeId: lz.data.organizeId,
        email: taken,
      },
    });
    expect(upd.code).toBe(409);
    const imp = await t.call<{ snum: number; fnum: number }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ImportData',
      payload: {
        list: [
          { account: 'mailtwin02', realName: '同邮乙', organize: 'JGJT-HQ', email: taken },
          { account: 'mailtwin03', realName: '同邮丙', organize: 'JGJT-HQ', email: 'new.twin@example.com' },
          { account: 'mailtwin04', realName: '同邮丁', organize: 'JGJT-HQ', email: 'NEW.twin@example.com' },
        ],
      },
    });
    expect(imp.data).toEqual(expect.objectContaining({ snum: 1, fnum: 2 }));
    await expect(
      t.db.kysely
        .updateTable('base_user')
        .set({ email: taken.toLowerCase() })
        .where('account', '=', 'liuzhiqiang')
        .execute(),
    ).rejects.toThrow();
    // empty e-mails are not shared values
    await t.db.kysely
      .updateTable('base_user')
      .set({ email: '' })
      .where('account', 'in', ['mailtwin03', 'liuzhiqiang'])
      .execute();
  });

  it('the migration clears later duplicates (logged) instead of failing, and the seed stays valid', async () => {
    const db = t.db.kysely;
    await sql`drop index base_user_email_unique`.execute(db);
    await db
      .updateTable('base_user')
      .set({ email: 'Shared@Example.com' })
      .where('account', 'in', ['wangjianguo', 'zhangwei'])
      .execute();
    expect(await clearDuplicateEmails(db)).toBe(1);
    const rows = await db
      .selectFrom('base_user')
      .select(['account', 'email'])
      .where('account', 'in', ['wangjianguo', 'zhangwei'])
      .execute();
    expect(rows.filter((r) => r.email === 'Shared@Example.com')).toHaveLength(1);
    const log = await db.selectFrom('sys_log').select('msg').where('category', '=', 'migration').execute();
    expect(log).toHaveLength(1);
    await sql`create unique index base_user_email_unique on base_user (lower(email)) where email is not null and email <> ''`.execute(
      db,
    );
  });
});

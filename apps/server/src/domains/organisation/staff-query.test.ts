// Staff-record reads as spec 4 spells them: GET /api/permission/Users/staff/{section}?userId= (oneself by default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let zhangwei: string;
let sysadmin: string;
const idOf = async (account: string) =>
  (
    await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  zhangwei = await t.login('zhangwei');
  sysadmin = await t.login('sysadmin');
});
afterAll(async () => t?.close());

describe('GET /api/permission/Users/staff/{section}', () => {
  it("reads one's own section without naming the user", async () => {
    const own = await t.call(zhangwei, { method: 'GET', url: '/api/permission/Users/staff/basicInfo' });
    expect(own.code).toBe(200);
    const list = await t.call(zhangwei, { method: 'GET', url: '/api/permission/Users/staff/EduInfo' });
    expect(list).toMatchObject({ code: 200, data: { list: [] } });
  });

  it('reads another user given by userId or id only with the user menu and the user in scope (sysadmin: all data)', async () => {
    const target = await idOf('zhangwei');
    const hr = await t.call(sysadmin, {
      method: 'GET',
      url: `/api/permission/Users/staff/ContactInfo?userId=${target}`,
    });
    expect(hr.code).toBe(200);
    const byId = await t.call(sysadmin, {
      method: 'GET',
      url: `/api/permission/Users/staff/workInfo?id=${target}`,
    });
    expect(byId.code).toBe(200);
    const other = await idOf('chenjing');
    const refused = await t.call(zhangwei, {
      method: 'GET',
      url: `/api/permission/Users/staff/basicInfo?userId=${other}`,
    });
    expect(refused.code).toBe(403);
  });

  it('refuses an unknown section', async () => {
    const res = await t.call(zhangwei, { method: 'GET', url: '/api/permission/Users/staff/salaryInfo' });
    expect(res.code).not.toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { useTestApp } from '../test/suite';
import { seedIfEmpty } from './seed';

describe(`seed on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });

  it('creates a group with companies, departments with heads, positions, roles and about 50 users', async () => {
    const db = t.db.kysely;
    const orgs = await db.selectFrom('base_organize').selectAll().execute();
    const companies = orgs.filter((o) => o.category === 'company');
    const depts = orgs.filter((o) => o.category === 'department');
    expect(companies.map((c) => c.full_name)).toContain('建管建设集团有限公司');
    expect(companies.length).toBe(5);
    expect(depts.length).toBeGreaterThanOrEqual(12);
    expect(depts.filter((d) => d.manager_id).length).toBeGreaterThan(3);
    for (const d of depts) expect(d.tree_path.endsWith(d.id)).toBe(true);
    const users = await db.selectFrom('base_user').select(['account', 'real_name']).execute();
    expect(users.length).toBeGreaterThanOrEqual(50);
    expect(new Set(users.map((u) => u.account)).size).toBe(users.length);
    for (const u of users) expect(u.real_name).toMatch(/^[\u4e00-\u9fa5]{2,5}$/);
    expect((await db.selectFrom('base_position').select('id').execute()).length).toBe(24);
    expect(
      (await db.selectFrom('base_role').select('en_code').execute()).map((r) => r.en_code).sort(),
    ).toEqual(['companyLeader', 'deptManager', 'employee', 'hr', 'sysAdmin'].sort());
  });

  it('has menus for every area of the spec, with buttons, columns and forms', async () => {
    const db = t.db.kysely;
    const menus = await db.selectFrom('base_module').select(['en_code', 'url_address', 'type']).execute();
    const urls = menus.map((m) => m.url_address);
    for (const u of [
      'home',
      'workFlow/flowEngine',
      'workFlow/flowLaunch/FlowIndex',
      'workFlow/flowTodo',
      'workFlow/flowDone',
      'workFlow/flowCirculate',
      'workFlow/entrust',
      'workFlow/flowMonitor',
      'oa/news',
      'oa/notice',
      'oa/msgList',
      'oa/conference',
      'WDQC01',
      'WDKQ01',
      'permission/organize',
      'permission/department',
      'permission/position',
      'permission/user',
      'permission/role',
      'permission/group',
      'permission/authorize',
      'permission/onlineUser',
      'systemData/dictionary',
      'systemData/area',
      'systemData/dataInterface',
      'systemData/billRule',
      'system/printDev',
      'onlineDev/webDesign',
      'generator/webForm',
      'portal/group',
    ]) {
      expect(urls).toContain(u);
    }
    expect((await db.selectFrom('base_module_button').select('id').execute()).length).toBeGreaterThan(60);
    expect((await db.selectFrom('base_module_column').select('id').execute()).length).toBeGreaterThan(5);
    expect((await db.selectFrom('base_module_form').select('id').execute()).length).toBeGreaterThan(3);
  });

  it('stores the system settings and seeds only once', async () => {
    const rows = await t.db.kysely.selectFrom('sys_config').selectAll().execute();
    const get = (k: string) => rows.find((r) => r.key === k)?.value;
    expect(get('sysName')).toBe('"建管佳"');
    expect(get('sysVersion')).toBe('"V1.1.0"');
    expect(await seedIfEmpty(t.db.kysely, { bcryptCost: 4 })).toBe(false);
  });
});

// Issue 20: the seeded organisation's generic names (roles, positions, departments, the headquarters) answer
// in the request's language in lists, pickers and the current user's information; company and people's
// names stay; the edit form gets the stored name; a row an administrator renamed shows his text.
// Migration 0183 labels the seeded rows of a database seeded before.
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { POSITION_LABELS, ROLE_LABELS, relabelSeededOrg, UNIT_LABELS } from '../../db/org-labels';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
type Named = { id: string; fullName: string; enCode?: string; type?: string; children?: Named[] };
const flat = (nodes: Named[]): Named[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('organisation labels', () => {
  it('has zh, zhtw (traditional) and en (no Han) for every label', () => {
    const faults: string[] = [];
    for (const l of Object.values({ ...ROLE_LABELS, ...POSITION_LABELS, ...UNIT_LABELS })) {
      if (convert(l.zhtw) !== l.zhtw) faults.push(`${l.zh}: simplified in zhtw ${l.zhtw}`);
      if (!l.en || /[\u4e00-\u9fff]/.test(l.en)) faults.push(`${l.zh}: en ${l.en}`);
    }
    for (const [zh, l] of Object.entries(UNIT_LABELS)) if (l.zh !== zh) faults.push(`${zh}: zh ${l.zh}`);
    expect(faults).toEqual([]);
  });
});

describe(`seeded organisation names in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  useTestApp((a) => {
    t = a;
  });
  const get = async <T>(account: string, url: string, lang: string) => {
    if (!tokens.has(account)) tokens.set(account, await t.login(account));
    const r = await t.call<T>(tokens.get(account)!, {
      method: 'GET',
      url,
      headers: { 'accept-language': lang },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const roleNames = async (lang: string) =>
    (await get<{ list: Named[] }>('admin', '/api/permission/Role?pageSize=100', lang)).list.map(
      (r) => r.fullName,
    );

  it('labels every seeded role, position and department of the seed', async () => {
    const db = t.db.kysely;
    const unlabelled = [
      ...(await db.selectFrom('base_role').select(['full_name', 'full_name_i18n']).execute()),
      ...(await db.selectFrom('base_position').select(['full_name', 'full_name_i18n']).execute()),
      ...(await db
        .selectFrom('base_organize')
        .select(['full_name', 'full_name_i18n'])
        .where('category', '=', 'department')
        .execute()),
    ].filter((r) => !r.full_name_i18n);
    expect(unlabelled).toEqual([]);
  });

  it('names roles in en, zhtw and zh in the list and the picker; the edit form gets the stored name', async () => {
    expect(await roleNames('en')).toEqual(
      expect.arrayContaining(['System administrator', 'Employee', 'Department manager', 'HR specialist']),
    );
    expect(await roleNames('zh-TW')).toEqual(expect.arrayContaining(['普通員工', '人事專員']));
    expect(await roleNames('zh')).toEqual(expect.arrayContaining(['普通员工', '人事专员']));
    const picker = flat(
      (await get<{ list: Named[] }>('zhangwei', '/api/permission/Role/Selector', 'en')).list,
    );
    expect(picker.find((n) => n.enCode === 'employee')?.fullName).toBe('Employee');
    const id = picker.find((n) => n.enCode === 'employee')!.id;
    expect((await get<Named>('admin', `/api/permission/Role/${id}`, 'en')).fullName).toBe('普通员工');
  });

  it('names positions and departments in en; company names stay as they are', async () => {
    const positions = flat(
      (await get<{ list: Named[] }>('admin', '/api/permission/Position/Tree', 'en')).list,
    );
    const names = new Set(positions.map((n) => n.fullName));
    for (const n of ['General manager', 'Engineer', 'Accountant', 'Group headquarters'])
      expect(names).toContain(n);
    expect(names).toContain('第一工程有限公司');
    const units = flat((await get<{ list: Named[] }>('admin', '/api/permission/Organize', 'en')).list);
    expect(units.map((u) => u.fullName)).toEqual(
      expect.arrayContaining(['建管建设集团有限公司', 'Engineering management', 'Human resources']),
    );
    const all = await get<{ list: Array<Named & { organizeName?: string }> }>(
      'zhangwei',
      '/api/permission/Position/All',
      'en',
    );
    expect(all.list.filter((p) => p.fullName === 'Engineer').map((p) => p.organizeName)).toContain(
      'Group headquarters',
    );
  });

  it("names the caller's own unit, position and role in his language (current user, base info, user list)", async () => {
    const info = await get<{ organize: string; position: string; roleId: string }>(
      'zhangwei',
      '/api/permission/Users/Current/BaseInfo',
      'en',
    );
    expect(info).toMatchObject({
      organize: '第一工程有限公司/Engineering management',
      position: 'Engineer',
      roleId: 'Employee',
    });
    const me = await get<{ userInfo: { organizeName: string; departmentName: string } }>(
      'zhangwei',
      '/api/oauth/CurrentUser',
      'en',
    );
    expect(me.userInfo).toMatchObject({
      organizeName: '第一工程有限公司',
      departmentName: 'Engineering management',
    });
    const users = async (lang: string) =>
      (
        await get<{ list: Array<{ account: string; organize: string }> }>(
          'admin',
          '/api/permission/Users?keyword=zhangwei',
          lang,
        )
      ).list.find((u) => u.account === 'zhangwei')?.organize;
    expect(await users('en')).toBe('第一工程有限公司/Engineering management');
    expect(await users('zh')).toBe('第一工程有限公司/工程管理部');
  });

  it('a renamed role shows the administrator’s text in every language; 0183 leaves it alone', async () => {
    const admin = tokens.get('admin') ?? (await t.login('admin'));
    const role = (await t.db.kysely
      .selectFrom('base_role')
      .selectAll()
      .where('en_code', '=', 'hr')
      .executeTakeFirstOrThrow()) as { id: string };
    const detail = await get<Record<string, unknown>>('admin', `/api/permission/Role/${role.id}`, 'en');
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Role/${role.id}`,
      payload: { ...detail, fullName: '人事主管' },
    });
    expect(put.code, put.msg).toBe(200);
    for (const lang of ['en', 'zh-TW', 'zh']) expect(await roleNames(lang)).toContain('人事主管');
    expect(await roleNames('en')).not.toContain('HR specialist');
    // a database seeded before 0183: no labels; the relabelling gives them back to the rows still named as seeded
    const db = t.db.kysely;
    for (const table of ['base_role', 'base_position', 'base_organize'] as const)
      await db.updateTable(table).set({ full_name_i18n: null }).execute();
    expect(await roleNames('en')).toContain('普通员工');
    await relabelSeededOrg(db);
    expect(await roleNames('en')).toEqual(expect.arrayContaining(['Employee', '人事主管']));
    const hr = await db
      .selectFrom('base_role')
      .select('full_name_i18n')
      .where('id', '=', role.id)
      .executeTakeFirst();
    expect(hr?.full_name_i18n).toBeNull();
  });
});

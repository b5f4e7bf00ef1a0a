// Issue 20: the names of the seeded and generated buttons, columns and form fields have zh, zhtw and en
// (zhtw in traditional characters, opencc-js), and the role-grant catalogue shows them and the seeded menus
// in the request's language.
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { RUNTIME_BUTTONS } from '../domains/visualdev/routes/base';
import { SEED_MENUS, type SeedMenu } from '../seed/menus';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { useTestApp } from '../test/suite';
import { itemNameIn, MODULE_ITEM_LABELS } from './module-item-labels';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
const flat = (l: SeedMenu[]): SeedMenu[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);

describe('module item labels', () => {
  it('has every language for each name the seed and online development give a button, column or field', () => {
    const names = [
      ...flat(SEED_MENUS).flatMap((m) => [...(m.buttons ?? []), ...(m.columns ?? []), ...(m.forms ?? [])]),
      ...RUNTIME_BUTTONS,
    ].map(([, name]) => name);
    expect(names.filter((n) => !MODULE_ITEM_LABELS[n])).toEqual([]);
    const faults: string[] = [];
    for (const [zh, l] of Object.entries(MODULE_ITEM_LABELS)) {
      if (l.zh !== zh) faults.push(`${zh}: zh ${l.zh}`);
      if (convert(l.zhtw) !== l.zhtw) faults.push(`${zh}: simplified in zhtw ${l.zhtw}`);
      if (!l.en || /[\u4e00-\u9fff]/.test(l.en)) faults.push(`${zh}: en ${l.en}`);
    }
    expect(faults).toEqual([]);
    expect(itemNameIn('编辑', 'zhtw')).toBe('編輯');
    expect(itemNameIn('我的按钮', 'en')).toBe('我的按钮');
  });
});

describe(`the role-grant catalogue in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
  });

  it('names seeded menus and buttons in en', async () => {
    const role = await t.db.kysely.selectFrom('base_role').select('id').executeTakeFirstOrThrow();
    type Node = { fullName: string; children?: Node[] };
    const grants = (lang: string) =>
      t.call<{ catalog: { module: Node[]; button: Array<{ fullName: string; enCode: string }> } }>(admin, {
        method: 'GET',
        url: `/api/permission/Authority/Data/${role.id}`,
        headers: { 'accept-language': lang },
      });
    const en = await grants('en');
    expect(en.code, en.msg).toBe(200);
    const menus = (l: Node[]): string[] => l.flatMap((n) => [n.fullName, ...menus(n.children ?? [])]);
    expect(menus(en.data.catalog.module)).toContain('Home');
    const add = en.data.catalog.button.filter((b) => b.enCode === 'btn_add').map((b) => b.fullName);
    expect(add.length).toBeGreaterThan(0);
    expect(new Set(add)).toEqual(new Set(['Add']));
    const zh = await grants('zh');
    expect(menus(zh.data.catalog.module)).toContain('首页');
    expect(zh.data.catalog.button.find((b) => b.enCode === 'btn_add')?.fullName).toBe('新增');
  });
});

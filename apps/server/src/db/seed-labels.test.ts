// Issue 20: seeded menus carry {zh, zhtw, en}; zhtw in traditional characters (opencc-js), en without Han.
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import leave from '../../../../examples/forms/leave-request.json' with { type: 'json' };
import home from '../../../../examples/portals/home.json' with { type: 'json' };
import { menuTree } from '../domains/auth/menu-tree';
import { SEED_MENUS, type SeedMenu } from '../seed/menus';
import {
  LEAVE_FORM_LABELS,
  labelJson,
  labelPortalLayout,
  MENU_LABELS,
  menuLabelJson,
  PORTAL_LABELS,
} from './seed-labels';
import type { ModuleRow } from './types';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
const flat = (l: SeedMenu[]): SeedMenu[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);

describe('seeded menu labels', () => {
  it('has zh, zhtw and en for every seeded menu, zh as the seed names it', () => {
    const faults: string[] = [];
    for (const m of flat(SEED_MENUS)) {
      const l = MENU_LABELS[m.enCode];
      if (!l) faults.push(`${m.enCode}: no labels`);
      else if (l.zh !== m.fullName) faults.push(`${m.enCode}: zh ${l.zh} ≠ ${m.fullName}`);
    }
    for (const [code, l] of Object.entries(MENU_LABELS)) {
      if (convert(l.zhtw) !== l.zhtw)
        faults.push(`${code}: simplified in zhtw ${l.zhtw} → ${convert(l.zhtw)}`);
      if (!l.en || /[\u4e00-\u9fff]/.test(l.en)) faults.push(`${code}: en ${l.en}`);
    }
    expect(faults).toEqual([]);
  });

  it('sends the labels in the menu tree while the name is the seeded one', () => {
    const row = (full_name: string, full_name_i18n: string | null): ModuleRow => ({
      id: '1',
      parent_id: '-1',
      full_name,
      full_name_i18n,
      en_code: 'permission.user',
      type: 2,
      url_address: 'permission/user',
      icon: null,
      category: 'Web',
      property_json: null,
      link_target: null,
      sort_code: 0,
      enabled_mark: 1,
      description: null,
      creator_time: new Date(0),
    });
    const json = menuLabelJson('permission.user', '用户管理');
    expect(menuTree([row('用户管理', json)])[0]?.fullName).toEqual({
      zh: '用户管理',
      zhtw: '使用者管理',
      en: 'Users',
    });
    // Renamed by an administrator: the new name, in every language.
    expect(menuTree([row('成员', json)])[0]?.fullName).toBe('成员');
    expect(menuLabelJson('permission.user', '成员')).toBeNull();
  });

  it('labels every widget title and application name of the default portal', () => {
    const faults: string[] = [];
    for (const [zh, l] of Object.entries(PORTAL_LABELS)) {
      if (l.zh !== zh || convert(l.zhtw) !== l.zhtw || /[\u4e00-\u9fff]/.test(l.en)) faults.push(zh);
    }
    expect(faults).toEqual([]);
    const labelled = JSON.stringify(labelPortalLayout(home.formData));
    // No zh-only header or application name is left.
    expect(labelled.match(/"(header|fullName)":"[^"]*[\u4e00-\u9fff][^"]*"/g) ?? []).toEqual([]);
    expect(labelled).toContain('"header":{"zh":"统计","zhtw":"統計","en":"Statistics"}');
  });

  it('writes the example leave form texts in every language, as the relabelling migration would', () => {
    for (const l of Object.values(LEAVE_FORM_LABELS)) {
      expect(convert(l.zhtw)).toBe(l.zhtw);
      expect(l.en).not.toMatch(/[\u4e00-\u9fff]/);
    }
    // The example itself already carries them: relabelling it changes nothing.
    expect(labelJson(leave, ['label', 'placeholder', 'buttonText'], LEAVE_FORM_LABELS)).toEqual(leave);
    const old = { placeholder: '请输入请假天数', __config__: { label: '申请时间' } };
    expect(labelJson(old, ['label', 'placeholder'], LEAVE_FORM_LABELS)).toEqual({
      placeholder: LEAVE_FORM_LABELS.请输入请假天数,
      __config__: { label: LEAVE_FORM_LABELS.申请时间 },
    });
  });
});

// Issue 20: a workbook may come from a list shown in another language, so a choice or switch cell imports
// from its text in any language (an option label designed as {zh, zhtw, en}, a switch's default texts).
import type { FieldConfig } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { kindOf } from '.';

const select = {
  __config__: { jnpfKey: 'select', label: '等级' },
  __vModel__: 'grade',
  __slot__: {
    options: [
      { id: 'a', fullName: { zh: '甲等', zhtw: '甲等', en: 'Grade A' } },
      { id: 'b', fullName: '乙等' },
    ],
  },
} as unknown as FieldConfig;
const switchField = {
  __config__: { jnpfKey: 'switch', label: '加急' },
  __vModel__: 'urgent',
} as unknown as FieldConfig;

describe('import of labels in any language', () => {
  it("reads a choice cell from an option's label in zh, zhtw or en", () => {
    const kind = kindOf('select')!;
    for (const text of ['甲等', 'Grade A', 'a']) expect(kind.importCell(text, select)).toBe('a');
    expect(kind.importCell('乙等', select)).toBe('b');
    expect(kind.exportCell('a', select)).toBe('甲等');
  });

  it("reads a switch cell from its default texts in every language, or from a designed text's", () => {
    const kind = kindOf('switch')!;
    for (const text of ['开', '開', 'On']) expect(kind.importCell(text, switchField)).toBe(1);
    for (const text of ['关', '關', 'Off']) expect(kind.importCell(text, switchField)).toBe(0);
    const designed = {
      ...switchField,
      activeTxt: { zh: '是', en: 'Yes' },
      inactiveTxt: { zh: '否', en: 'No' },
    };
    expect(kind.importCell('Yes', designed as FieldConfig)).toBe(1);
    expect(kind.importCell('否', designed as FieldConfig)).toBe(0);
  });
});

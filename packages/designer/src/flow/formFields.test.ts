import { describe, expect, it } from 'vitest';
import { FormDesignerStore } from '../form/store';
import { formFieldsOf } from './formFields';

describe('formFieldsOf (the flow designer’s form fields from a form config)', () => {
  it('lists value fields with their value types; leaves out layout, display and sub-table columns', () => {
    const s = new FormDesignerStore();
    const add = (k: string, vModel: string, label: string) => {
      const r = s.addField(k, { holderId: 'root', index: s.getConfig().fields.length });
      expect(r.ok).toBe(true);
      const id = (r as { formId: number }).formId;
      s.updateField(id, (f) => {
        f.__vModel__ = vModel;
        f.__config__.label = label;
      });
      return id;
    };
    add('numInput', 'amount', '金额');
    add('date', 'day', '日期');
    add('checkbox', 'tags', '标签');
    add('comInput', 'reason', '事由');
    add('groupTitle', 'g', '分组');
    const table = add('table', 'items', '明细');
    s.updateField(table, (f) => {
      f.__config__.tableName = 'items';
    });
    s.addField('comInput', { holderId: table, index: 0 });
    expect(formFieldsOf(s.getConfig())).toEqual([
      { value: 'amount', label: '金额', valueType: 'number' },
      { value: 'day', label: '日期', valueType: 'date' },
      {
        value: 'tags',
        label: '标签',
        valueType: 'list',
        // a checkbox's own options: conditions choose among them
        options: expect.arrayContaining([{ value: expect.any(String), label: expect.any(String) }]),
      },
      { value: 'reason', label: '事由', valueType: 'text' },
    ]);
  });
});

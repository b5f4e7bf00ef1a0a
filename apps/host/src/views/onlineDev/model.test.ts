import type { FormConfig } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import {
  CODE_RE,
  cellText,
  defaultColumnData,
  mainFieldsOf,
  syncColumnData,
  tablesOf,
  visibleButtons,
} from './model';

const f = (jnpfKey: string, vModel?: string, label = vModel ?? jnpfKey, children?: unknown[]) => ({
  __config__: { jnpfKey, label, ...(children ? { children } : {}) },
  ...(vModel ? { __vModel__: vModel } : {}),
});

const form = {
  fields: [
    f('comInput', 'title', '标题'),
    f('row', undefined, 'row', [f('numInput', 'amount', '金额'), f('divider')]),
    f('table', 'lines', '明细', [f('comInput', 'item')]),
    f('card', undefined, 'card', [f('select', 'kind', '类别')]),
    f('textarea', 'note', '备注'),
    f('JNPFText'),
  ],
} as unknown as FormConfig;

describe('online development model', () => {
  it('lists main data fields through containers, skipping sub-tables and display kinds', () => {
    expect(mainFieldsOf(form).map((x) => x.vModel)).toEqual(['title', 'amount', 'kind', 'note']);
    expect(mainFieldsOf(null)).toEqual([]);
    expect(tablesOf(form)).toEqual([{ vModel: 'lines', label: '明细', jnpfKey: 'table' }]);
  });

  it('starts a list with the first six fields and text fields searchable; drops columns of removed fields', () => {
    const cols = defaultColumnData(mainFieldsOf(form));
    expect(cols.columnList.map((c) => c.prop)).toEqual(['title', 'amount', 'kind', 'note']);
    expect(cols.searchList?.map((c) => c.prop)).toEqual(['title', 'note']);
    const synced = syncColumnData(
      cols,
      mainFieldsOf(form).filter((x) => x.vModel !== 'title'),
    );
    expect(synced.columnList.map((c) => c.prop)).toEqual(['amount', 'kind', 'note']);
    expect(synced.searchList?.map((c) => c.prop)).toEqual(['note']);
  });

  it('shows only the buttons the user holds; administrators (null) see every one', () => {
    expect(visibleButtons(['add', 'download', 'upload'], ['btn_add', 'btn_upload'])).toEqual([
      'add',
      'upload',
    ]);
    expect(visibleButtons(['edit', 'remove'], null)).toEqual(['edit', 'remove']);
    expect(visibleButtons(undefined, null)).toEqual([]);
  });

  it('checks codes with the spec rule and renders cells as text', () => {
    expect(CODE_RE.test('fee.apply2')).toBe(true);
    expect(CODE_RE.test('.fee')).toBe(false);
    expect(CODE_RE.test('fee.')).toBe(false);
    expect(CODE_RE.test('费用')).toBe(false);
    expect(cellText(['a', 'b'])).toBe('a,b');
    expect(cellText(null)).toBe('');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(3)).toBe('3');
  });
});

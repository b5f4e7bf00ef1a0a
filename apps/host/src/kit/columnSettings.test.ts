import { describe, expect, it } from 'vitest';
import { mergeSettings, move, parseFieldList } from './columnSettings';

const page = [
  { prop: 'fullName', label: '名称' },
  { prop: 'enCode', label: '编码' },
  { prop: 'enabledMark', label: '状态' },
];

describe('column settings (spec 3 §3, 4 §4)', () => {
  it('reads the saved JSON text with the spec’s columnVisible and the server’s own visible', () => {
    expect(
      parseFieldList(
        JSON.stringify([
          { prop: 'enCode', label: 'x', columnVisible: false },
          { prop: 'fullName', label: 'y', visible: true },
          { label: 'no prop' },
        ]),
      ),
    ).toEqual([
      { prop: 'enCode', label: 'x', columnVisible: false },
      { prop: 'fullName', label: 'y', columnVisible: true },
    ]);
    expect(parseFieldList('not json')).toEqual([]);
    expect(parseFieldList('{"a":1}')).toEqual([]);
    expect(parseFieldList(null)).toEqual([]);
  });

  it('keeps the saved order and visibility, appends new columns shown, drops gone ones, takes page labels', () => {
    const saved = [
      { prop: 'enabledMark', label: 'old', columnVisible: false },
      { prop: 'gone', label: 'gone', columnVisible: true },
      { prop: 'fullName', label: 'old', columnVisible: true },
    ];
    expect(mergeSettings(page, saved)).toEqual([
      { prop: 'enabledMark', label: '状态', columnVisible: false },
      { prop: 'fullName', label: '名称', columnVisible: true },
      { prop: 'enCode', label: '编码', columnVisible: true },
    ]);
    expect(mergeSettings(page, []).map((c) => c.columnVisible)).toEqual([true, true, true]);
  });

  it('moves an entry up and down, clamped at the ends', () => {
    expect(move([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { setChildren } from './Area';
import { paramValues } from './DataInterface';
import { nest } from './Dictionary';

interface R {
  id: string;
  parentId: string;
  children?: R[];
}
describe('dictionary nest', () => {
  it('builds a tree from parentId rows; roots -1, 0 or unknown parents', () => {
    const rows: R[] = [
      { id: 'a', parentId: '-1' },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: '0' },
      { id: 'd', parentId: 'gone' },
    ];
    const tree = nest(rows);
    expect(tree.map((n) => n.id)).toEqual(['a', 'c', 'd']);
    expect(tree[0]?.children?.map((n) => n.id)).toEqual(['b']);
    expect(tree[1]?.children).toBeUndefined();
  });
  it('keeps rows already nested', () => {
    const rows: R[] = [{ id: 'a', parentId: '-1', children: [{ id: 'b', parentId: 'a' }] }];
    expect(nest(rows)).toBe(rows);
  });
});

describe('area lazy tree', () => {
  const row = (id: string, hasChildren = true) => ({
    id,
    parentId: '-1',
    fullName: id,
    enCode: id,
    type: 1,
    sortCode: 0,
    enabledMark: 1,
    hasChildren,
    isLeaf: !hasChildren,
  });
  it('puts a loaded level under its parent at any depth', () => {
    const l1 = setChildren([row('110000'), row('120000')], '110000', [row('110100')]);
    expect(l1[0]?.children?.map((r) => r.id)).toEqual(['110100']);
    const l2 = setChildren(l1, '110100', [row('110101', false)]);
    expect(l2[0]?.children?.[0]?.children?.map((r) => r.id)).toEqual(['110101']);
    expect(l2[1]).toBe(l1[1]);
  });
});

describe('data interface test-run values', () => {
  const params = [
    { field: 'a', defaultValue: '1' },
    { field: 'b', defaultValue: null },
    { field: 'c', defaultValue: 3 },
  ];
  it('uses typed values, falls back to defaults, leaves out empty ones', () => {
    expect(paramValues(params, { a: 'x', b: '' })).toEqual({ a: 'x', c: 3 });
    expect(paramValues(params, {})).toEqual({ a: '1', c: 3 });
    expect(paramValues([], { z: '1' })).toEqual({});
  });
});

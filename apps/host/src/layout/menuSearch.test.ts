import { describe, expect, it } from 'vitest';
import { createMenuSearch } from './menuSearch';

describe('header search', () => {
  const search = createMenuSearch([
    { title: '用户管理', path: '/permission/user' },
    { title: '门户设计', path: '/onlineDev/portal' },
    { title: 'Organisation', path: '/permission/organize' },
  ]);
  it('finds by title and by path, fuzzily', () => {
    expect(search('门户设计')[0].path).toBe('/onlineDev/portal');
    expect(search('permission/user')[0].title).toBe('用户管理');
    expect(search('Organsation')[0].path).toBe('/permission/organize');
  });
  it('finds nothing for an empty or unrelated query', () => {
    expect(search('  ')).toEqual([]);
    expect(search('zzzzqqqq')).toEqual([]);
  });
});

import type { MenuEntry } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { actionFor, ancestorsOf, flattenPages, navTree } from '../layout/menuModel';
import { toMenuRoutes } from './menuRoutes';

const menu: MenuEntry[] = [
  { id: '1', enCode: 'home', fullName: '首页', type: 2, urlAddress: 'home' },
  {
    id: '2',
    enCode: 'sys',
    fullName: { zh: '系统', en: 'System' },
    type: 1,
    children: [
      { id: '3', enCode: 'sys.user', fullName: '用户', type: 2, urlAddress: 'permission/user?x=1' },
      {
        id: '4',
        enCode: 'sys.form',
        fullName: '表单',
        type: 3,
        urlAddress: 'model/abc',
        propertyJson: '{"moduleId":"m1","isTree":1}',
      },
      {
        id: '5',
        enCode: 'sys.hidden',
        fullName: '隐藏',
        type: 12,
        urlAddress: 'x/hidden',
        propertyJson: { hidden: 1 },
      },
      {
        id: '6',
        enCode: 'sys.link',
        fullName: '链接',
        type: 7,
        urlAddress: 'https://example.com/?t=${token}',
        linkTarget: '_blank',
      },
      {
        id: '7',
        enCode: 'sys.self',
        fullName: '内嵌',
        type: 7,
        urlAddress: 'https://example.com/',
        linkTarget: '_self',
      },
      { id: '8', enCode: 'portal.group', fullName: '集团门户', type: 17, category: '3' },
    ],
  },
];

describe('menu routes (spec 1 §2.2)', () => {
  const routes = toMenuRoutes(menu, 'tok');
  const byId = (id: string) => routes.find((r) => r.meta.menuId === id)!;
  it('maps every type to its path, name and layout (through @kp/engine buildRoutes)', () => {
    expect(byId('2')).toMatchObject({ path: '/sys', name: 'sys', component: 'basic/directory' });
    expect(byId('3')).toMatchObject({
      path: '/permission/user',
      name: 'sys-user',
      component: 'permission/user',
      layout: 'main',
    });
    expect(byId('4')).toMatchObject({
      path: '/model/abc',
      component: 'basic/dynamicModel',
      meta: { moduleId: 'm1', isTree: true },
    });
    expect(byId('5').meta.hidden).toBe(true);
    expect(byId('6')).toMatchObject({ layout: 'external' });
    expect(byId('6').meta.url).toBe('https://example.com/?t=${token}');
    expect(byId('7')).toMatchObject({ path: '/sys.self', component: 'basic/externalLink' });
    expect(byId('8')).toMatchObject({ path: '/portal/portal.group', layout: 'portal' });
    expect(byId('2').meta.title).toEqual({ zh: '系统', en: 'System' });
    expect(byId('2').meta.zhTitle).toBe('系统');
  });
  it('builds the visible nav tree, its actions and ancestors', () => {
    const tree = navTree(menu, routes, 'zh');
    const dir = tree[1];
    expect(dir.key).toBe('menu:2');
    expect(dir.children!.map((c) => c.entry.id)).toEqual(['3', '4', '6', '7', '8']);
    expect(actionFor(dir)).toMatchObject({ kind: 'directory', firstPath: '/permission/user' });
    expect(actionFor(dir.children![0])).toEqual({ kind: 'navigate', path: '/permission/user?x=1' });
    expect(actionFor(dir.children![2])).toEqual({ kind: 'open', url: byId('6').meta.url });
    expect(actionFor(dir.children![3])).toEqual({ kind: 'navigate', path: '/sys.self' });
    expect(actionFor(dir.children![4])).toEqual({ kind: 'navigate', path: '/portal/portal.group' });
    expect(ancestorsOf(tree, '/model/abc')).toEqual(['menu:2']);
    expect(flattenPages(tree).map((p) => p.path)).toContain('/model/abc');
  });
});

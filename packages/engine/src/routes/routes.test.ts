import type { MenuEntry, PermissionEntry } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './buildRoutes';
import { hasPermission } from './permission';

const entry = (over: Partial<MenuEntry>): MenuEntry => ({
  id: '1',
  fullName: '菜单',
  enCode: 'm',
  type: 2,
  ...over,
});

describe('buildRoutes', () => {
  it('maps every entry type of spec 1 §2.2', () => {
    const menu: MenuEntry[] = [
      entry({
        id: 'd',
        type: 1,
        enCode: 'system',
        fullName: { zh: '系统管理', en: 'System' },
        children: [
          entry({ id: 'p', parentId: 'd', type: 2, enCode: 'system.user', urlAddress: 'system/user?tab=1' }),
          entry({
            id: 'h',
            type: 12,
            enCode: 'system.hidden',
            urlAddress: 'system/x',
            propertyJson: '{"hidden":1}',
          }),
          entry({
            id: 'f',
            type: 3,
            enCode: 'form.a',
            urlAddress: 'model/a',
            propertyJson: '{"moduleId":"m1","isTree":1}',
          }),
          entry({
            id: 'g',
            type: 4,
            enCode: 'dict.a',
            urlAddress: 'dict/a',
            propertyJson: { moduleId: 'm2' },
          }),
          entry({ id: 'r', type: 5, enCode: 'report.a', urlAddress: 'report/a', propertyJson: 'not json' }),
          entry({
            id: 'o',
            type: 8,
            enCode: 'portal.a',
            urlAddress: 'portal/a',
            propertyJson: { moduleId: 'p1' },
          }),
          entry({ id: 'q', type: 11, enCode: 'mportal.a', urlAddress: 'mportal/a' }),
        ],
      }),
      entry({ id: 'v', type: 6, enCode: 'vis.a', propertyJson: { moduleId: 'screen1' } }),
      entry({
        id: 'l1',
        type: 7,
        enCode: 'link.in',
        urlAddress: '${dataV}/x?t=${jnpfToken}',
        linkTarget: '_self',
      }),
      entry({
        id: 'l2',
        type: 7,
        enCode: 'link.out',
        urlAddress: 'https://example.org/?t=${jnpfToken}',
        linkTarget: '_blank',
      }),
      entry({ id: 'pp', type: 17, enCode: 'home', category: 3 }),
      entry({ id: 'pc', type: 2, enCode: 'portal.page', urlAddress: 'work/desk', category: '3' }),
    ];
    const routes = buildRoutes(menu, { visualHost: 'http://vis.local/' });
    const by = Object.fromEntries(routes.map((r) => [r.meta.id, r]));
    expect(routes).toHaveLength(13);
    expect(by.d).toMatchObject({
      name: 'system',
      path: '/system',
      layout: 'main',
      component: 'basic/directory',
    });
    expect(by.d.meta.zhTitle).toBe('系统管理');
    expect(by.p).toMatchObject({ name: 'system-user', path: '/system/user', component: 'system/user' });
    expect(by.p.meta).toMatchObject({ url: '/system/user?tab=1', parentId: 'd', type: 2 });
    expect(by.h.meta.hidden).toBe(true);
    expect(by.f).toMatchObject({ name: 'form-a', path: '/model/a', component: 'basic/dynamicModel' });
    expect(by.f.meta).toMatchObject({ moduleId: 'm1', isTree: true, hidden: false });
    expect(by.g.meta.moduleId).toBe('m2');
    expect(by.r.meta).toMatchObject({ isTree: false, hidden: false });
    expect(by.r.meta.moduleId).toBeUndefined();
    expect(by.o.component).toBe('basic/dynamicPortal');
    expect(by.q.meta.type).toBe(11);
    // no session token in any address: the user-code placeholder is kept for the host to fill with a code
    expect(by.v).toMatchObject({ layout: 'external', path: 'http://vis.local/view/screen1' });
    expect(by.l1).toMatchObject({ layout: 'main', path: '/link.in', component: 'basic/externalLink' });
    expect(by.l1.meta.url).toBe('http://vis.local/x?t=${jnpfToken}');
    expect(by.l2).toMatchObject({ layout: 'external', path: 'https://example.org/?t=${jnpfToken}' });
    expect(by.pp).toMatchObject({ layout: 'portal', path: '/portal/home', name: 'home' });
    expect(by.pc).toMatchObject({ layout: 'portal', path: '/portal/work/desk' });
  });

  it('makes duplicate names unique and skips junk', () => {
    const routes = buildRoutes([
      entry({ id: 'a', enCode: 'a.b', urlAddress: 'x' }),
      entry({ id: 'b', enCode: 'a-b', urlAddress: 'y' }),
      entry({ id: 'c', enCode: 'a.b', urlAddress: 'z' }),
      null as unknown as MenuEntry,
      entry({ id: 'u', type: 99 as never }),
    ]);
    expect(routes.map((r) => r.name)).toEqual(['a-b', 'a-b-2', 'a-b-3']);
    expect(buildRoutes(null)).toEqual([]);
    expect(buildRoutes('x' as never)).toEqual([]);
  });

  const TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 17] as const;
  const menuArb: fc.Arbitrary<MenuEntry[]> = fc.letrec<{ list: MenuEntry[]; node: MenuEntry }>((tie) => ({
    list: fc.array(tie('node'), { maxLength: 4 }),
    node: fc
      .record({
        id: fc.string({ maxLength: 4 }),
        enCode: fc.stringMatching(/^[ab](\.[ab-]){0,2}$/),
        type: fc.constantFrom(...TYPES),
        urlAddress: fc.option(fc.stringMatching(/^[a-z]{1,3}(\/[a-z]{1,3})?(\?x=1)?$/), { nil: undefined }),
        category: fc.option(fc.constantFrom(1, 3, '3', 'Web'), { nil: undefined }),
        linkTarget: fc.option(fc.constantFrom('_self', '_blank'), { nil: undefined }),
        propertyJson: fc.option(fc.constantFrom('{"moduleId":"m","isTree":1}', '{', { hidden: true }), {
          nil: undefined,
        }),
        children: fc.option(tie('list'), { nil: undefined }),
      })
      .map((r) => ({ ...r, fullName: r.enCode }) as MenuEntry),
  })).list;

  const count = (list: MenuEntry[] | undefined): number =>
    (list ?? []).reduce((n, e) => n + 1 + count(e.children), 0);

  it('property: one route per entry, unique names, the layout follows the category', () => {
    fc.assert(
      fc.property(menuArb, (menu) => {
        const routes = buildRoutes(menu, { visualHost: 'http://v' });
        expect(routes).toHaveLength(count(menu));
        expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
        for (const r of routes) {
          expect(r.name).not.toContain('.');
          if (r.layout === 'portal') expect(r.path.startsWith('/portal/')).toBe(true);
          if (r.layout !== 'external') expect(r.path).not.toContain('?');
        }
      }),
    );
  });
});

describe('hasPermission', () => {
  const list: PermissionEntry[] = [
    { modelId: 'm1', button: [{ enCode: 'btn_add' }], column: [{ enCode: 'name' }], form: [] },
    { modelId: 'm2', button: [{ enCode: 'btn_edit' }], column: [], form: [{ enCode: 'amount' }] },
  ];
  it('looks the code up in the module and kind', () => {
    expect(hasPermission(list, 'm1', 'btn_add')).toBe(true);
    expect(hasPermission(list, 'm1', 'btn_edit')).toBe(false);
    expect(hasPermission(list, 'm2', 'btn_edit')).toBe(true);
    expect(hasPermission(list, 'm1', 'name', 'column')).toBe(true);
    expect(hasPermission(list, 'm2', 'amount', 'form')).toBe(true);
    expect(hasPermission(list, 'm2', 'amount')).toBe(false);
    expect(hasPermission(list, 'm3', 'btn_add')).toBe(false);
    expect(hasPermission(null, 'm1', 'btn_add')).toBe(false);
    expect(hasPermission([null as never], 'm1', 'btn_add')).toBe(false);
  });
});

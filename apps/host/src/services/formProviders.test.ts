// The host's organisation trees for the pickers: the role tree's 全局角色 node (id '0' from
// GET /api/permission/Role/Selector) is reachable, so the role picker's global tab lists the global roles.
// The network is answered here by a fake of the one Selector call.
import { roleTabNodes } from '@kp/renderer';
import { afterEach, describe, expect, it } from 'vitest';
import { GLOBAL_ROLES, httpFormProviders } from './formProviders';

const real = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = real;
});

const roleSelector = {
  list: [
    {
      id: '0',
      parentId: null,
      fullName: '全局角色',
      type: 'global',
      children: [{ id: 'r1', parentId: '0', fullName: '普通用户', type: 'role', enabledMark: 1 }],
    },
    {
      id: 'o1',
      parentId: '-1',
      fullName: '总部',
      type: 'company',
      children: [{ id: 'r2', parentId: 'o1', fullName: '财务主管', type: 'role', enabledMark: 1 }],
    },
  ],
};

describe('role picker tree', () => {
  it('shows the global node under its own id; opening it (the global tab) lists the global roles', async () => {
    const urls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const ok = String(input).startsWith('/api/permission/Role/Selector');
      return new Response(JSON.stringify(ok ? { code: 200, msg: 'ok', data: roleSelector } : { code: 404 }));
    }) as typeof fetch;
    const p = httpFormProviders();
    const roots = await p.orgTree('role', '0');
    expect(roots.map((n) => [n.id, n.fullName])).toEqual([
      [GLOBAL_ROLES, '全局角色'],
      ['o1', '总部'],
    ]);
    expect((await p.orgTree('role', GLOBAL_ROLES)).map((n) => n.fullName)).toEqual(['普通用户']);
    expect((await p.orgTree('role', 'o1')).map((n) => n.fullName)).toEqual(['财务主管']);
    expect((await roleTabNodes(p, 'global')).map((n) => n.id)).toEqual(['r1']);
    expect((await roleTabNodes(p, 'organize')).map((n) => n.id)).toEqual(['o1']);
    expect((await roleTabNodes(p, 'organize', '主管')).map((n) => n.id)).toEqual(['r2']);
    expect((await roleTabNodes(p, 'organize', '普通')).map((n) => n.id)).toEqual([]);
    expect(urls.every((u) => u.startsWith('/api/permission/Role/Selector'))).toBe(true);
  });
});

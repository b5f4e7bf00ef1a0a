import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../http/envelope';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { allows, declarationProblem } from './guard';
import type { ModuleGrant, Principal } from './principal';

const ACCOUNTS = ['admin', 'sysadmin', 'liuzhiqiang', 'chenjing', 'wangjianguo', 'zhangwei'] as const;

describe(`guard on ${TEST_DB_KIND}: roles x endpoints`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get(
          '/test/button',
          { config: { permission: { menu: 'permission.user', button: 'btn_resetPassword' } } },
          async () => ok('b'),
        );
        app.get('/test/menu', { config: { permission: { menu: 'permission.user' } } }, async () => ok('m'));
        app.get('/test/admin', { config: { permission: { admin: true } } }, async () => ok('a'));
        app.get('/test/public', { config: { auth: 'public' } }, async (req) =>
          ok(req.principal ? 'with' : 'without'),
        );
        app.get('/test/signed', { config: { permission: { signedIn: 'self' } } }, async (req) =>
          ok(req.principal?.account),
        );
      },
    });
    for (const a of ACCOUNTS) tokens[a] = await t.login(a);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Expected outcome per account (200 allowed, 403 refused) for each protected endpoint of this package.
  const MATRIX: Array<{
    name: string;
    method: 'GET' | 'DELETE';
    url: string;
    payload?: unknown;
    allowed: string[];
    ok?: number;
  }> = [
    {
      name: 'online users list',
      method: 'GET',
      url: '/api/system/onlineUser',
      allowed: ['admin', 'sysadmin'],
    },
    {
      name: 'force offline',
      method: 'DELETE',
      url: '/api/system/onlineUser',
      payload: { ids: ['none'] },
      allowed: ['admin', 'sysadmin'],
    },
    {
      name: 'force one offline',
      method: 'DELETE',
      url: '/api/system/onlineUser/none',
      allowed: ['admin', 'sysadmin'],
      ok: 404,
    },
  ];
  for (const row of MATRIX) {
    it(`${row.name}: only ${row.allowed.join(', ')}`, async () => {
      for (const a of ACCOUNTS) {
        const r = await t.call(tokens[a], {
          method: row.method,
          url: row.url,
          ...(row.payload ? { payload: row.payload } : {}),
        });
        const expected = row.allowed.includes(a) ? (row.ok ?? 200) : 403;
        expect({ a, code: r.code }).toEqual({ a, code: expected });
        if (r.code === 403) expect(r).toEqual({ code: 403, msg: '暂无权限', data: null });
      }
    });
  }

  it('every session route refuses anonymous callers with 602 and no data', async () => {
    for (const [method, url] of [
      ['GET', '/api/oauth/CurrentUser'],
      ['GET', '/api/oauth/Logout'],
      ['POST', '/api/oauth/LockScreen'],
      ['GET', '/api/oauth/GetUserCode'],
      ['GET', '/api/system/onlineUser'],
      ['POST', '/api/file/chunk?fileType=annex&extension=pdf'],
      ['POST', '/api/file/merge'],
      ['POST', '/api/File/Uploader/annex'],
      ['GET', `/api/file/Uploader/Preview?fileVersionId=${'0'.repeat(32)}`],
    ] as const) {
      const r = await t.call(null, { method, url });
      expect({ url, r }).toEqual({ url, r: { code: 602, msg: expect.any(String), data: null } });
    }
  });

  it('menu, button, admin, public and signed-in rules are enforced by the same hook', async () => {
    const expectCodes = async (url: string, want: Record<string, number>) => {
      for (const a of ACCOUNTS)
        expect({ a, url, code: (await t.call(tokens[a], { method: 'GET', url })).code }).toEqual({
          a,
          url,
          code: want[a],
        });
    };
    // chenjing (hr) has every button of permission.user; liuzhiqiang only btn_edit; wangjianguo none
    await expectCodes('/test/button', {
      admin: 200,
      sysadmin: 200,
      liuzhiqiang: 403,
      chenjing: 200,
      wangjianguo: 403,
      zhangwei: 403,
    });
    await expectCodes('/test/menu', {
      admin: 200,
      sysadmin: 200,
      liuzhiqiang: 200,
      chenjing: 200,
      wangjianguo: 200,
      zhangwei: 403,
    });
    await expectCodes('/test/admin', {
      admin: 200,
      sysadmin: 403,
      liuzhiqiang: 403,
      chenjing: 403,
      wangjianguo: 403,
      zhangwei: 403,
    });
    expect((await t.call(null, { method: 'GET', url: '/test/public' })).data).toBe('without');
    expect((await t.call(null, { method: 'GET', url: '/test/signed' })).code).toBe(602);
    expect((await t.call(tokens.zhangwei, { method: 'GET', url: '/test/signed' })).data).toBe('zhangwei');
  });

  it('a revoked grant takes effect at once after authz.invalidate', async () => {
    const token = await t.login('wangjianguo');
    expect((await t.call(token, { method: 'GET', url: '/test/menu' })).code).toBe(200);
    const m = await t.db.kysely
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'permission.user')
      .executeTakeFirstOrThrow();
    const role = await t.db.kysely
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'deptManager')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .deleteFrom('base_role_authorize')
      .where('role_id', '=', role.id)
      .where('item_id', '=', m.id)
      .execute();
    await t.ctx.authz.invalidate();
    expect((await t.call(token, { method: 'GET', url: '/test/menu' })).code).toBe(403);
  });
});

describe('allows (pure)', () => {
  const grant = (enCode: string, buttons: string[]): ModuleGrant => ({
    id: enCode,
    enCode,
    scope: 'self',
    buttons: new Set(buttons),
    columns: new Set(),
    forms: new Set(),
  });
  const principal = (isAdministrator: boolean, grants: ModuleGrant[]): Principal => ({
    userId: 'u',
    account: 'u',
    realName: 'u',
    isAdministrator,
    organizeId: null,
    departmentId: null,
    roleIds: [],
    positionIds: [],
    modules: new Map(grants.map((g) => [g.enCode, g])),
    orgSubtreeIds: [],
    moduleRows: [],
    profile: {
      headIcon: null,
      portalId: null,
      prevLoginTime: null,
      prevLoginIp: null,
      passwordWeak: false,
      theme: null,
      language: null,
      organizeName: null,
      departmentName: null,
      organizeNameI18n: null,
      departmentNameI18n: null,
    },
  });

  it('a non-admin is allowed exactly when the menu and (if asked) the button are granted', () => {
    const code = fc.constantFrom('m1', 'm2', 'm3');
    const btn = fc.constantFrom('btn_add', 'btn_edit', 'btn_remove');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(code, fc.array(btn))),
        code,
        fc.option(btn, { nil: undefined }),
        fc.boolean(),
        (gs, menu, button, admin) => {
          const p = principal(
            false,
            gs.map(([c, b]) => grant(c, b)),
          );
          const g = p.modules.get(menu);
          const expected = !admin && !!g && (!button || g.buttons.has(button));
          expect(allows(p, { menu, button, ...(admin ? { admin: true as const } : {}) })).toBe(expected);
          // an administrator passes every rule
          expect(allows(principal(true, []), { admin: true })).toBe(true);
        },
      ),
    );
  });

  it('a button rule without a menu is refused', () => {
    expect(allows(principal(false, [grant('m', ['btn_add'])]), { button: 'btn_add' })).toBe(false);
  });

  it('no rule is refused (fail closed); a signedIn rule admits any principal', () => {
    expect(allows(principal(true, []), undefined)).toBe(false);
    expect(allows(principal(false, []), {})).toBe(false);
    expect(allows(principal(false, []), { signedIn: 'self' })).toBe(true);
  });

  it('declarations: exactly one of public, menu[+button], admin or signedIn', () => {
    expect(declarationProblem({ auth: 'public' })).toBeNull();
    expect(declarationProblem({ permission: { menu: 'm', button: 'btn_add' } })).toBeNull();
    expect(declarationProblem({ permission: { admin: true } })).toBeNull();
    expect(declarationProblem({ permission: { signedIn: 'owner' } })).toBeNull();
    for (const bad of [
      undefined,
      {},
      { auth: 'session' },
      { permission: {} },
      { permission: { button: 'btn_add' } },
      { permission: { menu: 'm', admin: true } },
      { permission: { menu: 'm', signedIn: 'self' } },
      { permission: { signedIn: 'anyone' } },
      { permission: { admin: false } },
      { auth: 'public', permission: { menu: 'm' } },
    ])
      expect(declarationProblem(bad), JSON.stringify(bad)).toMatch(/\w/);
  });
});

describe(`start-up declaration check (${TEST_DB_KIND})`, () => {
  it('a route that declares no permission stops the server from starting', async () => {
    await expect(
      createTestApp({
        extraRoutes: (app) => {
          app.get('/test/undeclared', async () => ok('x'));
        },
      }),
    ).rejects.toThrow(/GET \/test\/undeclared: no permission declared/);
  });
});

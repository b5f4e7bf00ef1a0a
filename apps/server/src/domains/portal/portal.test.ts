import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import home from '../../../../../examples/portals/home.json' with { type: 'json' };
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

type Portal = {
  id: string;
  enCode: string;
  formData: { layout: Array<{ i: string; w: number }> };
  isPersonal: boolean;
};

describe(`portal /api/portal on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let zw: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    zw = await t.login('zhangwei');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the seeded default portal is examples/portals/home.json and GET info serves it', async () => {
    const r = await t.call<Portal>(zw, { method: 'GET', url: '/api/portal/info' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: 'portal-home', enCode: 'home', isPersonal: false });
    expect(r.data.formData).toEqual(home.formData);
  });

  it('designer: create (validated), update, formdataUpdate, release, list, delete; employees refused', async () => {
    const body = { ...home, id: undefined, enCode: 'p2', fullName: '第二门户' };
    expect((await t.call(zw, { method: 'POST', url: '/api/portal', payload: body })).code).toBe(403);
    expect((await t.call(zw, { method: 'GET', url: '/api/portal' })).code).toBe(403);
    const badLayout = structuredClone(body);
    badLayout.formData.layout[0].w = 99;
    const bad = await t.call(admin, { method: 'POST', url: '/api/portal', payload: badLayout });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^formData\.layout\[0\]\.w/);
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/portal', payload: { ...body, enCode: '' } })).code,
    ).toBe(400);
    const dup = await t.call(admin, {
      method: 'POST',
      url: '/api/portal',
      payload: { ...body, enCode: 'home' },
    });
    expect(dup.msg).toContain('home');
    expect(dup.code).toBe(409);
    const c = await t.call<string>(admin, { method: 'POST', url: '/api/portal', payload: body });
    expect(c.code).toBe(200);
    const id = c.data;
    // not released yet: employees cannot open it
    expect((await t.call(zw, { method: 'GET', url: `/api/portal/${id}` })).code).toBe(404);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/portal/${id}`,
          payload: { ...body, fullName: '改名' },
        })
      ).code,
    ).toBe(200);
    const small = { layout: home.formData.layout.slice(0, 2) };
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/portal/formdataUpdate/${id}`,
          payload: { formData: small },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/portal/formdataUpdate/${id}`,
          payload: { formData: '{bad' },
        })
      ).code,
    ).toBe(400);
    expect((await t.call(admin, { method: 'POST', url: `/api/portal/release/${id}` })).code).toBe(200);
    const seen = await t.call<Portal>(zw, { method: 'GET', url: `/api/portal/${id}` });
    expect(seen.data.formData.layout).toHaveLength(2);
    const list = await t.call<{ list: Array<{ id: string; fullName: string; isRelease: number }> }>(admin, {
      method: 'GET',
      url: '/api/portal?keyword=改名',
    });
    expect(list.data.list).toEqual([expect.objectContaining({ id, fullName: '改名', isRelease: 1 })]);
    // roles: only hr may see it
    const hr = await t.db.kysely
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'hr')
      .executeTakeFirstOrThrow();
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `/api/portal/${id}/Actions/setPortalRole`,
          payload: { roleIds: ['nope'] },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `/api/portal/${id}/Actions/setPortalRole`,
          payload: { roleIds: [hr.id] },
        })
      ).code,
    ).toBe(200);
    expect((await t.call(zw, { method: 'GET', url: `/api/portal/${id}` })).code).toBe(404);
    const cj = await t.login('chenjing');
    expect((await t.call(cj, { method: 'GET', url: `/api/portal/${id}` })).code).toBe(200);
    expect((await t.call(zw, { method: 'DELETE', url: `/api/portal/${id}` })).code).toBe(403);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/portal/${id}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `/api/portal/${id}` })).code).toBe(404);
  });

  it('personal layout: save (validated), served by info, Reset drops it', async () => {
    const mine = { layout: home.formData.layout.slice(0, 3) };
    const bad = await t.call(zw, {
      method: 'POST',
      url: '/api/portal/personal/portal-home',
      payload: { formData: { layout: [{ ...home.formData.layout[0], x: 20, w: 10 }] } },
    });
    expect(bad.code).toBe(400);
    expect(
      (
        await t.call(zw, {
          method: 'POST',
          url: '/api/portal/personal/portal-home',
          payload: { formData: mine },
        })
      ).code,
    ).toBe(200);
    const info = await t.call<Portal>(zw, { method: 'GET', url: '/api/portal/info' });
    expect(info.data).toMatchObject({ isPersonal: true });
    expect(info.data.formData.layout).toHaveLength(3);
    // other users keep the default
    const wjg = await t.login('wangjianguo');
    expect((await t.call<Portal>(wjg, { method: 'GET', url: '/api/portal/info' })).data.isPersonal).toBe(
      false,
    );
    const reset = await t.call<Portal>(zw, { method: 'POST', url: '/api/portal/portal-home/Reset' });
    expect(reset.data.isPersonal).toBe(false);
    expect(reset.data.formData).toEqual(home.formData);
    expect((await t.call(zw, { method: 'POST', url: '/api/portal/nope/Reset' })).code).toBe(404);
  });

  it('Reset and personal layouts of a portal granted to other roles answer 404 and return nothing', async () => {
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/portal',
      payload: { ...home, id: undefined, enCode: 'financeOnly', fullName: '财务门户' },
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data;
    expect((await t.call(admin, { method: 'POST', url: `/api/portal/release/${id}` })).code).toBe(200);
    const role = await t.db.kysely
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'hr')
      .executeTakeFirstOrThrow();
    const granted = await t.call(admin, {
      method: 'POST',
      url: `/api/portal/${id}/Actions/setPortalRole`,
      payload: { roleIds: [role.id] },
    });
    expect(granted.code, granted.msg).toBe(200);
    // zhangwei (employee) holds none of the portal's roles: neither the portal nor its layout reaches him.
    for (const [method, url, payload] of [
      ['GET', `/api/portal/${id}`, undefined],
      ['POST', `/api/portal/${id}/Reset`, undefined],
      ['POST', `/api/portal/personal/${id}`, { formData: { layout: [] } }],
    ] as const) {
      const r = await t.call(zw, { method, url, ...(payload ? { payload } : {}) });
      expect({ url, code: r.code, data: r.data }).toEqual({ url, code: 404, data: null });
    }
    // chenjing (hr) may use it
    const cj = await t.login('chenjing');
    const ok = await t.call<Portal>(cj, { method: 'POST', url: `/api/portal/${id}/Reset` });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.id).toBe(id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;
const P = '/api/Bussiness/personalfile';

describe(`document drafting (WDQC01) on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let zw: string;
  let cj: string;
  let wjg: string;
  let cjId: string;
  const tag = `doc${Date.now().toString(36)}`;
  beforeAll(async () => {
    t = await createTestApp();
    zw = await t.login('zhangwei');
    cj = await t.login('chenjing');
    wjg = await t.login('wangjianguo');
    cjId = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'chenjing')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a draft is the creator's only; issuing it to a recipient makes it unread for him until opened", async () => {
    const d = await t.call<string>(zw, {
      method: 'POST',
      url: P,
      payload: {
        title: `${tag} 关于年会的通知`,
        docType: 'notice',
        contents: '<p>内容<script>x()</script></p>',
        acceptUsers: [cjId],
      },
    });
    expect(d).toMatchObject({ code: 200, msg: '保存成功' });
    const mine = await t.call<Any>(zw, { method: 'GET', url: `${P}/List?keyword=${tag}` });
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({
      title: `${tag} 关于年会的通知`,
      username: '张伟',
      status: 0,
      url: `/WDQC01?id=${d.data}`,
    });
    expect(mine.data.list[0].contents).toBe('内容');
    expect(
      (await t.call<Any>(cj, { method: 'GET', url: `${P}/List?keyword=${tag}` })).data.list,
    ).toHaveLength(0);
    expect((await t.call(cj, { method: 'GET', url: `${P}/${d.data}` })).code).toBe(404);
    // only the creator edits or issues; then it is read-only
    expect((await t.call(cj, { method: 'POST', url: `${P}/${d.data}/issue` })).code).toBe(403);
    expect((await t.call(zw, { method: 'POST', url: `${P}/${d.data}/issue` })).msg).toBe('发布成功');
    expect((await t.call(zw, { method: 'PUT', url: `${P}/${d.data}`, payload: { title: 'x' } })).code).toBe(
      400,
    );
    const unread = await t.call<Any>(cj, { method: 'GET', url: `${P}/List?keyword=unread&pageSize=20` });
    expect(unread.data.list.map((x: Any) => x.id)).toContain(d.data);
    const one = await t.call<Any>(cj, { method: 'GET', url: `${P}/${d.data}` });
    expect(one.data.contents).not.toMatch(/script/);
    const after = await t.call<Any>(cj, { method: 'GET', url: `${P}/List?keyword=unread&pageSize=20` });
    expect(after.data.list.map((x: Any) => x.id)).not.toContain(d.data);
    // not a recipient: not visible
    expect((await t.call(wjg, { method: 'GET', url: `${P}/${d.data}` })).code).toBe(404);
  });

  it('edit and delete own drafts; bad input; permissions', async () => {
    const d = await t.call<string>(zw, { method: 'POST', url: P, payload: { title: `${tag} 草稿` } });
    expect(
      (await t.call(zw, { method: 'PUT', url: `${P}/${d.data}`, payload: { title: `${tag} 草稿2` } })).msg,
    ).toBe('修改成功');
    expect((await t.call(cj, { method: 'DELETE', url: `${P}/${d.data}` })).code).toBe(403);
    expect((await t.call(zw, { method: 'DELETE', url: `${P}/${d.data}` })).msg).toBe('删除成功');
    expect((await t.call(zw, { method: 'GET', url: `${P}/${d.data}` })).code).toBe(404);
    expect((await t.call<Any>(zw, { method: 'POST', url: P, payload: { title: '  ' } })).msg).toBe(
      'title: 请输入标题',
    );
    expect(
      (await t.call<Any>(zw, { method: 'POST', url: P, payload: { title: 'a', docType: 'nope' } })).msg,
    ).toBe('docType: 公文类型不存在');
    expect(
      (await t.call<Any>(zw, { method: 'POST', url: P, payload: { title: 'a', acceptUsers: 'ghost' } })).code,
    ).toBe(400);
    expect((await t.call(zw, { method: 'POST', url: P, payload: {} })).code).toBe(400);
    // issued at once (isDraft 0) to everyone: every user sees it
    const all = await t.call<string>(zw, {
      method: 'POST',
      url: P,
      payload: { title: `${tag} 全员`, isDraft: 0 },
    });
    expect(all.msg).toBe('发布成功');
    expect(
      (await t.call<Any>(wjg, { method: 'GET', url: `${P}/List?keyword=${tag}` })).data.list.map(
        (x: Any) => x.id,
      ),
    ).toEqual([all.data]);
    expect((await t.call(null, { method: 'GET', url: `${P}/List` })).code).toBe(602);
  });
});

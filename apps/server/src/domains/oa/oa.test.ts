import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import { initCounts } from '../../ws/counters';

type Paged<T> = { list: T[]; pagination: { total: number } };
type Row = { id: string; title: string; readType: boolean; isMark: boolean; isDraft: boolean };

describe(`business messages, news, notices, comments on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let zw: string;
  let wjg: string;
  let cj: string;
  const ids: Record<string, string> = {};
  const M = '/api/Bussiness/Message';
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
    admin = await t.login('admin');
    zw = await t.login('zhangwei');
    wjg = await t.login('wangjianguo');
    cj = await t.login('chenjing');
  });

  it('message: send with sanitised contents; recipient reads it; outsider gets 404; lists by type', async () => {
    const r = await t.call<string>(zw, {
      method: 'POST',
      url: M,
      payload: {
        title: '周报',
        contents:
          '<p onclick="x()">好<script>alert(1)</script><a href="javascript:alert(1)">l</a><img src="/a.png" onerror="y()"></p>',
        acceptUsers: `${ids.wangjianguo}`,
        files: [{ name: 'a.pdf', fileId: 'f1', url: '/api/file/Download/annex/f1.pdf' }],
        isImportant: 1,
      },
    });
    expect(r.code).toBe(200);
    const id = r.data;
    const d = await t.call<{
      contents: string;
      userName: string;
      oaGeneralReceiveList: Array<{ userName: string }>;
      creatorUserId: string;
      files: unknown[];
      formtDate: number;
      isImportant: number;
    }>(wjg, { method: 'GET', url: `${M}/${id}` });
    expect(d.code).toBe(200);
    expect(d.data.contents).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(d.data.contents).toContain('<img src="/a.png" />');
    expect(d.data.oaGeneralReceiveList[0].userName).toContain('wangjianguo');
    expect(d.data.creatorUserId).toBe(ids.zhangwei);
    expect(d.data.files).toHaveLength(1);
    expect(d.data.isImportant).toBe(1);
    expect((await t.call(cj, { method: 'GET', url: `${M}/${id}` })).code).toBe(404);
    const recv = await t.call<Paged<Row>>(wjg, {
      method: 'GET',
      url: `${M}/List/0?menuId=x&currentPage=1&pageSize=6`,
    });
    expect(recv.data.list.find((x) => x.id === id)).toMatchObject({ readType: true });
    const sent = await t.call<Paged<Row>>(zw, { method: 'GET', url: `${M}/List/1` });
    expect(sent.data.list.map((x) => x.id)).toContain(id);
    expect((await t.call(zw, { method: 'GET', url: `${M}/List/9` })).code).toBe(400);
    // a site message (type 6) told the recipient
    const site = await t.call<Paged<{ type: number; title: string }>>(wjg, {
      method: 'GET',
      url: '/api/message?type=6',
    });
    expect(site.data.list[0].title).toBe('周报');
  });

  it('message: bad input is refused with a clear msg', async () => {
    const noTo = await t.call(zw, { method: 'POST', url: M, payload: { title: 'x' } });
    expect(noTo.code).toBe(400);
    expect(noTo.msg).toContain('acceptUsers');
    const many = Array.from({ length: 100 }, (_, i) => ({ name: `f${i}.pdf`, url: `/f/${i}` }));
    const tooMany = await t.call(zw, {
      method: 'POST',
      url: M,
      payload: { title: 'x', acceptUsers: [ids.admin], files: many },
    });
    expect(tooMany).toMatchObject({ code: 400, msg: '当前限制最多可以上传99个文件' });
    const ok99 = await t.call(zw, {
      method: 'POST',
      url: M,
      payload: { title: 'x', acceptUsers: [ids.admin], files: many.slice(0, 99), isDraft: 1 },
    });
    expect(ok99.code).toBe(200);
    expect((await t.call(zw, { method: 'POST', url: M, payload: { acceptUsers: [ids.admin] } })).msg).toMatch(
      /title/,
    );
    expect(
      (await t.call(zw, { method: 'POST', url: M, payload: { title: 'x', acceptUsers: ['ghost'] } })).code,
    ).toBe(400);
    expect((await t.call(zw, { method: 'GET', url: `${M}/does-not-exist` })).code).toBe(404);
  });

  it('message: draft, sync release, mark, reminder, personal delete, recover, batchRemove, creator delete', async () => {
    const d = await t.call<string>(zw, {
      method: 'POST',
      url: M,
      payload: { title: '草稿', acceptUsers: [ids.wangjianguo], isDraft: true },
    });
    const id = d.data;
    expect((await t.call(wjg, { method: 'GET', url: `${M}/${id}` })).code).toBe(404);
    const drafts = await t.call<Paged<Row>>(zw, { method: 'GET', url: `${M}/List/2` });
    expect(drafts.data.list.map((x) => x.id)).toContain(id);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/sync/${id}` })).code).toBe(404);
    expect((await t.call(zw, { method: 'POST', url: `${M}/sync/${id}` })).code).toBe(200);
    expect((await t.call(zw, { method: 'POST', url: `${M}/sync/${id}` })).code).toBe(400);
    const unread = await t.call<Paged<Row>>(wjg, { method: 'GET', url: `${M}/List/0?readType=false` });
    expect(unread.data.list.map((x) => x.id)).toContain(id);
    const mark = await t.call<boolean>(wjg, { method: 'POST', url: `${M}/${id}/addMark` });
    expect(mark.data).toBe(true);
    expect(
      (await t.call<Paged<Row>>(wjg, { method: 'GET', url: `${M}/List/3` })).data.list.map((x) => x.id),
    ).toContain(id);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/close/0` })).code).toBe(200);
    expect(
      (await t.call<{ isRemind: number }>(wjg, { method: 'GET', url: `${M}/${id}` })).data.isRemind,
    ).toBe(1);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/close/1` })).code).toBe(200);
    expect(
      (await t.call<{ isRemind: number }>(wjg, { method: 'GET', url: `${M}/${id}` })).data.isRemind,
    ).toBe(0);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/close/0` })).code).toBe(200);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/closeRemind` })).code).toBe(200);
    expect(
      (await t.call<{ isRemind: number }>(wjg, { method: 'GET', url: `${M}/${id}` })).data.isRemind,
    ).toBe(0);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/close/2` })).code).toBe(400);
    expect((await t.call(wjg, { method: 'DELETE', url: `${M}/personal/${id}` })).code).toBe(200);
    expect(
      (await t.call<Paged<Row>>(wjg, { method: 'GET', url: `${M}/List/0` })).data.list.map((x) => x.id),
    ).not.toContain(id);
    expect(
      (await t.call<Paged<Row>>(wjg, { method: 'GET', url: `${M}/List/4` })).data.list.map((x) => x.id),
    ).toContain(id);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/recover` })).code).toBe(200);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/${id}/recover` })).code).toBe(400);
    expect(
      (await t.call<number>(wjg, { method: 'POST', url: `${M}/batchRemove`, payload: { ids: [id] } })).data,
    ).toBe(1);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/batchRemove`, payload: { ids: [] } })).code).toBe(
      400,
    );
    // only the creator deletes the message itself
    expect((await t.call(wjg, { method: 'DELETE', url: `${M}/${id}` })).code).toBe(403);
    expect((await t.call(zw, { method: 'DELETE', url: `${M}/${id}` })).code).toBe(200);
    expect(
      (await t.call<Paged<Row>>(zw, { method: 'GET', url: `${M}/List/4` })).data.list.map((x) => x.id),
    ).toContain(id);
    expect((await t.call(zw, { method: 'POST', url: `${M}/${id}/recover` })).code).toBe(200);
    expect(
      (
        await t.call(zw, {
          method: 'PUT',
          url: `${M}/${id}`,
          payload: { title: '改', acceptUsers: [ids.wangjianguo] },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(wjg, {
          method: 'PUT',
          url: `${M}/${id}`,
          payload: { title: '改', acceptUsers: [ids.wangjianguo] },
        })
      ).code,
    ).toBe(403);
    expect((await t.call(wjg, { method: 'POST', url: `${M}/readAll` })).code).toBe(200);
  });

  it('recipients: all returned; only the creator adds or removes', async () => {
    const all = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', 'not in', ['zhangwei', 'wangjianguo'])
        .execute()
    ).map((u) => u.id);
    const id = (
      await t.call<string>(zw, {
        method: 'POST',
        url: M,
        payload: { title: '全员', acceptUsers: [ids.wangjianguo, ...all.slice(0, 24)] },
      })
    ).data;
    const d = await t.call<{ oaGeneralReceiveList: unknown[] }>(zw, { method: 'GET', url: `${M}/${id}` });
    expect(d.data.oaGeneralReceiveList).toHaveLength(25);
    const other = await t.call(wjg, {
      method: 'POST',
      url: `${M}/${id}/message/addrecipient`,
      payload: { userIds: [all[30]] },
    });
    expect(other).toMatchObject({ code: 403, msg: '只有创建人可以修改接收人' });
    const add = await t.call<number>(zw, {
      method: 'POST',
      url: `${M}/${id}/message/addrecipient`,
      payload: { userIds: [all[30], all[0]] },
    });
    expect(add).toMatchObject({ code: 200, data: 1 });
    const del = await t.call<number>(zw, {
      method: 'POST',
      url: `${M}/${id}/1/delrecipient`,
      payload: { userIds: all.slice(0, 5) },
    });
    expect(del.data).toBe(5);
    const after = await t.call<{ oaGeneralReceiveList: unknown[] }>(zw, { method: 'GET', url: `${M}/${id}` });
    expect(after.data.oaGeneralReceiveList).toHaveLength(21);
    expect(
      (
        await t.call(zw, {
          method: 'POST',
          url: `${M}/${id}/bogus/addrecipient`,
          payload: { userIds: [all[1]] },
        })
      ).code,
    ).toBe(400);
    expect(
      (await t.call(zw, { method: 'POST', url: `${M}/${id}/message/addrecipient`, payload: { userIds: [] } }))
        .code,
    ).toBe(400);
  });

  it('news: admin publishes to everyone; employee reads, marks, readAll; cannot create; cover and 99 limit', async () => {
    const N = '/api/Bussiness/CompanyNews';
    expect((await t.call(zw, { method: 'POST', url: N, payload: { title: 'x' } })).code).toBe(403);
    const r = await t.call<string>(admin, {
      method: 'POST',
      url: N,
      payload: {
        title: '集团新闻',
        contents:
          '<h2 style="color:red">标题</h2><iframe src="x"></iframe><p style="background:url(javascript:a)">t</p>',
        coverFiles: [{ name: 'c.png', url: '/api/file/Download/annexpic/c.png' }],
        reportUserName: '记者',
      },
    });
    expect(r.code).toBe(200);
    const list = await t.call<Paged<Row & { coverFiles: Array<{ url: string }>; contents: string }>>(zw, {
      method: 'GET',
      url: `${N}/list/0?menuId=m&pageSize=6&readType=false`,
    });
    const item = list.data.list.find((x) => x.id === r.data)!;
    expect(item.readType).toBe(false);
    expect(item.coverFiles[0].url).toContain('c.png');
    expect(item.contents).not.toMatch(/iframe|javascript/);
    const d = await t.call<{ reportUserName: string; acceptAll: boolean }>(zw, {
      method: 'GET',
      url: `${N}/${r.data}`,
    });
    expect(d.data).toMatchObject({ reportUserName: '记者', acceptAll: true });
    const read = await t.call<Paged<Row>>(zw, { method: 'GET', url: `${N}/list/0?readType=false` });
    expect(read.data.list.map((x) => x.id)).not.toContain(r.data);
    expect((await t.call(zw, { method: 'POST', url: `${N}/${r.data}/addMark` })).data).toBe(true);
    expect((await t.call(zw, { method: 'POST', url: `${N}/${r.data}/addMark` })).data).toBe(false);
    const r2 = await t.call<string>(admin, { method: 'POST', url: N, payload: { title: '二' } });
    expect((await t.call<number>(wjg, { method: 'POST', url: `${N}/readAll` })).data).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      (await t.call<Paged<Row>>(wjg, { method: 'GET', url: `${N}/list/0?readType=false` })).data.list,
    ).toHaveLength(0);
    expect((await t.call(zw, { method: 'DELETE', url: `${N}/${r2.data}` })).code).toBe(403);
    expect((await t.call(admin, { method: 'DELETE', url: `${N}/${r2.data}` })).code).toBe(200);
    const many = Array.from({ length: 100 }, (_, i) => ({ name: `f${i}.pdf`, url: `/f/${i}` }));
    expect((await t.call(admin, { method: 'POST', url: N, payload: { title: 'x', files: many } })).msg).toBe(
      '当前限制最多可以上传99个文件',
    );
    expect((await t.call(admin, { method: 'GET', url: `${N}/list/abc` })).code).toBe(400);
  });

  it('notices: draft to chosen users, sync releases with a type 7 site message and messagePush; reminder toggle', async () => {
    const N = '/api/Bussiness/CompanyNotice';
    const r = await t.call<string>(admin, {
      method: 'POST',
      url: N,
      payload: { title: '停电通知', acceptUsers: [ids.zhangwei], isDraft: 1, isRemind: 1 },
    });
    expect((await t.call(zw, { method: 'GET', url: `${N}/${r.data}` })).code).toBe(404);
    const before = (await initCounts(t.ctx.db, ids.zhangwei)).unreadNoticeCount;
    expect((await t.call(zw, { method: 'POST', url: `${N}/sync/${r.data}` })).code).toBe(403);
    expect((await t.call(admin, { method: 'POST', url: `${N}/sync/${r.data}` })).code).toBe(200);
    expect((await initCounts(t.ctx.db, ids.zhangwei)).unreadNoticeCount).toBe(before + 1);
    const d = await t.call<{ isRemind: number }>(zw, { method: 'GET', url: `${N}/${r.data}` });
    expect(d.data.isRemind).toBe(1);
    expect((await t.call(zw, { method: 'POST', url: `${N}/${r.data}/close/1` })).code).toBe(200);
    expect(
      (await t.call<{ isRemind: number }>(zw, { method: 'GET', url: `${N}/${r.data}` })).data.isRemind,
    ).toBe(0);
    // not a recipient: not visible
    expect((await t.call(wjg, { method: 'GET', url: `${N}/${r.data}` })).code).toBe(404);
    const dash = await t.call<Paged<Row>>(zw, { method: 'GET', url: '/api/visualdev/Dashboard/Notice' });
    expect(dash.data.list.map((x) => x.id)).toContain(r.data);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `${N}/${r.data}`,
          payload: { title: '停电通知（更新）', acceptUsers: [ids.zhangwei, ids.wangjianguo] },
        })
      ).code,
    ).toBe(200);
    expect((await t.call(wjg, { method: 'GET', url: `${N}/${r.data}` })).code).toBe(200);
  });

  it('comments: tree with replies, likes, attachments limits, author-only delete', async () => {
    const C = '/api/Bussiness/Comment';
    const news = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/Bussiness/CompanyNews',
      payload: { title: '评论用新闻', contents: 'x' },
    });
    expect(news.code, news.msg).toBe(200);
    const owner = news.data;
    expect(
      (await t.call(zw, { method: 'POST', url: C, payload: { ownerId: owner, contents: '   ' } })).msg,
    ).toBe('评论不能为空');
    const imgs = Array.from({ length: 10 }, (_, i) => ({ name: `i${i}.png`, url: `/i/${i}` }));
    expect(
      (await t.call(zw, { method: 'POST', url: C, payload: { ownerId: owner, contents: 'x', files: imgs } }))
        .msg,
    ).toBe('当前限制最多可以上传9张图片');
    const docs = Array.from({ length: 10 }, (_, i) => ({ name: `d${i}.pdf`, url: `/d/${i}` }));
    expect(
      (await t.call(zw, { method: 'POST', url: C, payload: { ownerId: owner, contents: 'x', files: docs } }))
        .msg,
    ).toBe('当前限制最多可以上传9个文件');
    expect(
      (
        await t.call(zw, {
          method: 'POST',
          url: C,
          payload: { ownerId: owner, contents: 'x', files: [{ name: 'a.exe', url: '/a' }] },
        })
      ).code,
    ).toBe(400);
    const root = await t.call<string>(zw, {
      method: 'POST',
      url: C,
      payload: {
        ownerId: owner,
        contents: '<b>第一</b><script>x</script>',
        files: [...imgs.slice(0, 9), ...docs.slice(0, 9)],
      },
    });
    expect(root.code).toBe(200);
    const reply = await t.call<string>(wjg, {
      method: 'POST',
      url: C,
      payload: { ownerId: owner, contents: '回复', parentId: root.data },
    });
    expect(reply.code).toBe(200);
    const reply2 = await t.call<string>(zw, {
      method: 'POST',
      url: C,
      payload: { ownerId: owner, contents: '再回复', parentId: reply.data, toUserId: ids.wangjianguo },
    });
    expect(reply2.code).toBe(200);
    expect(
      (
        await t.call(zw, {
          method: 'POST',
          url: C,
          payload: { ownerId: 'other', contents: 'x', parentId: root.data },
        })
      ).code,
    ).toBe(400);
    expect((await t.call(wjg, { method: 'POST', url: `${C}/${root.data}/like` })).code).toBe(200);
    expect((await t.call(zw, { method: 'POST', url: `${C}/${root.data}/like` })).code).toBe(200);
    expect((await t.call(zw, { method: 'DELETE', url: `${C}/${root.data}/like` })).code).toBe(200);
    type Item = {
      id: string;
      content: string;
      fromName: string;
      likeNum: number;
      isLike: boolean;
      files: unknown[];
      isDel: boolean;
      children: Array<{ fromName: string; toName: string; content: string }>;
    };
    const tree = await t.call<Paged<Item>>(wjg, {
      method: 'GET',
      url: `${C}/${owner}/Tree?currentPage=1&pageSize=20`,
    });
    expect(tree.code).toBe(200);
    const top = tree.data.list[0];
    expect(top).toMatchObject({ content: '第一', fromName: '张伟', likeNum: 1, isLike: true, isDel: false });
    expect(top.files).toHaveLength(18);
    expect(top.children.map((c) => [c.fromName, c.toName, c.content])).toEqual([
      ['王建国', '张伟', '回复'],
      ['张伟', '王建国', '再回复'],
    ]);
    expect((await t.call(wjg, { method: 'DELETE', url: `${C}/${root.data}` })).code).toBe(403);
    expect((await t.call(zw, { method: 'DELETE', url: `${C}/${root.data}` })).code).toBe(200);
    expect(
      (await t.call<Paged<Item>>(wjg, { method: 'GET', url: `${C}/${owner}/Tree` })).data.list,
    ).toHaveLength(0);
    expect((await t.call(wjg, { method: 'POST', url: `${C}/${root.data}/like` })).code).toBe(404);
  });

  it('comments on a private business message: only its sender and recipients read, post, like; others get 404', async () => {
    const C = '/api/Bussiness/Comment';
    const msg = await t.call<string>(zw, {
      method: 'POST',
      url: M,
      payload: { title: '私信', contents: 'x', acceptUsers: [ids.wangjianguo] },
    });
    expect(msg.code, msg.msg).toBe(200);
    const owner = msg.data;
    const root = await t.call<string>(wjg, {
      method: 'POST',
      url: C,
      payload: { ownerId: owner, contents: '收到' },
    });
    expect(root.code, root.msg).toBe(200);
    expect((await t.call(zw, { method: 'GET', url: `${C}/${owner}/Tree` })).code).toBe(200);
    // chenjing is neither sender nor recipient
    for (const [method, url, payload] of [
      ['GET', `${C}/${owner}/Tree`, undefined],
      ['POST', C, { ownerId: owner, contents: '偷看' }],
      ['POST', `${C}/${root.data}/like`, undefined],
      ['DELETE', `${C}/${root.data}/like`, undefined],
      ['DELETE', `${C}/${root.data}`, undefined],
    ] as const) {
      const r = await t.call(cj, { method, url, ...(payload ? { payload } : {}) });
      expect({ method, url, code: r.code, data: r.data }).toEqual({ method, url, code: 404, data: null });
    }
    // an object that does not exist takes no comments
    expect(
      (await t.call(zw, { method: 'POST', url: C, payload: { ownerId: 'nothing-here', contents: 'x' } }))
        .code,
    ).toBe(404);
    const tree = await t.call<Paged<{ id: string }>>(wjg, { method: 'GET', url: `${C}/${owner}/Tree` });
    expect(tree.data.list.map((c) => c.id)).toEqual([root.data]);
  });
});

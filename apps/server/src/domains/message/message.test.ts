import { describe, expect, it, vi } from 'vitest';
import { copyTypesToReceipts } from '../../db/migrations/0186-unread-counts';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import { initCounts } from '../../ws/counters';
import { liveCounts } from '../workflow/notify';
import { sendSiteMessage, unreadSiteCounts } from './site-message';

describe(`site messages /api/message on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let zw: string;
  let wjg: string;
  const ids: Record<string, string> = {};
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
    admin = await t.login('admin');
    zw = await t.login('zhangwei');
    wjg = await t.login('wangjianguo');
  });

  it("shows the server's notice titles and sender in the reader's language, a person's title as written", async () => {
    const flow = await sendSiteMessage(t.ctx, {
      toUserIds: [ids.chenjing],
      title: '审核通过：请假申请',
      type: 2,
    });
    await sendSiteMessage(t.ctx, {
      toUserIds: [ids.chenjing],
      title: '审核通过：周报',
      type: 7,
      creatorUserId: ids.admin,
    });
    const cj = await t.login('chenjing');
    const list = async (lang: string) =>
      (
        await t.call<{ list: Array<{ id: string; title: string; creatorUser: string }> }>(cj, {
          method: 'GET',
          url: '/api/message',
          headers: { 'accept-language': lang },
        })
      ).data.list;
    const en = await list('en');
    expect(en.find((m) => m.id === flow)).toMatchObject({
      title: 'Approved: 请假申请',
      creatorUser: 'System',
    });
    expect(en.map((m) => m.title)).toContain('审核通过：周报');
    expect((await list('zhtw')).find((m) => m.id === flow)?.title).toBe('審核通過：请假申请');
    const read = await t.call<{ title: string }>(cj, {
      method: 'GET',
      url: `/api/message/ReadInfo/${flow}`,
      headers: { 'accept-language': 'en' },
    });
    expect(read.data.title).toBe('Approved: 请假申请');
  });

  it('sendSiteMessage stores, counts and lists; ReadInfo marks read; another user cannot read it', async () => {
    const pushes: unknown[] = [];
    const off = t.ctx.bus.subscribe('ws.user', (p) => pushes.push(p));
    const id = await sendSiteMessage(t.ctx, {
      toUserIds: [ids.zhangwei],
      title: '审批提醒',
      type: 7,
      bodyText: '<b>hi</b>',
      creatorUserId: ids.admin,
    });
    await new Promise((r) => setTimeout(r, 50));
    off();
    expect(pushes).toContainEqual({
      userId: ids.zhangwei,
      message: { method: 'messagePush', unreadNoticeCount: 1, unreadMessageCount: 0 },
    });
    expect((await initCounts(t.ctx.db, ids.zhangwei)).unreadNoticeCount).toBe(1);
    const list = await t.call<{
      list: Array<{ id: string; isRead: string; creatorUser: string }>;
      pagination: { total: number };
    }>(zw, { method: 'GET', url: '/api/message?currentPage=1&pageSize=20&type=7' });
    expect(list.code).toBe(200);
    expect(list.data.list[0]).toMatchObject({
      id,
      isRead: '0',
      creatorUser: expect.stringContaining('admin'),
    });
    const other = await t.call(wjg, { method: 'GET', url: `/api/message/ReadInfo/${id}` });
    expect(other.code).toBe(404);
    const read = await t.call<{ bodyText: string; isRead: string }>(zw, {
      method: 'GET',
      url: `/api/message/ReadInfo/${id}`,
    });
    expect(read.code).toBe(200);
    expect(read.data).toMatchObject({ bodyText: '<b>hi</b>', isRead: '1' });
    expect((await initCounts(t.ctx.db, ids.zhangwei)).unreadNoticeCount).toBe(0);
    const notice = await t.call<{ list: unknown[] }>(zw, {
      method: 'GET',
      url: '/api/message/Notice?keyword=审批',
    });
    expect(notice.data.list).toHaveLength(1);
    const kw = await t.call<{ list: unknown[] }>(zw, {
      method: 'GET',
      url: '/api/message?keyword=nothing-like-this',
    });
    expect(kw.data.list).toHaveLength(0);
  });

  it('ReadAll and DELETE Record only touch the caller', async () => {
    await sendSiteMessage(t.ctx, {
      toUserIds: [ids.zhangwei, ids.wangjianguo],
      title: 'a',
      creatorUserId: null,
    });
    const b = await sendSiteMessage(t.ctx, { toUserIds: [ids.zhangwei, ids.wangjianguo], title: 'b' });
    expect((await t.call(zw, { method: 'POST', url: '/api/message/Actions/ReadAll' })).code).toBe(200);
    expect((await initCounts(t.ctx.db, ids.zhangwei)).unreadMessageCount).toBe(0);
    expect((await initCounts(t.ctx.db, ids.wangjianguo)).unreadMessageCount).toBe(2);
    const del = await t.call(zw, { method: 'DELETE', url: '/api/message/Record', payload: { ids: [b] } });
    expect(del.code).toBe(200);
    const mine = await t.call<{ list: Array<{ id: string }> }>(zw, { method: 'GET', url: '/api/message' });
    expect(mine.data.list.map((m) => m.id)).not.toContain(b);
    const his = await t.call<{ list: Array<{ id: string }> }>(wjg, { method: 'GET', url: '/api/message' });
    expect(his.data.list.map((m) => m.id)).toContain(b);
    expect((await t.call(zw, { method: 'DELETE', url: '/api/message/Record', payload: {} })).code).toBe(400);
  });

  it('authoring: POST draft, PUT, GET, Release delivers, DELETE; employees are refused', async () => {
    const body = { title: '系统通知', type: 1, bodyText: 'x', toUserIds: [ids.zhangwei] };
    expect((await t.call(zw, { method: 'POST', url: '/api/message', payload: body })).code).toBe(403);
    const bad = await t.call(admin, { method: 'POST', url: '/api/message', payload: { ...body, title: '' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/title/);
    const unknown = await t.call(admin, {
      method: 'POST',
      url: '/api/message',
      payload: { ...body, toUserIds: ['nobody'] },
    });
    expect(unknown.code).toBe(400);
    const c = await t.call<string>(admin, { method: 'POST', url: '/api/message', payload: body });
    expect(c.code).toBe(200);
    const id = c.data;
    // a draft is not delivered
    expect((await t.call(zw, { method: 'GET', url: `/api/message/ReadInfo/${id}` })).code).toBe(404);
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/message/${id}`,
      payload: { ...body, title: '系统通知2', toUserIds: `${ids.zhangwei},${ids.wangjianguo}` },
    });
    expect(put.code).toBe(200);
    const got = await t.call<{ title: string; toUserIds: string[]; enabledMark: number }>(admin, {
      method: 'GET',
      url: `/api/message/${id}`,
    });
    expect(got.data).toMatchObject({ title: '系统通知2', enabledMark: 0 });
    expect(got.data.toUserIds).toHaveLength(2);
    expect((await t.call(admin, { method: 'PUT', url: `/api/message/${id}/Actions/Release` })).code).toBe(
      200,
    );
    expect((await t.call(admin, { method: 'PUT', url: `/api/message/${id}/Actions/Release` })).code).toBe(
      409,
    );
    expect((await t.call(wjg, { method: 'GET', url: `/api/message/ReadInfo/${id}` })).code).toBe(200);
    expect((await t.call(zw, { method: 'DELETE', url: `/api/message/${id}` })).code).toBe(403);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/message/${id}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `/api/message/${id}` })).code).toBe(404);
    expect((await t.call(admin, { method: 'PUT', url: '/api/message/nope/Actions/Release' })).code).toBe(404);
  });

  it('unread counts add up every type but notices, and follow a released message whose type is edited', async () => {
    const u = ids.liuzhiqiang!;
    const all = async () => {
      const init = await initCounts(t.ctx.db, u);
      const live = (await liveCounts(t.ctx.db, [u])).get(u)!;
      const site = (await unreadSiteCounts(t.ctx, [u])).get(u)!;
      // the three readers of the counts (initMessage, a flow's push, a site message's push) agree
      expect([live.unreadMessageCount, site.unreadMessageCount]).toEqual([
        init.unreadMessageCount,
        init.unreadMessageCount,
      ]);
      expect([live.unreadNoticeCount, site.unreadNoticeCount]).toEqual([
        init.unreadNoticeCount,
        init.unreadNoticeCount,
      ]);
      return { message: init.unreadMessageCount, notice: init.unreadNoticeCount };
    };
    const before = await all();
    for (const type of [1, 2, 9, 7])
      await sendSiteMessage(t.ctx, { toUserIds: [u], title: `类型 ${type}`, type });
    expect(await all()).toEqual({ message: before.message + 3, notice: before.notice + 1 });
    // released as a message, then edited into a notice: the count moves, and the reader is told
    const body = { title: '停水通知', type: 1, bodyText: 'x', toUserIds: [u] };
    const id = (await t.call<string>(admin, { method: 'POST', url: '/api/message', payload: body })).data;
    await t.call(admin, { method: 'PUT', url: `/api/message/${id}/Actions/Release` });
    expect(await all()).toEqual({ message: before.message + 4, notice: before.notice + 1 });
    const pushes: unknown[] = [];
    const off = t.ctx.bus.subscribe('ws.user', (p) => pushes.push(p));
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/message/${id}`,
      payload: { ...body, type: 7 },
    });
    expect(put.code).toBe(200);
    expect(await all()).toEqual({ message: before.message + 3, notice: before.notice + 2 });
    // the push crosses the bus (PostgreSQL's NOTIFY on that database): it arrives after the answer
    await vi.waitFor(() =>
      expect(pushes).toContainEqual({
        userId: u,
        message: {
          method: 'messagePush',
          unreadNoticeCount: before.notice + 2,
          unreadMessageCount: before.message + 3,
        },
      }),
    );
    off();
    const list = await t.call<{ list: Array<{ id: string }> }>(await t.login('liuzhiqiang'), {
      method: 'GET',
      url: '/api/message?currentPage=1&pageSize=50&type=7&isRead=0',
    });
    expect(list.data.list.map((m) => m.id)).toContain(id);
  });

  it("migration 0186: receipts stored before it take their message's type", async () => {
    const u = ids.liuzhiqiang!;
    const before = await initCounts(t.ctx.db, u);
    const id = await sendSiteMessage(t.ctx, { toUserIds: [u], title: '旧通知', type: 7 });
    // as the column's default left a receipt of a notice stored before the migration
    const receipts = t.db.kysely.updateTable('message_receive').where('message_id', '=', id);
    await receipts.set({ message_type: 1 }).execute();
    expect((await initCounts(t.ctx.db, u)).unreadMessageCount).toBe(before.unreadMessageCount + 1);
    await copyTypesToReceipts(t.db.kysely);
    const after = await initCounts(t.ctx.db, u);
    expect([after.unreadNoticeCount, after.unreadMessageCount]).toEqual([
      before.unreadNoticeCount + 1,
      before.unreadMessageCount,
    ]);
  });

  it('imreply answers the conversation list; no session is refused', async () => {
    const r = await t.call<unknown[]>(zw, { method: 'GET', url: '/api/message/imreply' });
    expect(r.code).toBe(200);
    expect(Array.isArray(r.data)).toBe(true);
    expect((await t.call(null, { method: 'GET', url: '/api/message' })).code).toBe(602);
  });
});

describe(`site messages: object checks on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
  });

  it("a holder of the module's btn_edit reads only his own and his received messages, not every user's", async () => {
    const sysadmin = await t.login('sysadmin'); // every button of oa.msgList, not an administrator
    const zw = await t.login('zhangwei');
    const theirs = await sendSiteMessage(t.ctx, {
      toUserIds: [ids.zhangwei],
      title: '工资条',
      type: 1,
      bodyText: 'private',
      creatorUserId: ids.admin,
    });
    const refused = await t.call(sysadmin, { method: 'GET', url: `/api/message/${theirs}` });
    expect({ code: refused.code, data: refused.data }).toEqual({ code: 404, data: null });
    // the recipient reads it (without the recipient list); the author's own draft shows its recipients
    const mine = await t.call<{ toUserIds?: string[] }>(zw, { method: 'GET', url: `/api/message/${theirs}` });
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.toUserIds).toBeUndefined();
    const draft = await t.call<string>(sysadmin, {
      method: 'POST',
      url: '/api/message',
      payload: { title: 'x', toUserIds: [ids.zhangwei] },
    });
    expect(draft.code, draft.msg).toBe(200);
    const own = await t.call<{ toUserIds?: string[] }>(sysadmin, {
      method: 'GET',
      url: `/api/message/${draft.data}`,
    });
    expect(own.data.toUserIds).toEqual([ids.zhangwei]);
  });
});

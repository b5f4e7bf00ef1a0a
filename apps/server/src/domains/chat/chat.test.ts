import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPostgresDatabase, createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import { normaliseContent } from './service';

type Msg = Record<string, unknown> & { method: string };

/** A websocket client that records every message and can wait for one. */
async function client(url: string, token: string) {
  const ws = new WebSocket(url);
  const got: Msg[] = [];
  const waiters: Array<{ pred: (m: Msg) => boolean; resolve: (m: Msg) => void }> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Msg;
    got.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  const next = (method: string, pred: (m: Msg) => boolean = () => true) =>
    new Promise<Msg>((resolve, reject) => {
      const seen = got.find((m) => m.method === method && pred(m));
      if (seen) {
        got.splice(got.indexOf(seen), 1);
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error(`no ${method}`)), 10_000);
      waiters.push({
        pred: (m) => m.method === method && pred(m),
        resolve: (m) => {
          clearTimeout(timer);
          got.splice(got.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  const send = (m: object) => ws.send(JSON.stringify({ token, ...m }));
  send({ method: 'OnConnection', mobileDevice: false });
  const init = await next('initMessage');
  return { ws, got, next, send, init };
}

describe(`chat over /websocket on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let url: string;
  const ids: Record<string, string> = {};
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/websocket`;
  });

  it('two users exchange a message; unread count changes; history, conversations, read reset', async () => {
    const zwTok = await t.login('zhangwei');
    const wjgTok = await t.login('wangjianguo');
    const a = await client(url, zwTok);
    const b = await client(url, wjgTok);
    const b2 = await client(url, wjgTok); // the receiver's second socket gets it too
    expect((b.init.unreadNums as Record<string, number>)[ids.zhangwei] ?? 0).toBe(0);

    a.send({
      method: 'SendMessage',
      toUserId: ids.wangjianguo,
      messageType: 'text',
      messageContent: '  你好 [微笑]  ',
    });
    const got = await b.next('receiveMessage');
    expect(got).toMatchObject({
      formUserId: ids.zhangwei,
      formMessage: '你好 [微笑]',
      messageType: 'text',
      realName: '张伟',
    });
    expect(await b2.next('receiveMessage')).toMatchObject({ formMessage: '你好 [微笑]' });
    expect(await a.next('sendMessage')).toMatchObject({
      toUserId: ids.wangjianguo,
      toMessage: '你好 [微笑]',
    });

    // empty text is not sent
    a.send({ method: 'SendMessage', toUserId: ids.wangjianguo, messageType: 'text', messageContent: '   ' });
    expect((await a.next('error')).msg).toBe('消息不能为空');
    // image must come from the IM upload
    a.send({
      method: 'SendMessage',
      toUserId: ids.wangjianguo,
      messageType: 'image',
      messageContent: { name: 'x.png', width: 10, height: 10, path: 'http://evil/x.png' },
    });
    expect((await a.next('error')).msg).toMatch(/path/);
    a.send({
      method: 'SendMessage',
      toUserId: ids.wangjianguo,
      messageType: 'image',
      messageContent: JSON.stringify({
        name: 'p.png',
        width: 40,
        height: 30,
        path: '/api/file/Download/IM/abc123.png',
      }),
    });
    const img = await b.next('receiveMessage');
    expect(JSON.parse(String(img.formMessage))).toEqual({
      name: 'p.png',
      width: 40,
      height: 30,
      path: '/api/file/Download/IM/abc123.png',
    });

    // a fresh connection of the receiver sees 2 unread from zhangwei
    const b3 = await client(url, wjgTok);
    expect((b3.init.unreadNums as Record<string, number>)[ids.zhangwei]).toBe(2);
    const conv = await t.call<
      Array<{ id: string; unreadMessage: number; messageType: string; realName: string }>
    >(wjgTok, {
      method: 'GET',
      url: '/api/chat/conversations',
    });
    expect(conv.data[0]).toMatchObject({
      id: ids.zhangwei,
      unreadMessage: 2,
      messageType: 'image',
      realName: '张伟',
    });

    b.send({
      method: 'MessageList',
      toUserId: ids.zhangwei,
      formUserId: ids.wangjianguo,
      currentPage: 1,
      pageSize: 30,
      sord: 'desc',
    });
    const list = await b.next('messageList');
    expect((list.list as unknown[]).length).toBe(2);
    expect((list.pagination as { total: number }).total).toBe(2);

    b.send({ method: 'UpdateReadMessage', formUserId: ids.zhangwei });
    await expect
      .poll(async () => {
        const c = await t.call<Array<{ unreadMessage: number }>>(wjgTok, {
          method: 'GET',
          url: '/api/chat/conversations',
        });
        return c.data[0].unreadMessage;
      })
      .toBe(0);
    const b4 = await client(url, wjgTok);
    expect((b4.init.unreadNums as Record<string, number>)[ids.zhangwei] ?? 0).toBe(0);

    const h = await t.call<{ list: Array<{ content: string }>; pagination: { total: number } }>(zwTok, {
      method: 'GET',
      url: `/api/chat/history?toUserId=${ids.wangjianguo}&keyword=${encodeURIComponent('你好')}&currentPage=1&pageSize=50`,
    });
    expect(h.data.pagination.total).toBe(1);
    expect(h.data.list[0].content).toBe('你好 [微笑]');
    expect((await t.call(zwTok, { method: 'GET', url: '/api/chat/history?toUserId=ghost' })).code).toBe(400);
    expect((await t.call(zwTok, { method: 'GET', url: '/api/chat/history' })).code).toBe(400);
    // a third user's history with them is empty (no leak)
    const cjTok = await t.login('chenjing');
    const other = await t.call<{ list: unknown[] }>(cjTok, {
      method: 'GET',
      url: `/api/chat/history?toUserId=${ids.wangjianguo}`,
    });
    expect(other.data.list).toHaveLength(0);
    for (const c of [a, b, b2, b3, b4]) c.ws.close();
  });

  it('content rules: trimmed text, length limit, image shape', () => {
    expect(normaliseContent('text', ' a ')).toBe('a');
    expect(() => normaliseContent('text', '')).toThrow('消息不能为空');
    expect(() => normaliseContent('text', 'x'.repeat(1501))).toThrow();
    expect(() => normaliseContent('voice', 'x')).toThrow(/messageType/);
    expect(() =>
      normaliseContent('image', { name: 'a', width: -1, height: 1, path: '/api/file/Download/IM/a.png' }),
    ).toThrow();
  });
});

// Two server processes on one PostgreSQL database: the push crosses through LISTEN/NOTIFY.
describe.skipIf(TEST_DB_KIND !== 'postgres')('chat across two servers on postgres', () => {
  let one: TestApp;
  let two: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    one = await createTestApp({ target: { kind: 'postgres', url: created.url, poolSize: 3 } });
    two = await createTestApp({ target: { kind: 'postgres', url: created.url, poolSize: 3 } });
    for (const a of [one, two]) await a.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it('a message sent on server one reaches the receiver connected to server two', async () => {
    const wsUrl = (a: TestApp) => `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/websocket`;
    const rows = await one.db.kysely.selectFrom('base_user').select(['id', 'account']).execute();
    const id = (acc: string) => rows.find((r) => r.account === acc)!.id;
    const a = await client(wsUrl(one), await one.login('zhangwei'));
    const b = await client(wsUrl(two), await two.login('wangjianguo'));
    a.send({
      method: 'SendMessage',
      toUserId: id('wangjianguo'),
      messageType: 'text',
      messageContent: '跨进程',
    });
    expect(await b.next('receiveMessage')).toMatchObject({
      formUserId: id('zhangwei'),
      formMessage: '跨进程',
    });
    a.ws.close();
    b.ws.close();
  });
});

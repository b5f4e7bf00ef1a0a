import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPostgresDatabase, createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import { chatBatcher, SAVE_FAILED } from './batch';
import { ChatRefusal, normaliseContent, sendChat } from './service';

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

  it('many concurrent sends from several users: each stored and delivered once, in order, unread counted', async () => {
    const senders = ['liuzhiqiang', 'chenjing', 'sysadmin'];
    const recipients = ['zhangwei', 'wangjianguo'];
    const PER_SENDER = 30;
    const toks = Object.fromEntries(
      await Promise.all([...senders, ...recipients].map(async (a) => [a, await t.login(a)] as const)),
    );
    const rs = Object.fromEntries(
      await Promise.all(recipients.map(async (a) => [a, await client(url, toks[a]!)] as const)),
    );
    const ss = await Promise.all(senders.map((a) => client(url, toks[a]!)));
    const unreadBefore = (r: string, s: string) =>
      (rs[r]!.init.unreadNums as Record<string, number>)[ids[s]!] ?? 0;
    const stats = chatBatcher(t.app.kp).stats;
    const before = { ...stats };
    // every sender fires all its messages at once, alternating recipients
    const sent: Record<string, string[]> = {}; // `${sender}>${recipient}` → texts in send order
    senders.forEach((s, k) => {
      for (let i = 0; i < PER_SENDER; i++) {
        const r = recipients[i % 2]!;
        const text = `${s}#${i}`;
        sent[`${s}>${r}`] = [...(sent[`${s}>${r}`] ?? []), text];
        ss[k]!.send({ method: 'SendMessage', toUserId: ids[r], messageType: 'text', messageContent: text });
      }
    });
    const total = senders.length * PER_SENDER;
    const pushes = (c: Awaited<ReturnType<typeof client>>, method: string, key: string) =>
      c.got.filter((m) => m.method === method).map((m) => String(m[key]));
    await expect
      .poll(() => recipients.reduce((n, r) => n + pushes(rs[r]!, 'receiveMessage', 'formMessage').length, 0))
      .toBe(total);
    await expect
      .poll(() => ss.reduce((n, c) => n + pushes(c, 'sendMessage', 'toMessage').length, 0))
      .toBe(total);
    await new Promise((r) => setTimeout(r, 200)); // nothing more (no duplicate) arrives
    for (const r of recipients) {
      const got = rs[r]!.got.filter((m) => m.method === 'receiveMessage');
      for (const s of senders) {
        // once each, in the order sent, from the right sender, to the right user
        expect(got.filter((m) => m.formUserId === ids[s]).map((m) => m.formMessage)).toEqual(
          sent[`${s}>${r}`],
        );
        expect(
          got.filter((m) => String(m.formMessage).startsWith(`${s}#`)).every((m) => m.formUserId === ids[s]),
        ).toBe(true);
      }
    }
    senders.forEach((s, k) => {
      const echoes = ss[k]!.got.filter((m) => m.method === 'sendMessage');
      expect(echoes.map((m) => m.toMessage)).toEqual(
        Array.from({ length: PER_SENDER }, (_, i) => `${s}#${i}`),
      );
      expect(echoes.every((m, i) => m.toUserId === ids[recipients[i % 2]!])).toBe(true);
      expect(ss[k]!.got.some((m) => m.method === 'error')).toBe(false);
    });
    // stored once each, in order per conversation; fewer inserts than messages
    for (const [pair, texts] of Object.entries(sent)) {
      const [s, r] = pair.split('>') as [string, string];
      const h = await t.call<{ list: Array<{ content: string }> }>(toks[r]!, {
        method: 'GET',
        url: `/api/chat/history?toUserId=${ids[s]}&currentPage=1&pageSize=100`,
      });
      expect(h.data.list.map((m) => m.content).reverse()).toEqual(texts);
    }
    expect(stats.messages - before.messages).toBe(total);
    expect(stats.batches - before.batches).toBeLessThan(total);
    // unread counts: a fresh connection of each recipient counts every message of each sender
    for (const r of recipients) {
      const fresh = await client(url, toks[r]!);
      for (const s of senders)
        expect((fresh.init.unreadNums as Record<string, number>)[ids[s]!]).toBe(
          unreadBefore(r, s) + sent[`${s}>${r}`]!.length,
        );
      fresh.ws.close();
    }
    for (const c of [...ss, ...Object.values(rs)]) c.ws.close();
  });

  it('a batch whose insert fails refuses every message in it: nothing stored, nothing pushed', async () => {
    const ctx = t.app.kp;
    const db = t.db.kysely;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('im_content')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const watcher = await client(url, await t.login('wangjianguo'));
    const chen = await client(url, await t.login('chenjing'));
    // a real failure of the insert statement: a trigger refuses one row, so the whole multi-row insert fails
    await sql`create function kp_test_chat_refuse() returns trigger language plpgsql as $$
      begin if new.content = '坏消息' then raise exception 'refused by the test trigger'; end if; return new; end $$`.execute(
      db,
    );
    await sql`create trigger kp_test_chat_refuse before insert on im_content for each row execute function kp_test_chat_refuse()`.execute(
      db,
    );
    const rows = await count();
    try {
      // queued in the same turn: one batch
      const results = await Promise.allSettled([
        sendChat(ctx, ids.liuzhiqiang!, ids.wangjianguo!, 'text', '好消息一'),
        sendChat(ctx, ids.chenjing!, ids.wangjianguo!, 'text', '坏消息'),
        sendChat(ctx, ids.zhangwei!, ids.wangjianguo!, 'text', '好消息二'),
      ]);
      for (const r of results) {
        expect(r.status).toBe('rejected');
        const reason = (r as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(ChatRefusal);
        expect(reason.message).toBe(SAVE_FAILED);
      }
      // over the socket the sender is told
      chen.send({
        method: 'SendMessage',
        toUserId: ids.wangjianguo,
        messageType: 'text',
        messageContent: '坏消息',
      });
      expect((await chen.next('error')).msg).toBe(SAVE_FAILED);
      expect(await count()).toBe(rows);
      await new Promise((r) => setTimeout(r, 200));
      expect(watcher.got.filter((m) => /消息/.test(String(m.formMessage)))).toEqual([]);
      expect(chen.got.filter((m) => m.method === 'sendMessage')).toEqual([]);
    } finally {
      await sql`drop trigger kp_test_chat_refuse on im_content`.execute(db);
      await sql`drop function kp_test_chat_refuse()`.execute(db);
    }
    // sent again they are stored, by one insert, and delivered in order
    const batches = chatBatcher(ctx).stats.batches;
    await Promise.all(
      ['好消息一', '坏消息', '好消息二'].map((text) =>
        sendChat(ctx, ids.chenjing!, ids.wangjianguo!, 'text', text),
      ),
    );
    expect(chatBatcher(ctx).stats.batches).toBe(batches + 1);
    expect(await count()).toBe(rows + 3);
    await expect
      .poll(() => watcher.got.filter((m) => m.method === 'receiveMessage').map((m) => m.formMessage))
      .toEqual(['好消息一', '坏消息', '好消息二']);
    // an unknown recipient refuses that message only
    await expect(sendChat(ctx, ids.chenjing!, 'nobody', 'text', '你好')).rejects.toThrow('用户不存在');
    watcher.ws.close();
    chen.ws.close();
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
    // a burst: stored in batches on server one, announced by ids, read and delivered in order on server two
    // (to the receiver and to the sender's second socket there), once each
    const a2 = await client(wsUrl(two), await two.login('zhangwei'));
    const texts = Array.from({ length: 40 }, (_, i) => `跨进程 #${i}`);
    for (const text of texts)
      a.send({
        method: 'SendMessage',
        toUserId: id('wangjianguo'),
        messageType: 'text',
        messageContent: text,
      });
    const arrived = (c: typeof b, method: string, key: string) =>
      c.got.filter((m) => m.method === method && String(m[key]).startsWith('跨进程 #')).map((m) => m[key]);
    await expect.poll(() => arrived(b, 'receiveMessage', 'formMessage').length).toBe(texts.length);
    await expect.poll(() => arrived(a2, 'sendMessage', 'toMessage').length).toBe(texts.length);
    await new Promise((r) => setTimeout(r, 200));
    expect(arrived(b, 'receiveMessage', 'formMessage')).toEqual(texts);
    expect(arrived(a2, 'sendMessage', 'toMessage')).toEqual(texts);
    expect(arrived(a, 'sendMessage', 'toMessage')).toEqual(texts);
    for (const c of [a, a2, b]) c.ws.close();
  });
});

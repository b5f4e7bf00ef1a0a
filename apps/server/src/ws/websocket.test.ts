import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newId } from '../domains/auth/tokens';
import { md5, TEST_DB_KIND, type TestApp } from '../test/harness';
import { useTestApp } from '../test/suite';
import { pushToUser } from './websocket';

/** Opens /websocket and collects messages; `next(method)` waits for one with that method. */
export function wsClient(url: string) {
  const ws = new WebSocket(url);
  const got: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    got.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<void>((r) => ws.on('close', () => r()));
  return {
    ws,
    got,
    closed,
    open: () =>
      new Promise<void>((r, j) =>
        ws.readyState === 1 ? r() : (ws.once('open', () => r()), ws.once('error', j)),
      ),
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    async next(method: string, timeoutMs = 5000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = got.findIndex((m) => m.method === method);
        if (i >= 0) return got.splice(i, 1)[0];
        if (Date.now() > deadline)
          throw new Error(`no ${method} within ${timeoutMs} ms; got ${JSON.stringify(got)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
  };
}

describe(`websocket on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let base: string;
  useTestApp(async (app) => {
    t = app;
    const addr = await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = addr.replace('http', 'ws');
  });

  it('answers OnConnection with initMessage and real counts', async () => {
    const token = await t.login('zhangwei');
    const db = t.db.kysely;
    const me = (
      await db
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'zhangwei')
        .executeTakeFirstOrThrow()
    ).id;
    const other = (
      await db.selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const m1 = newId();
    const m2 = newId();
    await db
      .insertInto('message')
      .values([
        { id: m1, title: '通知', type: 7 },
        { id: m2, title: '消息', type: 1 },
      ])
      .execute();
    await db
      .insertInto('message_receive')
      .values([
        { id: newId(), message_id: m1, user_id: me, message_type: 7 },
        { id: newId(), message_id: m2, user_id: me, message_type: 1 },
        { id: newId(), message_id: m2, user_id: other, message_type: 1 },
      ])
      .execute();
    await db
      .insertInto('im_content')
      .values([
        { id: newId(), send_user_id: other, receive_user_id: me, content_type: 'text', content: '你好' },
      ])
      .execute();
    await db
      .insertInto('wf_todo')
      .values([
        { id: newId(), task_id: 't1', user_id: me, kind: 'todo' },
        { id: newId(), task_id: 't2', user_id: me, kind: 'todo' },
        { id: newId(), task_id: 't3', user_id: me, kind: 'circulate' },
        { id: newId(), task_id: 't4', user_id: me, kind: 'todo', state: 1 },
      ])
      .execute();
    const c = wsClient(`${base}/websocket`);
    await c.open();
    c.send({ method: 'OnConnection', token, mobileDevice: false });
    const init = await c.next('initMessage');
    expect(init).toEqual({
      method: 'initMessage',
      dealtCount: 2,
      consultCount: 1,
      unreadNums: { [other]: 1 },
      unreadMessageCount: 1,
      unreadNoticeCount: 1,
    });
    c.ws.close();
  });

  it('an invalid token gets logout and closeSocket', async () => {
    const c = wsClient(`${base}/websocket`);
    await c.open();
    c.send({ method: 'OnConnection', token: 'f'.repeat(64), mobileDevice: false });
    await c.next('logout');
    await c.next('closeSocket');
    await c.closed;
  });

  it('an upgrade asking for any path but /websocket is cut: no answer, the connection closed', async () => {
    const { port } = new URL(base.replace('ws', 'http'));
    const upgrade = (path: string) =>
      new Promise<{ got: string; closed: boolean }>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
          ),
        );
        let got = '';
        socket.on('data', (b) => {
          got += String(b);
        });
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ got, closed: false });
        }, 2000);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ got, closed: true });
        });
      });
    // a route that exists, one that does not, and the websocket route itself for contrast
    for (const path of ['/api/oauth/CurrentUser', '/nope'])
      expect(await upgrade(path)).toEqual({ got: '', closed: true });
    const ws = await upgrade('/websocket');
    expect(ws.got).toMatch(/^HTTP\/1.1 101/);
    expect(ws.closed).toBe(false);
  });

  it('ignores garbage and anything before OnConnection', async () => {
    const c = wsClient(`${base}/websocket`);
    await c.open();
    c.ws.send('not json');
    c.send({ method: 'SendMessage', toUserId: 'x' });
    const token = await t.login('zhangwei');
    c.send({ method: 'OnConnection', token });
    await c.next('initMessage');
    expect(c.got).toEqual([]);
    c.ws.close();
  });

  it('Logout pushes logout + closeSocket to the sockets of that session only', async () => {
    const token = await t.login('zhangwei');
    const token2 = await t.login('zhangwei');
    const a = wsClient(`${base}/websocket`);
    const b = wsClient(`${base}/websocket`);
    await Promise.all([a.open(), b.open()]);
    a.send({ method: 'OnConnection', token });
    b.send({ method: 'OnConnection', token: token2 });
    await a.next('initMessage');
    await b.next('initMessage');
    await t.call(token, { method: 'GET', url: '/api/oauth/Logout' });
    expect((await a.next('logout')).msg).toBeTruthy();
    await a.next('closeSocket');
    await a.closed;
    await new Promise((r) => setTimeout(r, 200));
    expect(b.got).toEqual([]);
    b.ws.close();
  });

  it('forced offline (online users) ends the session: 601 and a logout push', async () => {
    const admin = await t.login('admin');
    const victim = await t.login('wangjianguo');
    const c = wsClient(`${base}/websocket`);
    await c.open();
    c.send({ method: 'OnConnection', token: victim });
    await c.next('initMessage');
    const list = await t.call<any>(admin, {
      method: 'GET',
      url: '/api/system/onlineUser?keyword=wangjianguo',
    });
    expect(list.code).toBe(200);
    expect(list.data.pagination.total).toBeGreaterThanOrEqual(1);
    const ids = list.data.list.map((r: any) => r.id);
    const del = await t.call(admin, { method: 'DELETE', url: `/api/system/onlineUser/${ids[0]}` });
    expect(del.code).toBe(200);
    const out = await c.next('logout');
    expect(out.msg).toBe('您已被管理员强制下线');
    await c.next('closeSocket');
    expect((await t.call(victim, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(601);
  });

  it("sends the logout text in the user's saved language (issue 20)", async () => {
    await t.db.kysely
      .updateTable('base_user')
      .set({ language: 'en' })
      .where('account', '=', 'chenjing')
      .execute();
    await t.ctx.authz.invalidate();
    try {
      const admin = await t.login('admin');
      const victim = await t.login('chenjing');
      const c = wsClient(`${base}/websocket`);
      await c.open();
      c.send({ method: 'OnConnection', token: victim });
      await c.next('initMessage');
      const list = await t.call<{ list: Array<{ id: string }> }>(admin, {
        method: 'GET',
        url: '/api/system/onlineUser?keyword=chenjing',
      });
      const del = await t.call(admin, {
        method: 'DELETE',
        url: `/api/system/onlineUser/${list.data.list[0].id}`,
      });
      expect(del.code).toBe(200);
      expect((await c.next('logout')).msg).toBe('You were forced offline by an administrator');
    } finally {
      await t.db.kysely
        .updateTable('base_user')
        .set({ language: null })
        .where('account', '=', 'chenjing')
        .execute();
      await t.ctx.authz.invalidate();
    }
  });

  const userIdOf = async (account: string) =>
    (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
  const connect = async (token: string) => {
    const c = wsClient(`${base}/websocket`);
    await c.open();
    c.send({ method: 'OnConnection', token, mobileDevice: false });
    return c;
  };

  it('lock screen: the open socket gets closeSocket and no more pushes; a locked token cannot connect', async () => {
    const token = await t.login('liuzhiqiang');
    const uid = await userIdOf('liuzhiqiang');
    const c = await connect(token);
    await c.next('initMessage');
    await pushToUser(t.ctx, uid, { method: 'messagePush', unreadNoticeCount: 1 });
    await c.next('messagePush');
    const lock = await t.call(token, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} });
    expect(lock.code).toBe(200);
    await c.next('closeSocket');
    await c.closed;
    // locked is not logged out: no logout message (the host keeps its token to unlock)
    expect(c.got.filter((m) => m.method === 'logout')).toEqual([]);
    // a new socket with the locked token is refused, and pushes reach nobody
    const d = await connect(token);
    await d.next('closeSocket');
    await d.closed;
    await pushToUser(t.ctx, uid, { method: 'messagePush', unreadNoticeCount: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect(
      [...c.got, ...d.got].filter((m) => m.method === 'messagePush' || m.method === 'initMessage'),
    ).toEqual([]);
    // after unlocking, a socket connects again
    const unlock = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'liuzhiqiang', password: md5('kp123456') },
    });
    expect(unlock.code).toBe(200);
    const e = await connect(token);
    await e.next('initMessage');
    e.ws.close();
  });

  it('a logged-out or forced-offline token cannot open a new socket', async () => {
    const out = await t.login('zhangwei');
    await t.call(out, { method: 'GET', url: '/api/oauth/Logout' });
    const a = await connect(out);
    await a.next('logout');
    await a.next('closeSocket');
    await a.closed;
    expect(a.got.filter((m) => m.method === 'initMessage')).toEqual([]);

    const admin = await t.login('admin');
    const victim = await t.login('zhangwei');
    const s = await t.ctx.sessions.resolve(victim);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/onlineUser/${s!.id}` })).code).toBe(
      200,
    );
    const b = await connect(victim);
    expect((await b.next('logout')).msg).toBe('您已被管理员强制下线');
    await b.next('closeSocket');
    await b.closed;
  });

  it('an expired session gets logout instead of the next push, and cannot reconnect', async () => {
    const token = await t.login('wangjianguo');
    const uid = await userIdOf('wangjianguo');
    const c = await connect(token);
    await c.next('initMessage');
    const s = await t.ctx.sessions.resolve(token);
    // the session expires (nothing announces an expiry)
    await t.db.kysely
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', s!.id)
      .execute();
    await new Promise((r) => setTimeout(r, 5_200)); // past the session cache
    await pushToUser(t.ctx, uid, { method: 'messagePush', unreadNoticeCount: 9 });
    expect((await c.next('logout')).msg).toBe('登录过期,请重新登录');
    await c.next('closeSocket');
    await c.closed;
    expect(c.got.filter((m) => m.method === 'messagePush')).toEqual([]);
    const d = await connect(token);
    await d.next('logout');
    await d.closed;
    expect(d.got.filter((m) => m.method === 'initMessage')).toEqual([]);
  });
});

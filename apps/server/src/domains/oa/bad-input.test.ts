// Bad input on every messaging path (site messages, business messages, news, notices, comments, chat HTTP and
// websocket methods): each is refused with 400 (field: reason), 404 数据不存在 for rows the caller may not see,
// or an error frame on the socket — never a 500 and never a change. Runs on PGlite and PostgreSQL.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';

type Case = [
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  code: number,
  msg?: RegExp | string,
];

describe(`messaging bad input on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let zw: string;
  const ids: Record<string, string> = {};
  const run = async (token: string, cases: Case[]) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, url, payload, code, msg] of cases) {
      const r = await t.call(token, {
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      got.push(
        `${method} ${url} → ${r.code}${msg && (typeof msg === 'string' ? r.msg === msg : msg.test(r.msg)) ? ' msg ok' : msg ? ` msg ${r.msg}` : ''}`,
      );
      want.push(`${method} ${url} → ${code}${msg ? ' msg ok' : ''}`);
    }
    expect(got).toEqual(want);
  };
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
    admin = await t.login('admin');
    zw = await t.login('zhangwei');
  });

  it('site messages /api/message', async () => {
    await run(zw, [
      ['GET', '/api/message?pageSize=0', undefined, 400],
      ['GET', '/api/message?isRead=2', undefined, 400],
      ['GET', '/api/message?type=-1', undefined, 400],
      ['GET', '/api/message/Notice?currentPage=0', undefined, 400],
      ['GET', '/api/message/ReadInfo/nope', undefined, 404, '数据不存在'],
      ['DELETE', '/api/message/Record', { ids: [] }, 400],
      ['DELETE', '/api/message/Record', { ids: { a: 1 } }, 400],
      ['GET', '/api/message/nope', undefined, 404],
    ]);
    await run(admin, [
      ['POST', '/api/message', { title: '', toUserIds: [ids.zhangwei] }, 400],
      ['POST', '/api/message', { title: 'x', toUserIds: 5 }, 400],
      ['POST', '/api/message', { title: 'x'.repeat(501), toUserIds: [ids.zhangwei] }, 400],
      ['PUT', '/api/message/nope', { title: 'x', toUserIds: [ids.zhangwei] }, 404],
      ['DELETE', '/api/message/nope', undefined, 404],
      ['PUT', '/api/message/nope/Actions/Release', undefined, 404],
    ]);
  });

  it('business messages /api/Bussiness/Message', async () => {
    const M = '/api/Bussiness/Message';
    const files = Array.from({ length: 100 }, (_, i) => ({
      name: `f${i}.pdf`,
      fileId: `${i}`,
      url: `/f/${i}`,
    }));
    await run(zw, [
      ['GET', `${M}/List/9`, undefined, 400],
      ['GET', `${M}/List/abc`, undefined, 400],
      ['GET', `${M}/List/0?pageSize=0`, undefined, 400],
      ['GET', `${M}/nope`, undefined, 404, '数据不存在'],
      ['POST', M, { title: '', acceptUsers: [ids.wangjianguo] }, 400],
      ['POST', M, { title: 'x', isDraft: 0 }, 400],
      ['POST', M, { title: 'x', acceptUsers: ['ghost'] }, 400],
      ['POST', M, { title: 'x', acceptUsers: [ids.wangjianguo], files }, 400, '当前限制最多可以上传99个文件'],
      ['PUT', `${M}/nope`, { title: 'x', acceptUsers: [ids.wangjianguo] }, 404],
      ['POST', `${M}/sync/nope`, undefined, 404],
      ['DELETE', `${M}/nope`, undefined, 404],
      ['DELETE', `${M}/personal/nope`, undefined, 404],
      ['POST', `${M}/batchRemove`, { ids: [] }, 400],
      ['POST', `${M}/batchRemove`, { ids: { a: 1 } }, 400],
      ['POST', `${M}/batchRemove`, {}, 400],
      ['POST', `${M}/nope/recover`, undefined, 404],
      ['POST', `${M}/nope/addMark`, undefined, 404],
      ['POST', `${M}/nope/closeRemind`, undefined, 404],
      ['POST', `${M}/nope/close/2`, undefined, 400],
      ['POST', `${M}/nope/close/0`, undefined, 404],
      ['POST', `${M}/nope/message/addrecipient`, { userIds: [ids.wangjianguo] }, 404],
      ['POST', `${M}/nope/bogus/addrecipient`, { userIds: [ids.wangjianguo] }, 400],
      ['POST', `${M}/nope/message/delrecipient`, {}, 400],
    ]);
  });

  it('company news and notices', async () => {
    for (const P of ['/api/Bussiness/CompanyNews', '/api/Bussiness/CompanyNotice']) {
      const many = Array.from({ length: 100 }, (_, i) => ({
        name: `c${i}.png`,
        fileId: `${i}`,
        url: `/c/${i}`,
      }));
      await run(zw, [
        ['GET', `${P}/list/7`, undefined, 400],
        ['GET', `${P}/list/0?currentPage=0`, undefined, 400],
        ['GET', `${P}/nope`, undefined, 404],
        ['POST', P, { title: 'x' }, 403],
        ['POST', `${P}/nope/addMark`, undefined, 404],
        ['POST', `${P}/nope/close/5`, undefined, 400],
        [
          'POST',
          `${P}/nope/notice/addrecipient`,
          { userIds: [ids.wangjianguo] },
          P.endsWith('Notice') ? 404 : 404,
        ],
      ]);
      await run(admin, [
        ['POST', P, { title: '' }, 400],
        ['POST', P, { title: 'x', files: many }, 400, '当前限制最多可以上传99个文件'],
        ['POST', P, { title: 'x', acceptUsers: 'ghost' }, 400],
        ['PUT', `${P}/nope`, { title: 'x' }, 404],
        ['DELETE', `${P}/nope`, undefined, 404],
        ['POST', `${P}/sync/nope`, undefined, 404],
      ]);
    }
  });

  it('comments: bad input refused; text stays plain (entities decoded, tags dropped)', async () => {
    const C = '/api/Bussiness/Comment';
    await run(zw, [
      ['POST', C, { contents: 'x' }, 400],
      ['POST', C, { ownerId: '', contents: 'x' }, 400],
      ['POST', C, { ownerId: 'bad-owner', contents: '<script>alert(1)</script>' }, 400, '评论不能为空'],
      ['POST', C, { ownerId: 'bad-owner', contents: 'x', parentId: 'nope' }, 400],
      ['POST', C, { ownerId: 'bad-owner', contents: 'x', toUserId: 'ghost' }, 400],
      ['POST', C, { ownerId: 'bad-owner', contents: 'x', files: 'nope' }, 400],
      ['GET', `${C}/bad-owner/Tree?pageSize=0`, undefined, 400],
      ['GET', `${C}/bad-owner/Tree?pageSize=201`, undefined, 400],
      ['POST', `${C}/nope/like`, undefined, 404],
      ['DELETE', `${C}/nope`, undefined, 404],
    ]);
    const news = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/Bussiness/CompanyNews',
      payload: { title: 'plain', contents: 'x' },
    });
    const owner = news.data;
    const r = await t.call<string>(zw, {
      method: 'POST',
      url: C,
      payload: { ownerId: owner, contents: ' a < b & "c" <img src=x onerror=alert(1)> &lt;i&gt; ' },
    });
    expect(r.code).toBe(200);
    const tree = await t.call<{ list: Array<{ content: string }> }>(zw, {
      method: 'GET',
      url: `${C}/${owner}/Tree`,
    });
    expect(tree.data.list.map((c) => c.content)).toEqual(['a < b & "c"  <i>']);
  });

  it('chat HTTP and websocket methods', async () => {
    await run(zw, [
      ['GET', '/api/chat/conversations?pageSize=0', undefined, 400],
      ['GET', '/api/chat/history', undefined, 400],
      ['GET', `/api/chat/history?toUserId=${ids.wangjianguo}&pageSize=0`, undefined, 400],
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/websocket`;
    const ws = new WebSocket(url);
    const got: Array<Record<string, unknown>> = [];
    ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const send = (m: object) => ws.send(JSON.stringify({ token: zw, ...m }));
    send({ method: 'OnConnection', mobileDevice: false });
    await expect.poll(() => got.some((m) => m.method === 'initMessage')).toBe(true);
    const bad: object[] = [
      { method: 'SendMessage', messageType: 'text', messageContent: 'x' },
      { method: 'SendMessage', toUserId: 'ghost', messageType: 'text', messageContent: 'x' },
      { method: 'SendMessage', toUserId: ids.wangjianguo, messageType: 'video', messageContent: 'x' },
      {
        method: 'SendMessage',
        toUserId: ids.wangjianguo,
        messageType: 'text',
        messageContent: 'x'.repeat(1501),
      },
      {
        method: 'SendMessage',
        toUserId: ids.wangjianguo,
        messageType: 'image',
        messageContent: '{"path":"/etc/passwd"}',
      },
      { method: 'MessageList', currentPage: 1, pageSize: 30 },
      { method: 'UpdateReadMessage' },
    ];
    for (const m of bad) send(m);
    await expect
      .poll(() => got.filter((m) => m.method === 'error').length, { timeout: 10_000 })
      .toBe(bad.length);
    expect(got.filter((m) => m.method === 'sendMessage' || m.method === 'messageList')).toEqual([]);
    const stored = await t.db.kysely
      .selectFrom('im_content')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('send_user_id', '=', ids.zhangwei)
      .executeTakeFirstOrThrow();
    expect(Number((stored as { n: number }).n)).toBe(0);
    ws.close();
  });
});

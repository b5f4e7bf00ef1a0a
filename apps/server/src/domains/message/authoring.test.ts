// Issue 34, finding 1: a type-5 site message opened an author-chosen address with the reader's session token
// appended. A person may write only the types a person authors (1, 5, 6, 7, 8); a type-5 address must be an
// http(s) page on the administrator's allow-list; opening it gets a one-time code bound to that link.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';

describe(`site messages a person may author (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
    await t.ctx.settings.set({ externalLinkHosts: ['https://intranet.example.com'] });
    admin = await t.login('admin');
  });

  const post = (type: number, bodyText: string) =>
    t.call<string>(admin, {
      method: 'POST',
      url: '/api/message',
      payload: { title: '请查看', type, bodyText, toUserIds: [ids.zhangwei] },
    });

  it('a type-5 message to an address off the allow-list is refused, and so are server-only types', async () => {
    const evil = await post(5, 'https://attacker.example/collect');
    expect(evil.code).toBe(400);
    expect(evil.msg).toBe('bodyText: 该链接地址不在允许的外部地址中');
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//attacker.example/x', ''])
      expect((await post(5, body)).code).toBe(400);
    // flow notices (2, any other workflow value) and booking notices (9) are the server's own
    for (const type of [0, 2, 3, 9, 42]) {
      const r = await post(type, '{"id":"x"}');
      expect(r.code).toBe(400);
      expect(r.msg).toBe('type: 不支持的消息类型');
    }
    // an edit cannot turn a dialog into one either
    const id = (await post(1, 'x')).data;
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/message/${id}`,
      payload: { title: '请查看', type: 5, bodyText: 'https://attacker.example/', toUserIds: [ids.zhangwei] },
    });
    expect(put.code).toBe(400);
  });

  it('a draft that breaks the rules (written before them) is not released', async () => {
    const id = (await post(1, 'x')).data;
    await t.db.kysely
      .updateTable('message')
      .set({ type: 5, body_text: 'https://attacker.example/' })
      .where('id', '=', id)
      .execute();
    const r = await t.call(admin, { method: 'PUT', url: `/api/message/${id}/Actions/Release` });
    expect(r.code).toBe(400);
    const receipts = await t.db.kysely
      .selectFrom('message_receive')
      .select('id')
      .where('message_id', '=', id)
      .execute();
    expect(receipts).toEqual([]);
  });

  it('an allow-listed type-5 message is delivered; its reader gets a code bound to that link, not a token', async () => {
    const url = 'https://intranet.example.com/notice?id=9';
    const id = (await post(5, url)).data;
    expect((await t.call(admin, { method: 'PUT', url: `/api/message/${id}/Actions/Release` })).code).toBe(
      200,
    );
    for (const type of [1, 6, 7, 8]) expect((await post(type, 'abc')).code).toBe(200);
    const zw = await t.login('zhangwei');
    const read = await t.call<{ type: number; bodyText: string }>(zw, {
      method: 'GET',
      url: `/api/message/ReadInfo/${id}`,
    });
    expect(read.data).toMatchObject({ type: 5, bodyText: url });
    const code = await t.call<{ code: string }>(zw, {
      method: 'GET',
      url: `/api/oauth/GetUserCode?url=${encodeURIComponent(url)}`,
    });
    expect(code.code).toBe(200);
    expect(code.data.code).not.toBe(zw);
    const who = await t.call<{ account: string }>(null, {
      method: 'POST',
      url: '/api/oauth/UserCode/Redeem',
      payload: { code: code.data.code, app: 'https://intranet.example.com' },
    });
    expect(who.data.account).toBe('zhangwei');
    // the allow-list shrinks: the message no longer opens with a code
    await t.ctx.settings.set({ externalLinkHosts: [] });
    const gone = await t.call(zw, {
      method: 'GET',
      url: `/api/oauth/GetUserCode?url=${encodeURIComponent(url)}`,
    });
    expect(gone.code).toBe(400);
    await t.ctx.settings.set({ externalLinkHosts: ['https://intranet.example.com'] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';

// The key of a user's input kept in his browser (issue 34): his own sessions get the same key (so a session that
// ended loses nothing), nobody else's session does, a locked session gets none, and a chosen logout replaces it.
describe(`the key of kept input on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const keyOf = (token: string) =>
    t.call<{ key: string }>(token, { method: 'GET', url: '/api/oauth/UnsentKey' });

  it("one key per user for every session of his; another user's key differs; none without a session", async () => {
    const a = await keyOf(await t.login('zhangwei'));
    expect(a.code, a.msg).toBe(200);
    expect(Buffer.from(a.data.key, 'base64')).toHaveLength(32);
    const again = await keyOf(await t.login('zhangwei'));
    expect(again.data.key).toBe(a.data.key);
    const other = await keyOf(await t.login('wangjianguo'));
    expect(other.data.key).not.toBe(a.data.key);
    expect((await t.call(null, { method: 'GET', url: '/api/oauth/UnsentKey' })).code).not.toBe(200);
  });

  it('a locked screen gets no key; unlocked it does', async () => {
    const token = await t.login('chenjing');
    expect((await t.call(token, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} })).code).toBe(
      200,
    );
    const locked = await keyOf(token);
    expect(locked.code).not.toBe(200);
    expect(locked.data ?? null).toBeNull();
    const unlock = await t.call(token, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'chenjing', password: md5('kp123456') },
    });
    expect(unlock.code, unlock.msg).toBe(200);
    expect((await keyOf(token)).code).toBe(200);
  });

  it('DELETE replaces the key: what was kept under the old one cannot be read', async () => {
    const token = await t.login('liuzhiqiang');
    const before = (await keyOf(token)).data.key;
    expect((await t.call(token, { method: 'DELETE', url: '/api/oauth/UnsentKey' })).code).toBe(200);
    const after = (await keyOf(token)).data.key;
    expect(after).not.toBe(before);
  });
});

// Issue 20: the router's own refusals (a path parameter over maxParamLength, a malformed URL) answer in
// the request's language like every other msg, though no route and no hook runs for them.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { useTestApp } from '../test/suite';

describe(`router refusals in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp(
    (a) => {
      t = a;
    },
    { seed: false },
  );

  const get = (url: string, lang: string) =>
    t.call(null, { method: 'GET', url, headers: { 'accept-language': lang } });
  const long = `/api/permission/Role/${'x'.repeat(501)}`;
  const malformed = '/api/permission/Role/%E0%A4%A';

  it('names a too long path parameter in en, zhtw and zh', async () => {
    expect(await get(long, 'en')).toMatchObject({ code: 400, msg: 'path: The parameter is too long' });
    expect((await get(long, 'zh-TW')).msg).toBe('path: 參數過長');
    expect((await get(long, 'zh-CN')).msg).toBe('path: 参数过长');
  });

  it('names a malformed address in en and zh', async () => {
    expect(await get(malformed, 'en')).toMatchObject({
      code: 400,
      msg: 'path: The address has the wrong format',
    });
    expect((await get(malformed, 'zh')).msg).toBe('path: 地址格式错误');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { nulIn } from './errors';

describe('text with a NUL character is refused up front, naming the field', () => {
  it('nulIn finds the first string holding one, however deep, and spells its path', () => {
    expect(nulIn({ a: 'x', b: { c: ['ok', 'bad\u0000'] } }, '')).toBe('b.c.1');
    expect(nulIn('x\u0000', '')).toBe('body');
    expect(nulIn({ a: 1, b: null, c: true, d: 'fine', e: { f: [] } }, '')).toBeNull();
    expect(nulIn(undefined, '')).toBeNull();
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('in a body, a query or a path parameter: 400 with the field, before any route code runs', async () => {
    const token = await t.login('admin');
    const body = await t.call(token, {
      method: 'POST',
      url: '/api/permission/Role',
      payload: { fullName: 'r', enCode: 'r', description: { nested: ['a', 'b\u0000c'] } },
    });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('description.nested.1: 不能包含空字符');
    const query = await t.call(token, { method: 'GET', url: '/api/permission/Users?keyword=a%00b' });
    expect(query).toMatchObject({ code: 400, msg: 'keyword: 不能包含空字符' });
  });
});

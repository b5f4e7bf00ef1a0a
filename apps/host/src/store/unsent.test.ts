import { beforeEach, describe, expect, it } from 'vitest';
import {
  dropAllUnsent,
  dropUnsent,
  keepUnsent,
  mergeUnsent,
  readUnsent,
  requestScope,
  sweepUnsent,
  UNSENT_MAX_AGE_MS,
  UNSENT_MAX_CHARS,
  unsentKey,
} from './unsent';

beforeEach(() => localStorage.clear());

describe('unsent input kept in this browser', () => {
  it('keys by user and what is filled in: a new launch of a flow, or a task (with the operator task when approving)', () => {
    expect(unsentKey('u1', requestScope({ flowId: 'f1' }))).toBe('unsent:u1:flow:f1');
    expect(unsentKey('u1', requestScope({ taskId: 't1', flowId: 'f1' }))).toBe('unsent:u1:task:t1:');
    expect(unsentKey('u1', requestScope({ taskId: 't1', operatorId: 'o1' }))).toBe('unsent:u1:task:t1:o1');
    expect(unsentKey('u1', 'form:m1:new')).toBe('unsent:u1:form:m1:new');
    expect(unsentKey('', 'flow:f1')).toBeNull();
    expect(unsentKey('u1', requestScope({}))).toBeNull();
  });

  it('keeps and reads back an entry; another user or request reads nothing', () => {
    const key = unsentKey('u1', 'flow:f1') as string;
    expect(keepUnsent(key, { data: { a: '出差', n: 3 }, extra: { urgent: 2 } }, 1000)).toBe(true);
    expect(readUnsent(key, 2000)).toEqual({ data: { a: '出差', n: 3 }, extra: { urgent: 2 }, savedAt: 1000 });
    expect(readUnsent(unsentKey('u2', 'flow:f1') as string, 2000)).toBeNull();
    expect(readUnsent(unsentKey('u1', 'flow:f2') as string, 2000)).toBeNull();
    dropUnsent(key);
    expect(readUnsent(key, 2000)).toBeNull();
  });

  it("puts back only the user's own changes on today's data (a field someone else changed since keeps theirs)", () => {
    const kept = {
      base: { title: '周报', amount: 100, note: 'a', rows: [{ q: 1 }] },
      data: { title: '周报（改）', amount: 100, note: 'a', rows: [{ q: 1 }, { q: 2 }] },
      savedAt: 1,
    };
    const now = { title: '周报', amount: 250, note: 'b', rows: [{ q: 1 }] };
    expect(mergeUnsent(now, kept)).toEqual({
      title: '周报（改）',
      amount: 250,
      note: 'b',
      rows: [{ q: 1 }, { q: 2 }],
    });
    // a field the user cleared away is cleared again; without a base every kept field counts as changed
    expect(mergeUnsent({ a: 1, b: 2 }, { base: { a: 1, b: 2 }, data: { a: 1 }, savedAt: 1 })).toEqual({
      a: 1,
    });
    expect(mergeUnsent({ a: 1, b: 2 }, { data: { a: 3 }, savedAt: 1 })).toEqual({ a: 3, b: 2 });
  });

  it('offers nothing older than a week, and removes it', () => {
    const key = 'unsent:u1:flow:f1';
    keepUnsent(key, { data: { a: 1 } }, 0);
    expect(readUnsent(key, UNSENT_MAX_AGE_MS)).not.toBeNull();
    expect(readUnsent(key, UNSENT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(`jnpf_${key}`)).toBeNull();
  });

  it('the sign-in sweep removes every entry older than a week (of any user) and keeps the rest', () => {
    keepUnsent('unsent:u1:flow:f1', { data: { a: 1 } }, 0);
    keepUnsent('unsent:u2:flow:f1', { data: { a: 2 } }, UNSENT_MAX_AGE_MS);
    localStorage.setItem('jnpf_unsent:u3:flow:f1', 'not json');
    localStorage.setItem('jnpf_language', JSON.stringify('en'));
    sweepUnsent(UNSENT_MAX_AGE_MS + 1);
    expect(localStorage.getItem('jnpf_unsent:u1:flow:f1')).toBeNull();
    expect(localStorage.getItem('jnpf_unsent:u3:flow:f1')).toBeNull();
    expect(readUnsent('unsent:u2:flow:f1', UNSENT_MAX_AGE_MS + 1)?.data).toEqual({ a: 2 });
    expect(localStorage.getItem('jnpf_language')).toBe('"en"');
  });

  it('does not keep input past the size limit (and drops an older entry of the same request)', () => {
    const key = 'unsent:u1:flow:f1';
    keepUnsent(key, { data: { a: 'small' } }, 1);
    expect(keepUnsent(key, { data: { a: 'x'.repeat(UNSENT_MAX_CHARS) } }, 2)).toBe(false);
    expect(readUnsent(key, 3)).toBeNull();
  });

  it('ignores and removes a malformed entry', () => {
    localStorage.setItem('jnpf_unsent:u1:flow:f1', JSON.stringify({ data: 'not an object', savedAt: 1 }));
    expect(readUnsent('unsent:u1:flow:f1', 2)).toBeNull();
    expect(localStorage.getItem('jnpf_unsent:u1:flow:f1')).toBeNull();
  });

  it("a chosen logout removes every entry of that user and nobody else's", () => {
    keepUnsent('unsent:u1:flow:f1', { data: { a: 1 } }, 1);
    keepUnsent('unsent:u1:task:t1:', { data: { a: 2 } }, 1);
    keepUnsent('unsent:u10:flow:f1', { data: { a: 3 } }, 1);
    localStorage.setItem('jnpf_language', JSON.stringify('en'));
    dropAllUnsent('u1');
    expect(readUnsent('unsent:u1:flow:f1', 2)).toBeNull();
    expect(readUnsent('unsent:u1:task:t1:', 2)).toBeNull();
    expect(readUnsent('unsent:u10:flow:f1', 2)?.data).toEqual({ a: 3 });
    expect(localStorage.getItem('jnpf_language')).toBe('"en"');
  });
});

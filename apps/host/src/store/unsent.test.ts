import { beforeEach, describe, expect, it } from 'vitest';
import {
  dropAllUnsent,
  dropUnsent,
  keepUnsent,
  mergeUnsent,
  readUnsent,
  requestScope,
  setUnsentKey,
  sweepUnsent,
  UNSENT_MAX_AGE_MS,
  UNSENT_MAX_CHARS,
  unsentKey,
} from './unsent';

const KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i)));
const OTHER_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 255 - i)));
beforeEach(() => {
  localStorage.clear();
  setUnsentKey(KEY);
});

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

  it("the sign-in sweep removes other users' entries, old, unreadable and plain-text ones, and keeps the rest", () => {
    keepUnsent('unsent:u2:flow:f1', { data: { a: 1 } }, 0);
    keepUnsent('unsent:u2:flow:f2', { data: { a: 2 } }, UNSENT_MAX_AGE_MS);
    keepUnsent('unsent:u1:flow:f1', { data: { a: 3 } }, UNSENT_MAX_AGE_MS);
    localStorage.setItem('jnpf_unsent:u2:flow:f3', 'not json');
    // an entry an older version kept in plain text
    localStorage.setItem(
      'jnpf_unsent:u2:flow:f4',
      JSON.stringify({ data: { a: 4 }, savedAt: UNSENT_MAX_AGE_MS }),
    );
    localStorage.setItem('jnpf_language', JSON.stringify('en'));
    sweepUnsent('u2', UNSENT_MAX_AGE_MS + 1);
    for (const gone of ['u2:flow:f1', 'u1:flow:f1', 'u2:flow:f3', 'u2:flow:f4'])
      expect(localStorage.getItem(`jnpf_unsent:${gone}`), gone).toBeNull();
    expect(readUnsent('unsent:u2:flow:f2', UNSENT_MAX_AGE_MS + 1)?.data).toEqual({ a: 2 });
    expect(localStorage.getItem('jnpf_language')).toBe('"en"');
  });

  it('keeps nothing readable in storage: sealed with the key, bound to its name; no key, nothing kept or read', () => {
    const key = 'unsent:u1:flow:f1';
    expect(keepUnsent(key, { data: { salary: '88000 元' } }, 1)).toBe(true);
    const stored = localStorage.getItem(`jnpf_${key}`) ?? '';
    expect(stored).not.toContain('88000');
    expect(stored).not.toContain('salary');
    // moved to another name (another user or request), it does not open
    localStorage.setItem('jnpf_unsent:u1:flow:f2', stored);
    expect(readUnsent('unsent:u1:flow:f2', 2)).toBeNull();
    // a locked or signed-out page has no key: nothing is read, nothing is removed, nothing is kept
    setUnsentKey(null);
    expect(readUnsent(key, 2)).toBeNull();
    expect(localStorage.getItem(`jnpf_${key}`)).toBe(stored);
    expect(keepUnsent('unsent:u1:flow:f9', { data: { a: 1 } }, 3)).toBe(false);
    // after a logout the server hands out another key: the old entry is unreadable and goes
    setUnsentKey(OTHER_KEY);
    expect(readUnsent(key, 2)).toBeNull();
    expect(localStorage.getItem(`jnpf_${key}`)).toBeNull();
    setUnsentKey(KEY);
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

import { describe, expect, it } from 'vitest';
import { buildUrl } from './http';

describe('API client URLs (spec 1 §7)', () => {
  it('turns GET data into query parameters plus a timestamp', () => {
    const u = new URL(buildUrl('/api/x', 'GET', { a: 1, b: 'two words', c: undefined }), 'http://h');
    expect(u.searchParams.get('a')).toBe('1');
    expect(u.searchParams.get('b')).toBe('two words');
    expect(u.searchParams.has('c')).toBe(false);
    expect(Number(u.searchParams.get('_t'))).toBeGreaterThan(0);
  });
  it('appends to an existing query and leaves bodies of POST alone', () => {
    expect(buildUrl('/api/x?k=1', 'GET', {})).toMatch(/^\/api\/x\?k=1&_t=\d+$/);
    expect(buildUrl('/api/x', 'POST', { a: 1 })).toBe('/api/x');
    expect(buildUrl('/api/x', 'DELETE', { id: 'a b' })).toBe('/api/x?id=a+b');
  });
});

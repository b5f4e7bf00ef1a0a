import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  LONG_REQUEST_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  timeoutSetting,
} from '../config';
import { ApiError, buildUrl, request } from './http';

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

describe('request timeouts come from configuration (spec 1 §7, 4 §9)', () => {
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
    vi.useRealTimers();
  });
  // a server that never answers: the call ends only when the client gives up (aborts)
  const hang = () => {
    globalThis.fetch = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_ok, fail) =>
        init?.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
  };
  const settled = (p: Promise<unknown>) => {
    const s = { done: false, error: undefined as unknown };
    p.then(
      () => (s.done = true),
      (e) => Object.assign(s, { done: true, error: e }),
    );
    return s;
  };

  it('reads the setting, else the configured 1000000 ms; nonsense falls back', () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(1_000_000);
    expect(REQUEST_TIMEOUT_MS).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(timeoutSetting('30000', 5)).toBe(30_000);
    expect(timeoutSetting(undefined, 5)).toBe(5);
    expect(timeoutSetting('', 5)).toBe(5);
    expect(timeoutSetting('-1', 5)).toBe(5);
    expect(timeoutSetting('soon', 5)).toBe(5);
    expect(timeoutSetting(1e12, 5)).toBe(2_147_483_647);
    expect(LONG_REQUEST_TIMEOUT_MS).toBe(100_000);
  });

  it('a call still waits after 60 s and gives up at the configured timeout', async () => {
    vi.useFakeTimers();
    hang();
    const s = settled(request({ url: '/api/slow', silent: true }));
    await vi.advanceTimersByTimeAsync(60_001);
    expect(s.done).toBe(false);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 60_001 - 1);
    expect(s.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(s.done).toBe(true);
    expect(s.error).toBeInstanceOf(ApiError);
    expect((s.error as ApiError).code).toBe(0);
  });

  it('a long call gives up at the timeout it passes (100 s)', async () => {
    vi.useFakeTimers();
    hang();
    const s = settled(request({ url: '/api/slow', silent: true, timeout: LONG_REQUEST_TIMEOUT_MS }));
    await vi.advanceTimersByTimeAsync(99_999);
    expect(s.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(s.done).toBe(true);
  });
});

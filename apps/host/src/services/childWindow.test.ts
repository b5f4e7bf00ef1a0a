// The child-window watch (spec 1 §9): polls the opened window's `closed` every 1000 ms (100 ms for the
// external workflow link) and refreshes once it is closed; the window opens blank with its opener cut, and a
// refused address closes it without refreshing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHILD_WATCH_MS, EXTERNAL_FLOW_WATCH_MS, openChild, watchChild } from './childWindow';

const realOpen = window.open;
let child: { closed: boolean; opener: unknown; close(): void; document: Document };

beforeEach(() => {
  vi.useFakeTimers();
  child = {
    closed: false,
    opener: window,
    close() {
      this.closed = true;
    },
    document: document.implementation.createHTMLDocument(''),
  };
  window.open = vi.fn(() => child as unknown as Window);
});
afterEach(() => {
  vi.useRealTimers();
  window.open = realOpen;
});

describe('child-window watch', () => {
  it('refreshes once, on the first poll after the window closed (1000 ms)', () => {
    const onClosed = vi.fn();
    watchChild(child as unknown as Window, onClosed);
    vi.advanceTimersByTime(3 * CHILD_WATCH_MS);
    expect(onClosed).not.toHaveBeenCalled();
    child.closed = true;
    vi.advanceTimersByTime(CHILD_WATCH_MS - 1);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(5 * CHILD_WATCH_MS);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('polls every 100 ms for the external workflow link', () => {
    const onClosed = vi.fn();
    watchChild(child as unknown as Window, onClosed, EXTERNAL_FLOW_WATCH_MS);
    child.closed = true;
    vi.advanceTimersByTime(EXTERNAL_FLOW_WATCH_MS);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('opens a blank window without opener, then goes to the address through a noreferrer link', async () => {
    const clicks: Array<{ href: string; rel: string }> = [];
    child.document.addEventListener('click', (e) => {
      const a = e.target as HTMLAnchorElement;
      clicks.push({ href: a.href, rel: a.rel });
      e.preventDefault();
    });
    const stop = openChild(Promise.resolve('https://erp.example.com/t?code=c'), vi.fn());
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(child.opener).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual([{ href: 'https://erp.example.com/t?code=c', rel: 'noreferrer' }]);
    stop?.();
  });

  it('a refused address closes the window and refreshes nothing', async () => {
    const onClosed = vi.fn();
    openChild(Promise.reject(new Error('refused')), onClosed, EXTERNAL_FLOW_WATCH_MS);
    await vi.advanceTimersByTimeAsync(10 * EXTERNAL_FLOW_WATCH_MS);
    expect(child.closed).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { HoverStore, positionIn } from './hover';

describe('HoverStore', () => {
  it('commits the last proposal of an event once and notifies only the old and new keys', async () => {
    const h = new HoverStore();
    const calls: string[] = [];
    for (const k of ['list:root', '101', '102', '103']) h.subscribe(k, () => calls.push(k));
    h.propose({ key: 'list:root', pos: 'inside' });
    h.propose({ key: '101', pos: 'before' });
    expect(h.get()).toBeNull();
    await Promise.resolve();
    expect(h.get()).toEqual({ key: '101', pos: 'before' });
    expect(calls).toEqual(['101']);
    calls.length = 0;
    h.propose({ key: 'list:root', pos: 'inside' });
    h.propose({ key: '102', pos: 'after' });
    await Promise.resolve();
    expect(calls).toEqual(['101', '102']);
    expect(h.posOf('102')).toBe('after');
    expect(h.posOf('101')).toBeNull();
    calls.length = 0;
    h.propose({ key: '102', pos: 'after' });
    await Promise.resolve();
    expect(calls).toEqual([]);
    h.clear();
    expect(calls).toEqual(['102']);
  });

  it('unsubscribe stops notifications', async () => {
    const h = new HoverStore();
    const cb = vi.fn();
    const off = h.subscribe('1', cb);
    off();
    h.set({ key: '1', pos: 'after' });
    expect(cb).not.toHaveBeenCalled();
  });

  it('positionIn splits at the middle of the box', () => {
    expect(positionIn({ top: 100, height: 40 }, 110)).toBe('before');
    expect(positionIn({ top: 100, height: 40 }, 121)).toBe('after');
  });
});

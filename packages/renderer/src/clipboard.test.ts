import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_MESSAGE_SECONDS, copyToClipboard } from './clipboard';

const texts = { ok: '复制成功', fail: '复制失败' };
const messenger = () => ({ success: vi.fn(), error: vi.fn() });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('copyToClipboard (spec 4 §8)', () => {
  it('writes the text and says so for 1500 ms', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const m = messenger();
    expect(await copyToClipboard('abc', m, texts)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(COPY_MESSAGE_SECONDS * 1000).toBe(1500);
    expect(m.success).toHaveBeenCalledWith('复制成功', 1.5);
    expect(m.error).not.toHaveBeenCalled();
  });

  it('a refused write or no clipboard shows the failure text', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const m = messenger();
    expect(await copyToClipboard('abc', m, texts)).toBe(false);
    expect(m.error).toHaveBeenCalledWith('复制失败', 1.5);
    Reflect.deleteProperty(navigator, 'clipboard');
    const n = messenger();
    expect(await copyToClipboard('abc', n, texts)).toBe(false);
    expect(n.success).not.toHaveBeenCalled();
    expect(n.error).toHaveBeenCalledWith('复制失败', 1.5);
  });
});

// Spec 1 §8 / spec 2 §5: the full-screen toggle, and 不支持全屏 where the browser cannot.
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zh from '../i18n/zh';
import zhtw from '../i18n/zhtw';
import { type FullscreenDoc, toggleFullscreen } from './fullscreen';

describe('toggleFullscreen', () => {
  it('warns where full screen is not supported (jsdom has no Fullscreen API)', async () => {
    let warned = 0;
    await toggleFullscreen(document as unknown as FullscreenDoc, () => warned++);
    expect(warned).toBe(1);
    expect(zh.nav.noFullscreen).toBe('不支持全屏');
    expect(zhtw.nav.noFullscreen).toBe('不支援全螢幕');
    expect(en.nav.noFullscreen).toBe('Full screen is not supported');
  });

  it('enters full screen, and leaves it when already there', async () => {
    const calls: string[] = [];
    const doc: FullscreenDoc = {
      fullscreenEnabled: true,
      fullscreenElement: null,
      documentElement: {
        requestFullscreen: async () => {
          calls.push('enter');
        },
      },
      exitFullscreen: async () => {
        calls.push('exit');
      },
    };
    let warned = 0;
    await toggleFullscreen(doc, () => warned++);
    doc.fullscreenElement = {} as Element;
    await toggleFullscreen(doc, () => warned++);
    expect(calls).toEqual(['enter', 'exit']);
    expect(warned).toBe(0);
  });

  it('warns when the browser refuses the request', async () => {
    let warned = 0;
    await toggleFullscreen(
      {
        fullscreenEnabled: true,
        documentElement: { requestFullscreen: () => Promise.reject(new TypeError('denied')) },
      },
      () => warned++,
    );
    expect(warned).toBe(1);
  });
});

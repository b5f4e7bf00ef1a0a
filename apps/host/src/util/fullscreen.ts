/**
 * The header's full-screen toggle (spec 1 §8, spec 2 §5): enters full screen, or leaves it when already
 * there; where the browser cannot (no Fullscreen API, or it is disabled, as in some frames) `unsupported`
 * is called — the caller warns 不支持全屏.
 */
export interface FullscreenDoc {
  fullscreenEnabled?: boolean;
  fullscreenElement?: Element | null;
  documentElement: { requestFullscreen?: () => Promise<void> };
  exitFullscreen?: () => Promise<void>;
}

export async function toggleFullscreen(doc: FullscreenDoc, unsupported: () => void): Promise<void> {
  if (!doc.fullscreenEnabled || typeof doc.documentElement.requestFullscreen !== 'function') {
    unsupported();
    return;
  }
  try {
    if (doc.fullscreenElement) await doc.exitFullscreen?.();
    else await doc.documentElement.requestFullscreen();
  } catch {
    unsupported();
  }
}

import { useCallback, useEffect, useRef } from 'react';

/**
 * The child-window watch (spec 1 §9, spec 3 §9): a page that opens a child window polls the window's
 * `closed` every 1000 ms (every 100 ms for the external workflow link) and, once it is closed, refreshes
 * what it shows — the work done in the child (an approval, a read item) shows without a reload.
 *
 * Watching needs the window's handle, which a `noopener` open does not give. So the child opens blank (on
 * the click itself, so no popup blocker stops it while an address is still being fetched), its opener is
 * cut before anything loads in it, and it goes to the address from its own document through a
 * `rel="noreferrer"` link: the opened page can neither reach back nor learn where it was opened from.
 */

/** Poll interval of the child-window watch (spec 1 §9). */
export const CHILD_WATCH_MS = 1000;
/** Poll interval for the external workflow link (an isOut task's webUrl, spec 1 §9). */
export const EXTERNAL_FLOW_WATCH_MS = 100;

/** Calls `onClosed` once when `win` is closed, polling every `intervalMs`; answers a function that stops. */
export function watchChild(win: Window, onClosed: () => void, intervalMs = CHILD_WATCH_MS): () => void {
  const timer = window.setInterval(() => {
    if (!win.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, intervalMs);
  return () => window.clearInterval(timer);
}

/** Sends a blank child to `href` from its own document, without Referer. */
function navigate(win: Window, href: string): void {
  const a = win.document.createElement('a');
  a.href = href;
  a.rel = 'noreferrer';
  win.document.body.append(a);
  a.click();
}

/**
 * Opens a child window at `target` — an address, or the promise of one (the window opens at once and goes
 * there when it resolves; a refusal closes it) — and calls `onClosed` when the user closes it. Answers a
 * function that stops the watch, or null when the browser blocked the window.
 */
export function openChild(
  target: string | Promise<string>,
  onClosed: () => void,
  intervalMs = CHILD_WATCH_MS,
): (() => void) | null {
  const win = window.open('', '_blank');
  if (!win) return null;
  win.opener = null;
  let stopped = false;
  const stopWatch = watchChild(win, () => !stopped && onClosed(), intervalMs);
  Promise.resolve(target).then(
    (href) => !win.closed && navigate(win, href),
    () => {
      stopped = true;
      stopWatch();
      win.close();
    },
  );
  return () => {
    stopped = true;
    stopWatch();
  };
}

/**
 * openChild for a component: the watches it started stop when it unmounts (a closed child then refreshes
 * nothing that is gone).
 */
export function useChildWindow() {
  const stops = useRef(new Set<() => void>());
  useEffect(() => {
    const all = stops.current;
    return () => {
      for (const stop of all) stop();
      all.clear();
    };
  }, []);
  return useCallback(
    (target: string | Promise<string>, onClosed: () => void, intervalMs = CHILD_WATCH_MS) => {
      let stop: (() => void) | null = null;
      stop = openChild(
        target,
        () => {
          if (stop) stops.current.delete(stop);
          onClosed();
        },
        intervalMs,
      );
      if (stop) stops.current.add(stop);
    },
    [],
  );
}

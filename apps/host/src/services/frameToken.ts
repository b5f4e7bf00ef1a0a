import { type RefObject, useEffect } from 'react';
import { getToken } from '../store/session';
import { userCodeFor } from './linkCodes';

/**
 * An embedded OA page asks its parent for the sign-in by posting `getToken` (spec 1 §2.5: "Embedded OA page in
 * a frame that answers a getToken message by posting the auth token"). The answer goes only to the frame the
 * page shows (the message's source is that iframe's window) and only to the origin of the address it was given
 * (never `*`: a page that navigated elsewhere gets nothing):
 * - a page of this very site gets the session token (it could read it from storage anyway):
 *   `{ type: 'getToken', token }`;
 * - any other site gets a fresh one-time user code bound to its origin, never the session token (issue 34;
 *   GET /api/oauth/GetUserCode refuses an address the server did not hand out, then nothing is answered):
 *   `{ type: 'getToken', code }`, which its server redeems once (POST /api/oauth/UserCode/Redeem).
 * A sandboxed frame without allow-same-origin has the origin `null` and is never answered.
 */

export const GET_TOKEN = 'getToken';

/** True for the ask: the string `getToken`, or an object whose type or method is `getToken`. */
export function asksToken(data: unknown): boolean {
  if (data === GET_TOKEN) return true;
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { type?: unknown; method?: unknown };
  return d.type === GET_TOKEN || d.method === GET_TOKEN;
}

/** What a frame of `frameOrigin` is told: the token for this site's own pages, else a code for `href`. */
export async function tokenAnswer(
  frameOrigin: string,
  href: string,
  ownOrigin = globalThis.location?.origin ?? '',
): Promise<{ type: typeof GET_TOKEN; token: string } | { type: typeof GET_TOKEN; code: string }> {
  if (frameOrigin === ownOrigin) return { type: GET_TOKEN, token: getToken() };
  return { type: GET_TOKEN, code: await userCodeFor(href, true) };
}

/**
 * Answers the getToken messages of the page shown in `frame`, which was given the address `href` (null while
 * there is none).
 */
export function useFrameToken(frame: RefObject<HTMLIFrameElement | null>, href: string | null): void {
  useEffect(() => {
    if (!href) return;
    let origin: string;
    try {
      origin = new URL(href, globalThis.location?.href).origin;
    } catch {
      return;
    }
    if (origin === 'null') return;
    const onMessage = (e: MessageEvent) => {
      const w = frame.current?.contentWindow;
      if (!w || e.source !== w || e.origin !== origin || !asksToken(e.data)) return;
      tokenAnswer(origin, href).then(
        (answer) => w.postMessage(answer, origin),
        () => undefined, // refused by the server: the page gets no answer
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, href]);
}

import type { DownloadCodeData } from '@kp/schema';
import { http } from '../api/http';
import { hmacSha256Hex } from './hmacSha256';

/**
 * Links the browser opens by itself (downloads, images, PDF previews) carry a short-lived code
 * (`?code=`, POST /api/oauth/DownloadCode), never the session token: a URL ends up in logs, history
 * and Referer headers. Each code opens one resource only (auth/download-codes.ts on the server):
 *  - withDownloadCode(url): a fresh one-time code issued for that address, for a download started by a click.
 *  - mediaUrl(url): a code derived for that address from the current media key (the key is renewed every
 *    two minutes while the user is signed in and never leaves this page): `<code>.<HMAC-SHA256(key, path)>`,
 *    for <img src> and preview frames a page draws synchronously. An address seen in a log or a Referer
 *    opens that one file and nothing else.
 */

const withParam = (url: string, code: string) => `${url}${url.includes('?') ? '&' : '?'}code=${code}`;

const codeCall = (body: { kind: 'download'; url: string } | { kind: 'media' }) =>
  http.post<DownloadCodeData>('/api/oauth/DownloadCode', body, { silent: true });

/** The path a code is bound to, as the server reads it: no origin, query or fragment, percent-decoded. */
export function codePath(url: string): string {
  const path = new URL(url, 'http://kp.invalid').pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A media code for one address: the code and the HMAC of its path under the key. */
export const mediaCodeFor = (code: string, key: string, url: string) =>
  `${code}.${hmacSha256Hex(key, codePath(url))}`;

/** The address with a new one-time download code (the download must start within a minute). */
export async function withDownloadCode(url: string): Promise<string> {
  const r = await codeCall({ kind: 'download', url });
  return withParam(url, r.data.code);
}

/** Opens a download address with a fresh one-time code (an invisible link, clicked). */
export async function openWithDownloadCode(url: string, opts: { download?: boolean } = {}): Promise<void> {
  const a = document.createElement('a');
  a.href = await withDownloadCode(url);
  a.rel = 'noopener';
  if (opts.download) a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

let media: { code: string; key: string; until: number } | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let pending: Promise<void> | null = null;

async function renewMedia(): Promise<void> {
  pending ??= codeCall({ kind: 'media' })
    .then((r) => {
      // renewed a minute before it expires
      const key = r.data.key ?? '';
      media = { code: r.data.code, key, until: Date.now() + (r.data.expiresIn - 60) * 1000 };
    })
    .catch(() => {
      media = null;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Starts keeping a media code (after the user info is loaded); resolves once the first is there. */
export function startMediaCodes(): Promise<void> {
  if (!timer) timer = setInterval(() => void renewMedia(), 60_000);
  return media && media.until > Date.now() ? Promise.resolve() : renewMedia();
}

/** Stops and forgets the media code (logout, lost session). */
export function stopMediaCodes(): void {
  if (timer) clearInterval(timer);
  timer = null;
  media = null;
}

/** `url` with its media code derived from the current key (an /api/ address), or as given. */
export function mediaUrl(url: string): string {
  if (!url || !url.startsWith('/api/')) return url;
  if (!media || media.until <= Date.now()) void renewMedia();
  return media ? withParam(url, mediaCodeFor(media.code, media.key, url)) : url;
}

import { downloadCodeCall } from '../api/auth';

/**
 * Links the browser opens by itself (downloads, images, PDF previews) carry a short-lived code
 * (`?code=`, POST /api/oauth/DownloadCode), never the session token: a URL ends up in logs, history
 * and Referer headers.
 *  - withDownloadCode(url): a fresh one-time code, for a download started by a click.
 *  - mediaUrl(url): the current media code (reusable for three minutes, renewed every two while the
 *    user is signed in), for <img src> and preview frames a page draws synchronously.
 */

const withParam = (url: string, code: string) => `${url}${url.includes('?') ? '&' : '?'}code=${code}`;

/** The address with a new one-time download code (the download must start within a minute). */
export async function withDownloadCode(url: string): Promise<string> {
  const r = await downloadCodeCall('download');
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

let media: { code: string; until: number } | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let pending: Promise<void> | null = null;

async function renewMedia(): Promise<void> {
  pending ??= downloadCodeCall('media')
    .then((r) => {
      // renewed a minute before it expires
      media = { code: r.data.code, until: Date.now() + (r.data.expiresIn - 60) * 1000 };
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

/** `url` with the current media code (an /api/ address), or as given. */
export function mediaUrl(url: string): string {
  if (!url || !url.startsWith('/api/')) return url;
  if (!media || media.until <= Date.now()) void renewMedia();
  return media ? withParam(url, media.code) : url;
}

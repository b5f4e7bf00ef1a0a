import type { UserCodeData } from '@kp/schema';
import { http } from '../api/http';

/**
 * External links never carry the session token (issue 34). Where the spec appends "the token" to an
 * external address (a type-5 site message, /external, the mailbox, a type-6 view) or a link holds a token
 * placeholder (`${jnpfToken}`, `${token}`, `{{token}}`: menu and portal links), a one-time user code takes
 * its place: GET /api/oauth/GetUserCode?url=<the link> answers one only for an address the server handed
 * out (the user's menu links, the administrator's allow-list), bound to that link's app, which redeems it
 * once server to server. A link without a placeholder opens as written. Every external page opens with
 * noopener and noreferrer.
 */

/** Placeholders of this site's origin in a link (JNPF's ${dataV} and ours). */
const HOST_MARK = /\$\{dataV\}|\{\{dataV\}\}|\$\{visualHost\}/g;
/** Placeholders of the user code (spec 1 §2.2, §2.6: ${jnpfToken}; older ${token} and {{token}}). */
const CODE_MARK = /\$\{jnpfToken\}|\$\{token\}|\{\{token\}\}/g;

/** The features every external window opens with: no window.opener, no Referer. */
export const EXTERNAL_FEATURES = 'noopener,noreferrer';

/** The link with this site's origin in place of its host placeholders. */
export function fillHost(url: string, origin = globalThis.location?.origin ?? ''): string {
  return url.replace(HOST_MARK, origin);
}

/**
 * The address as a user is shown it: host placeholders filled, and none of the query when the link asks for
 * the user code (its `${jnpfToken}` placeholder is no text for a person; the code goes in only on opening).
 */
export function shownAddress(url: string): string {
  const filled = fillHost(url);
  if (!wantsCode(filled)) return filled;
  try {
    const u = new URL(filled.replace(CODE_MARK, ''));
    return u.origin + u.pathname;
  } catch {
    return filled.replace(CODE_MARK, '');
  }
}

/** True when the link asks for the user code (holds a code placeholder). */
export const wantsCode = (url: string) => new RegExp(CODE_MARK.source).test(url);

/**
 * The link with the code: in place of its placeholders when it has any, else as the `code` query parameter
 * (an existing one replaced).
 */
export function withUserCode(url: string, code: string): string {
  if (wantsCode(url)) return url.replace(CODE_MARK, encodeURIComponent(code));
  const u = new URL(url);
  u.searchParams.set('code', code);
  return u.href;
}

/**
 * A one-time user code for this link. The server refuses an address it did not hand out: ApiError, its
 * message shown as a toast unless `silent`.
 */
export async function userCodeFor(url: string, silent = false): Promise<string> {
  const probe = url.replace(CODE_MARK, '');
  return (await http.get<UserCodeData>('/api/oauth/GetUserCode', { url: probe }, { silent })).data.code;
}

/** Opens an external page in a new window, without opener or Referer. */
export function openExternal(href: string): void {
  window.open(href, '_blank', EXTERNAL_FEATURES);
}

/**
 * The address an admin-configured link opens: host placeholders filled; a link asking for the user code
 * gets a fresh one (always: `withCode`), one that does not opens as written.
 */
export async function linkTarget(url: string, opts: { withCode?: boolean } = {}): Promise<string> {
  const filled = fillHost(url);
  if (!opts.withCode && !wantsCode(filled)) return filled;
  return withUserCode(filled, await userCodeFor(filled));
}

/** Opens an admin-configured or handed-out link (see linkTarget); a refused code is toasted, nothing opens. */
export async function openLink(url: string, opts: { withCode?: boolean } = {}): Promise<boolean> {
  try {
    openExternal(await linkTarget(url, opts));
    return true;
  } catch {
    return false;
  }
}

// Data interfaces over the typed db: the SSRF guard, path-shape checks and running a source (static, SQL-free
// HTTP, JSONata transform). Used by the data-interface routes.
import type { DataInterfaceParam } from '@kp/schema';
import type { Selectable } from 'kysely';
import type { DataInterfaceTable } from '../../db/types';
import { ApiError, badRequest } from '../../http/api-error';
import { evaluateUserJsonata, JsonataError, jsonataFailureMessage, type Lang } from '../../untrusted/jsonata';
import { checkUrl, guardedRequest, type SelfAddress } from './outbound';

export const MENU = 'systemData.dataInterface';
export const TIMEOUT_MS = 10_000;
export const MAX_BYTES = 2 * 1024 * 1024;

export type Row = Selectable<DataInterfaceTable>;

export { checkUrl } from './outbound';

export const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Whether `filled` has the template's path: the same segment count, every segment without a placeholder equal. */
export function samePathShape(template: string, filled: URL): boolean {
  let t: URL;
  try {
    t = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    return false;
  }
  const want = t.pathname.split('/');
  const got = filled.pathname.split('/');
  if (want.length !== got.length) return false;
  const mark = 'kpPlaceholder7f3a';
  const raw = new URL(template.replace(PLACEHOLDER, mark)).pathname.split('/');
  return raw.every((seg, i) => seg.includes(mark) || seg === got[i]);
}

/**
 * Runs a source with parameter values: STATIC parses its JSON, HTTP calls the allowed URL (outbound.ts: a
 * listed host:port, never this server at `self`). `user` is whose call it is (the JSONata pool's fairness key).
 */
export async function runSource(
  r: Row,
  values: Record<string, unknown>,
  lang: Lang = 'zh',
  opts: { user?: string; self?: SelfAddress } = {},
): Promise<unknown> {
  const params = JSON.parse(r.params || '[]') as DataInterfaceParam[];
  const args: Record<string, string> = {};
  for (const p of params) {
    const v = values[p.field] ?? p.defaultValue;
    if ((v === undefined || v === null || v === '') && p.required)
      throw badRequest(`${p.field}: 参数不能为空`);
    if (v !== undefined && v !== null) args[p.field] = String(v);
  }
  let data: unknown;
  if (r.kind === 'static') {
    try {
      data = JSON.parse(r.static_data || 'null');
    } catch {
      throw badRequest('staticData: 不是有效的JSON');
    }
  } else {
    // {field} placeholders in the URL take the encoded value; the other parameters go in the query (GET) or body.
    const used = new Set<string>();
    const filled = (r.url ?? '').replace(PLACEHOLDER, (_m, k: string) => {
      used.add(k);
      // '.' and '..' survive encodeURIComponent and would move the path (URL dot segments): refused.
      if (/^\.{1,2}$/.test((args[k] ?? '').trim())) throw badRequest(`${k}: 参数值不能是 . 或 ..`);
      return encodeURIComponent(args[k] ?? '');
    });
    const u = checkUrl(filled, opts.self ?? null);
    // The filled path keeps the template's shape: as many segments, the fixed ones unchanged.
    if (!samePathShape(r.url ?? '', u)) throw badRequest('url: 参数改变了接口路径');
    const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !used.has(k)));
    if (r.method !== 'POST') for (const [k, v] of Object.entries(rest)) u.searchParams.set(k, v);
    const res = await guardedRequest(u, {
      method: r.method === 'POST' ? 'POST' : 'GET',
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      self: opts.self ?? null,
      headers: r.method === 'POST' ? { 'content-type': 'application/json' } : undefined,
      body: r.method === 'POST' ? JSON.stringify(rest) : undefined,
    });
    if (res.status >= 300) throw new ApiError(400, `接口返回状态 ${res.status}`);
    const text = res.text;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (r.transform?.trim()) {
    try {
      // In a worker thread with a heap limit, terminated at the time limit (JSONata never yields to a timer).
      data = await evaluateUserJsonata(r.transform, data, opts.user ?? '');
    } catch (e) {
      const f = e instanceof JsonataError ? e.failure : { kind: 'expression' as const, message: String(e) };
      throw new ApiError(400, jsonataFailureMessage(f, lang));
    }
  }
  return data ?? null;
}

// Data interfaces over the typed db: the SSRF guard, path-shape checks and running a source (static, SQL-free
// HTTP, JSONata transform). Used by the data-interface routes.
import type { DataInterfaceParam } from '@kp/schema';
import type { Selectable } from 'kysely';
import type { DataInterfaceTable } from '../../db/types';
import { ApiError, badRequest } from '../../http/api-error';
import { evaluateUserJsonata, JsonataError, jsonataFailureMessage, type Lang } from '../../untrusted/jsonata';

export const MENU = 'systemData.dataInterface';
export const TIMEOUT_MS = 10_000;
export const MAX_BYTES = 2 * 1024 * 1024;

export type Row = Selectable<DataInterfaceTable>;

/** Hosts HTTP sources may call (SSRF guard): KP_DATA_INTERFACE_HOSTS, comma-separated; default loopback. */
export function allowedHosts(): Set<string> {
  const env = process.env.KP_DATA_INTERFACE_HOSTS;
  return new Set(
    (env ? env.split(',') : ['127.0.0.1', 'localhost']).map((h) => h.trim().toLowerCase()).filter(Boolean),
  );
}

export function checkUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw badRequest('url: 接口地址不正确');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw badRequest('url: 只支持 http 和 https');
  if (!allowedHosts().has(u.hostname.toLowerCase().replace(/^\[|\]$/g, '')))
    throw badRequest('url: 该地址不在允许的主机列表中');
  return u;
}

export async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new ApiError(400, '接口响应超过大小限制');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

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

/** Runs a source with parameter values: STATIC parses its JSON, HTTP calls the allowed URL. */
export async function runSource(
  r: Row,
  values: Record<string, unknown>,
  lang: Lang = 'zh',
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
    const u = checkUrl(filled);
    // The filled path keeps the template's shape: as many segments, the fixed ones unchanged.
    if (!samePathShape(r.url ?? '', u)) throw badRequest('url: 参数改变了接口路径');
    const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !used.has(k)));
    if (r.method !== 'POST') for (const [k, v] of Object.entries(rest)) u.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(u, {
        method: r.method === 'POST' ? 'POST' : 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: r.method === 'POST' ? { 'content-type': 'application/json' } : undefined,
        body: r.method === 'POST' ? JSON.stringify(rest) : undefined,
      });
    } catch (e) {
      throw new ApiError(400, (e as Error).name === 'TimeoutError' ? '接口请求超时' : '接口请求失败');
    }
    if (res.status >= 300) {
      await res.body?.cancel();
      throw new ApiError(400, `接口返回状态 ${res.status}`);
    }
    const text = await readCapped(res);
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (r.transform?.trim()) {
    try {
      // In a worker thread with a heap limit, terminated at the time limit (JSONata never yields to a timer).
      data = await evaluateUserJsonata(r.transform, data);
    } catch (e) {
      const f = e instanceof JsonataError ? e.failure : { kind: 'expression' as const, message: String(e) };
      throw new ApiError(400, jsonataFailureMessage(f, lang));
    }
  }
  return data ?? null;
}

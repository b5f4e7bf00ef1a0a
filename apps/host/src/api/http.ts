import type { ApiResponse } from '@kp/schema';
import { CLIENT_ORIGIN, ERROR_MSG_SECONDS, REQUEST_TIMEOUT_MS, SUCCESS_MSG_SECONDS } from '../config';
import i18n from '../i18n';
import { getToken } from '../store/session';
import { SESSION_GONE_CODES } from '../util/text';
import { toastError, toastSuccess } from './feedback';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  url: string;
  method?: Method;
  /**
   * GET/DELETE: query parameters; POST/PUT: JSON body (or form-encoded with `form`, or multipart when it is
   * a FormData).
   */
  data?: Record<string, unknown> | unknown[] | FormData;
  /** DELETE only: send `data` as a JSON body instead of query parameters (DELETE /api/message/Record). */
  deleteBody?: boolean;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  /** Show the server's msg as a success toast (1 s). */
  showSuccess?: boolean;
  /** Do not toast errors (the caller shows them). */
  silent?: boolean;
  /**
   * Timeout in ms: the configured REQUEST_TIMEOUT_MS unless given (LONG_REQUEST_TIMEOUT_MS, 100 s, for
   * the long calls of spec 1 §7).
   */
  timeout?: number;
}

/** Thrown for every failed call: `code` is the envelope code (0 for network failure). */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly response?: ApiResponse<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called when a session-gone code arrives (set by the session module: reset token, go to login). */
let onSessionGone: () => void = () => {};
export function setSessionGoneHandler(fn: () => void): void {
  onSessionGone = fn;
}

/** Login and lock-screen calls never trigger the back-to-login rule (spec 1 §8). */
const SESSION_EXEMPT = ['/api/oauth/Login', '/api/oauth/LockScreen'];

export function defaultErrorText(): string {
  return i18n.t('common.requestError');
}

function encode(data: Record<string, unknown>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    p.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return p;
}

/** Builds the URL of a GET/DELETE call: data as query parameters plus a timestamp parameter. */
export function buildUrl(url: string, method: Method, data?: RequestOptions['data']): string {
  if (method !== 'GET' && method !== 'DELETE') return url;
  const params = encode(Array.isArray(data) || data instanceof FormData ? {} : (data ?? {}));
  if (method === 'GET') params.set('_t', String(Date.now()));
  const qs = params.toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

export async function request<T>(opts: RequestOptions): Promise<ApiResponse<T>> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {
    'jnpf-origin': CLIENT_ORIGIN,
    'Accept-Language': i18n.language || 'zh',
  };
  const token = getToken();
  if (token) headers.Authorization = token.startsWith('Bearer ') ? token : `Bearer ${token}`;
  let body: BodyInit | undefined;
  const withBody = method === 'POST' || method === 'PUT' || (method === 'DELETE' && opts.deleteBody);
  if (withBody && opts.data !== undefined) {
    if (opts.data instanceof FormData) {
      body = opts.data;
    } else if (opts.form && !Array.isArray(opts.data)) {
      body = encode(opts.data);
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else {
      body = JSON.stringify(opts.data);
      headers['Content-Type'] = 'application/json;charset=UTF-8';
    }
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeout ?? REQUEST_TIMEOUT_MS);
  let res: ApiResponse<T>;
  try {
    const r = await fetch(buildUrl(opts.url, method, opts.deleteBody ? undefined : opts.data), {
      method,
      headers,
      body,
      signal: ctrl.signal,
    });
    res = (await r.json()) as ApiResponse<T>;
    if (!res || typeof res.code !== 'number') throw new Error('bad envelope');
  } catch {
    const text = defaultErrorText();
    if (!opts.silent) toastError(text, ERROR_MSG_SECONDS);
    throw new ApiError(0, text);
  } finally {
    clearTimeout(timer);
  }
  if (res.code === 200) {
    if (opts.showSuccess && res.msg) toastSuccess(res.msg, SUCCESS_MSG_SECONDS);
    return res;
  }
  const text = res.msg || defaultErrorText();
  if (!opts.silent) toastError(text, ERROR_MSG_SECONDS);
  if (SESSION_GONE_CODES.includes(res.code) && !SESSION_EXEMPT.some((p) => opts.url.startsWith(p))) {
    onSessionGone();
  }
  throw new ApiError(res.code, text, res);
}

export const http = {
  get: <T>(url: string, data?: Record<string, unknown>, o?: Partial<RequestOptions>) =>
    request<T>({ ...o, url, method: 'GET', data }),
  post: <T>(url: string, data?: RequestOptions['data'], o?: Partial<RequestOptions>) =>
    request<T>({ ...o, url, method: 'POST', data }),
  put: <T>(url: string, data?: RequestOptions['data'], o?: Partial<RequestOptions>) =>
    request<T>({ ...o, url, method: 'PUT', data }),
  delete: <T>(url: string, data?: Record<string, unknown>, o?: Partial<RequestOptions>) =>
    request<T>({ ...o, url, method: 'DELETE', data }),
};

/**
 * POST of a multipart form (uploads) with the session's token; resolves with the envelope on code 200 and
 * throws ApiError with the server's msg otherwise (no toast: the caller shows it). Session-gone codes
 * lead back to login as for every call.
 */
export function postFormData<T>(url: string, form: FormData): Promise<ApiResponse<T>> {
  return request<T>({ url, method: 'POST', data: form, silent: true });
}

/** The bytes of a file address (a preview's download link): not an API envelope, so no code handling. */
export async function fetchBinary(href: string): Promise<ArrayBuffer> {
  const r = await fetch(href);
  if (!r.ok) throw new Error(String(r.status));
  return r.arrayBuffer();
}

// An HTTP and websocket client of a running server for the process-level suites (fault, cluster): the
// envelope of any route, form-encoded login, multipart bodies for uploads, and a socket that records
// every push.
import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';

// biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field
export type Envelope = { code: number; msg: string; data: any };

export const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

/** Any route's envelope, with the bearer token when given (60 s bound). */
export async function api(
  base: string,
  token: string | null,
  p: string,
  init: RequestInit = {},
): Promise<Envelope> {
  const res = await fetch(`${base}${p}`, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(60_000),
  });
  return res.json() as Promise<Envelope>;
}

/** A JSON POST. */
export const postJson = (base: string, token: string, p: string, body: unknown) =>
  api(base, token, p, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Logs in as the login page does (MD5 of the password, form-encoded); returns the token or throws. */
export async function login(base: string, account: string, password: string): Promise<string> {
  const r = await api(base, null, '/api/oauth/Login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5(password) }).toString(),
  });
  if (r.code !== 200) throw new Error(`login ${account}: ${r.code} ${r.msg}`);
  return r.data.token as string;
}

/** A multipart/form-data body with text fields and one file, for fetch. */
export function multipart(fields: Record<string, string | number>, file: { name: string; data: Buffer }) {
  const boundary = `----kp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A /websocket connection signed in with `token` (OnConnection); `waitFor` a push by method. */
export function socket(url: string, token: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/websocket`);
  const got: Array<Record<string, unknown>> = [];
  ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
  ws.on('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
  const waitFor = async (
    method: string,
    pred: (m: Record<string, unknown>) => boolean = () => true,
    ms = 15_000,
  ): Promise<Record<string, unknown>> => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const m = got.find((x) => x.method === method && pred(x));
      if (m) return m;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${method}; got ${JSON.stringify(got).slice(0, 500)}`);
  };
  return { ws, got, waitFor };
}

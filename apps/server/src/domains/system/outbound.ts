// Outbound HTTP of data interfaces (the SSRF guard): only host:port pairs an operator listed, never this
// server itself — checked on the URL, again on every address the name resolves to, and the connection goes
// to the address that was checked (no second lookup a DNS rebinding could answer differently). Redirects
// are never followed (a 3xx is an error), so a listed host cannot send the call elsewhere.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AddressInfo, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ApiError, badRequest } from '../../http/api-error';

export const HOSTS_ENV = 'KP_DATA_INTERFACE_HOSTS';
const NOT_LISTED = 'url: 该地址不在允许的主机列表中';
const SELF = 'url: 不能调用本服务自身';

/** Where this server listens (Fastify's app.server.address()); null when it does not (tests by inject). */
export type SelfAddress = AddressInfo | string | null;

const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');
const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

/**
 * The host:port pairs HTTP sources may call: KP_DATA_INTERFACE_HOSTS, comma-separated (`api.example.com:443,
 * 10.0.0.5:8080,[fd00::5]:80`); an entry without a port allows ports 80 and 443. Unset or empty: none — every
 * HTTP source is refused (deny by default).
 */
export function allowedPairs(): Set<string> {
  const out = new Set<string>();
  for (const raw of (process.env[HOSTS_ENV] ?? '').split(',')) {
    const e = raw.trim().toLowerCase();
    if (!e) continue;
    const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(e);
    if (m) out.add(`${bare(m[1]!)}:${Number(m[2])}`);
    else for (const p of [80, 443]) out.add(`${bare(e)}:${p}`);
  }
  return out;
}

const isLoopback = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.') || ip === '0.0.0.0' || ip === '::';

/** Addresses that reach this machine: loopback, unspecified and every interface's own. */
function isLocal(ip: string): boolean {
  if (isLoopback(ip)) return true;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.address.toLowerCase() === v4.toLowerCase()) return true;
  return false;
}

/** Whether ip:port is this server (its port on one of its own or a loopback address). */
function isSelf(ip: string, port: number, self: SelfAddress): boolean {
  if (!self || typeof self === 'string') return false;
  if (port !== self.port) return false;
  const bound = bare(self.address);
  return isLocal(ip) || bare(ip) === bound;
}

/** The URL's checks that need no DNS: http(s), a listed host:port, not this server's literal address. */
export function checkUrl(raw: string, self: SelfAddress = null): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw badRequest('url: 接口地址不正确');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw badRequest('url: 只支持 http 和 https');
  const host = bare(u.hostname);
  const port = portOf(u);
  if (isIP(host) && isSelf(host, port, self)) throw badRequest(SELF);
  if (host === 'localhost' && self && typeof self !== 'string' && port === self.port) throw badRequest(SELF);
  if (!allowedPairs().has(`${host}:${port}`)) throw badRequest(NOT_LISTED);
  return u;
}

/** Resolves the URL's host and checks every address; answers the one to connect to. */
export async function resolveChecked(
  u: URL,
  self: SelfAddress,
): Promise<{ address: string; family: number }> {
  const host = bare(u.hostname);
  const port = portOf(u);
  const all = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await dnsLookup(host, { all: true }).catch(() => {
        throw new ApiError(400, '接口请求失败');
      });
  if (!all.length) throw new ApiError(400, '接口请求失败');
  for (const a of all) if (isSelf(a.address, port, self)) throw badRequest(SELF);
  // A name that was listed must not turn into loopback (rebinding) unless a loopback name was listed.
  if (!isIP(host) && host !== 'localhost' && all.some((a) => isLoopback(a.address)))
    throw badRequest(NOT_LISTED);
  return all[0]!;
}

export interface Outbound {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  self: SelfAddress;
}

/** One request to a checked URL, pinned to the checked address: status and body text (capped). */
export async function guardedRequest(u: URL, o: Outbound): Promise<{ status: number; text: string }> {
  const pinned = await resolveChecked(u, o.self);
  // net asks with {all: true} (happy eyeballs) or for one address: either way the checked one
  const lookup = ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (opts.all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  }) as LookupFunction;
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      u,
      { method: o.method, headers: o.headers, lookup, signal: AbortSignal.timeout(o.timeoutMs) },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 300) {
          res.resume();
          resolve({ status, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.byteLength;
          if (size > o.maxBytes) {
            res.destroy();
            reject(new ApiError(400, '接口响应超过大小限制'));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) =>
          reject(new ApiError(400, e.name === 'AbortError' ? '接口请求超时' : '接口请求失败')),
        );
      },
    );
    req.on('error', (e) =>
      reject(
        e instanceof ApiError
          ? e
          : new ApiError(400, e.name === 'AbortError' ? '接口请求超时' : '接口请求失败'),
      ),
    );
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

// A real HAProxy (Debian's package) in front of server processes, for the cluster test: round-robin,
// health checks on /ready, websocket upgrade (tunnel timeout), and retries of requests a dead instance
// never answered.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const haproxyInstalled = () => existsSync(HAPROXY);

/** A free TCP port on 127.0.0.1 (bound once and released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * What every server behind this proxy must be told (docs/deploy.md): the proxy's address in TRUST_PROXY, so
 * its X-Forwarded-For names the client. Without it each request with that header is answered 503.
 */
export const BEHIND_PROXY_ENV = { TRUST_PROXY: '127.0.0.1' };

/**
 * The configuration docs/deploy.md shows, for servers at these addresses. With `serverMaxconn`, each server
 * gets at most that many requests at once and HAProxy queues the rest, handing each to the first server with
 * a free slot (the scaling bench: docs/deploy.md, Capacity); `balance` replaces round robin.
 */
export function haproxyConfig(
  port: number,
  servers: string[],
  { serverMaxconn, balance = 'roundrobin', checkInter = '500ms', queueTimeout }: HaproxyOptions = {},
): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s${
    queueTimeout
      ? `
  timeout queue ${queueTimeout}`
      : ''
  }
  # websockets stay open for as long as the user's page does
  timeout tunnel 1h
  # a request that reached no instance (refused, reset before any answer) goes to another one
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503
  option forwardfor

frontend kp
  bind 127.0.0.1:${port}
  default_backend kp_servers

backend kp_servers
  balance ${balance}
  option httpchk GET /ready
  http-check expect status 200
  default-server inter ${checkInter} fall 2 rise 2${serverMaxconn ? ` maxconn ${serverMaxconn}` : ''}
${servers.map((s, i) => `  server kp${i + 1} ${s.replace(/^https?:\/\//, '')} check`).join('\n')}
`;
}

export interface HaproxyOptions {
  serverMaxconn?: number;
  /** HAProxy's `balance` algorithm (default roundrobin), e.g. `hdr(authorization)`: each user to one server */
  balance?: string;
  /** How often each server's /ready is checked, also the check's timeout (default 500ms) */
  checkInter?: string;
  /** How long a request may wait in HAProxy's queue for a free slot (default: `timeout connect`, 2 s), then 503 */
  queueTimeout?: string;
}

export interface LoadBalancer {
  url: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function startHaproxy(
  dir: string,
  servers: string[],
  options: HaproxyOptions = {},
): Promise<LoadBalancer> {
  const port = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(port, servers, options));
  const proc = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((r) => proc.on('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited: ${out}`);
    const ok = await fetch(`${url}/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`haproxy not ready: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

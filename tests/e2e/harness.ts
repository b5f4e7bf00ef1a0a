// Shared set-up for browser suites: build the host once (when its dist is missing or older than the sources
// it bundles), start a real server (PGlite in a temp folder, port 0) serving it, and log in through the page.
// KP_E2E_DIST=/some/dir builds into that folder instead of apps/host/dist (for parallel development sessions).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@kp/server';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST = process.env.KP_E2E_DIST ?? path.join(ROOT, 'apps/host/dist');

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the host into DIST unless an index.html newer than every bundled source is already there. */
export function ensureHostBuilt(): void {
  const index = path.join(DIST, 'index.html');
  const sources = Math.max(
    newest(path.join(ROOT, 'apps/host/src')),
    statSync(path.join(ROOT, 'apps/host/index.html')).mtimeMs,
    ...['schema', 'engine', 'flow', 'renderer', 'designer'].map((p) =>
      newest(path.join(ROOT, 'packages', p, 'src')),
    ),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const build = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      'apps/host',
      '--logLevel',
      'warn',
      '--outDir',
      DIST,
      '--emptyOutDir',
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error(`host build failed: ${build.stderr || build.stdout}`);
}

export interface KpServer {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT — pages live under `${base}/kpSystem/`. */
  base: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A real server with the seeded demo data on a fresh PGlite folder, serving the built host. */
export async function startKp(name: string): Promise<KpServer> {
  ensureHostBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), `kp-e2e-${name}-`));
  const started = await startServer(
    {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      db: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      bcryptCost: 4,
      hostDist: DIST,
      logLevel: 'warn',
    },
    false,
  );
  const app = started.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return {
    app,
    base: `http://127.0.0.1:${addr.port}`,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the login page and waits for the shell (any page under the main layout). */
export async function loginAs(page: Page, base: string, account: string, password: string): Promise<void> {
  await page.goto(`${base}/kpSystem/login`);
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 60_000 });
}

/** Logs in over the API and returns the bearer token (for preparing data without the UI). */
export async function apiToken(base: string, account: string, password: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      account,
      password: createHash('md5').update(password).digest('hex'),
      grant_type: 'password',
    }).toString(),
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token?: string } };
  if (body.code !== 200 || !body.data?.token) throw new Error(`login ${account}: ${body.msg}`);
  return body.data.token;
}

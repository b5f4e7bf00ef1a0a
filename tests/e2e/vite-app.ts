// The frame of the suites that drive a package's example app rather than the host: build the app with vite,
// serve its dist from a tiny static server on 127.0.0.1:0 (unknown paths get index.html), one Chromium for
// the file, and pages that collect the uncaught errors they throw.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface ViteApp {
  /** The app's address, ending in '/'. */
  readonly base: string;
  readonly browser: Browser;
  /** A new page and the uncaught errors it throws (pageerror). */
  open(opts?: BrowserContextOptions): Promise<{ page: Page; errors: string[] }>;
}

/** Builds `appDir` (relative to the repository root) before the file's tests, serves it, stops it after. */
export function useViteApp(appDir: string): ViteApp {
  const dist = path.join(root, appDir, 'dist');
  let server: Server | undefined;
  let browser: Browser | undefined;
  let base = '';
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', appDir], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}${build.stdout}`);
    const srv = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let file = path.join(dist, decodeURIComponent(url.pathname));
      if (!file.startsWith(dist)) {
        res.writeHead(403).end();
        return;
      }
      if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    });
    server = srv;
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  const app: ViteApp = {
    get base() {
      if (!base) throw new Error(`${appDir} is not served yet (use the app inside tests or hooks)`);
      return base;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started (use the app inside tests or hooks)');
      return browser;
    },
    async open(opts) {
      const page = await app.browser.newPage(opts);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, errors };
    },
  };
  return app;
}

// Bundle cost, in one run: the expense claim example rendered by @kp/renderer against the same form in stock
// @rjsf/core + @rjsf/antd + antd, and the engine imported for one thing only (amount in words, the calculator).
// Each is a production vite build (minified) into a temp folder. The form pages are opened in Chromium and the
// JavaScript the page actually fetched until the form is on screen and the network is idle is summed, gzipped
// (level 9) file by file; lazy chunks the form never asks for are not counted (they are listed apart).
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { compileForm } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build, defaultClientConditions, type Plugin } from 'vite';
import expenseClaim from '../../../examples/forms/expense-claim.json' with { type: 'json' };

const here = path.join(import.meta.dirname, 'bundle');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kp-bundle-bench-'));
const KB = 1024;
const round = (x: number) => Math.round(x * 100) / 100;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...jsFiles(full));
    else if (name.endsWith('.js')) out.push(full);
  }
  return out;
}

/** The stock page's schema: the expense claim's data JSON Schema, as a virtual module. */
function expenseSchema(): Plugin {
  const schema = compileForm(expenseClaim as unknown as FormConfig).schema;
  return {
    name: 'kp-expense-schema',
    resolveId: (id) => (id === 'virtual:expense-schema' ? '\0expense-schema' : null),
    load: (id) => (id === '\0expense-schema' ? `export default ${JSON.stringify(schema)};` : null),
  };
}

async function buildPage(name: 'ours' | 'stock'): Promise<string> {
  const outDir = path.join(tmp, name);
  await build({
    configFile: false,
    root: here,
    base: './',
    logLevel: 'error',
    mode: 'production',
    plugins: [react(), expenseSchema()],
    resolve: { conditions: ['kp-source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input: path.join(here, `${name}.html`) },
    },
  });
  return outDir;
}

/** Minified, gzipped size of everything one engine-only entry pulls in. */
async function buildEntry(name: 'amount' | 'calculator'): Promise<number> {
  const outDir = path.join(tmp, name);
  await build({
    configFile: false,
    root: here,
    logLevel: 'error',
    mode: 'production',
    resolve: { conditions: ['kp-source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: path.join(here, `${name}.ts`) },
    },
  });
  return jsFiles(outDir).reduce((s, f) => s + gz(f), 0);
}

async function measurePages(dirs: Record<'ours' | 'stock', string>) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, ...rest] = url.pathname.split('/');
    const root = dirs[kind as 'ours' | 'stock'];
    const file = root ? path.join(root, ...rest) : '';
    if (!root || !file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const result: Record<string, { loaded: number; all: number; files: string[] }> = {};
  try {
    for (const kind of ['ours', 'stock'] as const) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const fetched = new Set<string>();
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('.js')) fetched.add(u.pathname.split('/').slice(2).join('/'));
      });
      await page.goto(`${base}/${kind}/${kind}.html`);
      // our form draws its submit button last; the stock form its submit button
      await page.waitForSelector(kind === 'ours' ? '[data-field="advance"] input' : 'button[type="submit"]', {
        timeout: 120_000,
      });
      await page.waitForLoadState('networkidle');
      if (errors.length) throw new Error(`${kind} page errors: ${errors.join('; ')}`);
      const dir = dirs[kind];
      const files = [...fetched].sort();
      const all = jsFiles(dir);
      result[kind] = {
        loaded: files.reduce((s, f) => s + gz(path.join(dir, f)), 0),
        all: all.reduce((s, f) => s + gz(f), 0),
        files,
      };
      const lazy = all.map((f) => path.relative(dir, f)).filter((f) => !fetched.has(f));
      console.log(
        `${kind}: loaded ${files.length} JS files, ${round(result[kind].loaded / KB)} KB gzip; ` +
          `all JS ${round(result[kind].all / KB)} KB gzip; not loaded: ${lazy.join(', ') || '-'}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return result;
}

async function main() {
  try {
    const dirs = { ours: await buildPage('ours'), stock: await buildPage('stock') };
    const amount = await buildEntry('amount');
    const calculator = await buildEntry('calculator');
    const pages = await measurePages(dirs);
    const ours = pages.ours.loaded / KB;
    const stock = pages.stock.loaded / KB;
    const ratio = ours / stock;
    const line = (fig: Record<string, unknown>) => console.log(`BENCH ${JSON.stringify(fig)}`);
    line({
      id: 'renderer.bundle.expense',
      title: 'Expense claim form: JavaScript loaded to show it (gzip)',
      ours: { value: round(ours), unit: 'KB gzip' },
      baseline: {
        name: 'stock @rjsf/core + @rjsf/antd + antd, same form',
        value: round(stock),
        unit: 'KB gzip',
      },
      ratio: round(ratio),
      ratioMeaning: 'ours/baseline (lower is better)',
      target: '<= 1.15',
      pass: ratio <= 1.15,
    });
    for (const [id, title, bytes] of [
      ['engine.bundle.amountInWords', 'Engine import of amountInWords alone (gzip)', amount],
      [
        'engine.bundle.calculator',
        'Engine import of the calculator alone: compileFormula + evaluateFormula (gzip)',
        calculator,
      ],
    ] as const) {
      const kb = bytes / KB;
      line({
        id,
        title,
        ours: { value: round(kb), unit: 'KB gzip' },
        baseline: { name: 'budget', value: 15, unit: 'KB gzip' },
        ratio: round(kb / 15),
        ratioMeaning: 'ours/budget (lower is better)',
        target: '<= 15 KB gzip',
        pass: kb <= 15,
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();

// First-load JavaScript of /kpSystem/login: builds the host, then follows the Vite manifest from index.html
// (its static imports) and the Login route's lazy chunk (with its static imports), and sums their gzipped
// sizes. Baseline: all JavaScript of the build, i.e. what an app without route splitting would download.
// Builds into a folder of its own (not apps/host/dist, which other runs serve).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const dist = mkdtempSync(path.join(tmpdir(), 'kp-first-load-'));
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
const build = spawnSync(
  process.execPath,
  [
    path.resolve(root, '../../node_modules/vite/bin/vite.js'),
    'build',
    root,
    '--outDir',
    dist,
    '--emptyOutDir',
    '--logLevel',
    'error',
  ],
  {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);
if (build.status !== 0) {
  console.error(build.stderr || build.stdout);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}
const loginKey = Object.keys(manifest).find((k) => k.endsWith('views/login/Login.tsx'));
if (!loginKey) throw new Error('Login chunk not found in the manifest');
const keys = closure(['index.html', loginKey]);
const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
const oursKB = files.reduce((a, f) => a + gz(f), 0) / 1024;
const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allKB = allJs.reduce((a, f) => a + gz(`assets/${f}`), 0) / 1024;
console.log(`login first load: ${files.length} files: ${files.join(', ')}`);
const round = (n: number) => Math.round(n * 10) / 10;
console.log(
  `BENCH ${JSON.stringify({
    id: 'host.login-first-load-js',
    title: 'Gzipped JavaScript downloaded by the first load of /kpSystem/login',
    ours: { value: round(oursKB), unit: 'KB gzip' },
    baseline: {
      name: 'all JavaScript of the build (no route splitting)',
      value: round(allKB),
      unit: 'KB gzip',
    },
    ratio: round(allKB / oursKB),
    ratioMeaning: 'baseline/ours (higher is better)',
    target: 'ours <= 200 KB gzip',
    pass: oursKB <= 200,
  })}`,
);

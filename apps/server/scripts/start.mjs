// npm start -w @kp/server: builds the host when its dist is missing or older than its sources, then
// starts the server (node --import tsx src/main.ts) in this process's foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const host = path.join(root, 'apps/host');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const hostPkg = path.join(host, 'package.json');
const hasBuild = existsSync(hostPkg) && JSON.parse(readFileSync(hostPkg, 'utf8')).scripts?.build;
if (hasBuild) {
  const index = path.join(host, 'dist/index.html');
  const stale =
    !existsSync(index) ||
    statSync(index).mtimeMs <
      Math.max(
        newest(path.join(host, 'src')),
        existsSync(path.join(host, 'index.html')) ? statSync(path.join(host, 'index.html')).mtimeMs : 0,
      );
  if (stale) {
    console.log('[kp] building the host (apps/host)…');
    const r = spawnSync('npm', ['run', 'build', '-w', '@kp/host'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) console.error('[kp] host build failed; starting the API anyway');
  }
}

const child = spawn(
  process.execPath,
  ['--conditions=kp-source', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    // LOG_LEVEL defaults to warn: a local start prints warnings and the "Server listening at" line (main.ts),
    // which the root `npm start` turns into the address to open
    env: process.env,
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

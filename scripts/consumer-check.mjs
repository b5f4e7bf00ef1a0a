#!/usr/bin/env node
// The packages as a consumer gets them: packs every @kp package (its prepack builds dist/), creates a fresh
// project from examples/embed-renderer in a temp folder whose @kp/* dependencies are the tarballs (file:, no
// workspace links), installs it (from the npm cache when it can), then runs the consumer's strict tsc
// (skipLibCheck off, so our .d.ts are checked too), a plain Node import of @kp/engine (no bundler, no tsx),
// the vite build and a Chromium test that fills and submits the expense claim.
//
//   node scripts/consumer-check.mjs            (KEEP=1 keeps the temp folder and prints its path)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PACKAGES = ['schema', 'engine', 'flow', 'renderer', 'designer']; // dependency order
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kp-consumer-'));
const tarballs = path.join(tmp, 'tarballs');
const project = path.join(tmp, 'examples', 'embed-renderer');
const started = Date.now();
// A clean environment: nothing of a calling `npm run` (workspace, prefix, node options) leaks in.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !k.startsWith('npm_') && k !== 'NODE_OPTIONS' && k !== 'INIT_CWD',
  ),
);

function step(title, cmd, args, cwd, extra = {}) {
  const t0 = Date.now();
  process.stdout.write(`▶ ${title} … `);
  const res = spawnSync(cmd, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', maxBuffer: 64 << 20 });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.log(`FAILED (${secs} s)`);
    console.log(`${res.stdout ?? ''}\n${res.stderr ?? ''}`.trim().split('\n').slice(-60).join('\n'));
    finish(1);
  }
  console.log(`ok (${secs} s)`);
  return res.stdout ?? '';
}

function finish(code) {
  if (process.env.KEEP) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
  console.log(
    `consumer check ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(code);
}

// 1. Pack (prepack builds dist/ with vite + tsc) in dependency order: a package's .d.ts build reads the
//    declarations of the packages it imports.
mkdirSync(tarballs, { recursive: true });
const files = {};
for (const p of PACKAGES) {
  const out = step(
    `npm pack @kp/${p}`,
    'npm',
    ['pack', '--json', '--pack-destination', tarballs],
    path.join(root, 'packages', p),
  );
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  const names = info.files.map((f) => f.path);
  const bad = names.filter((n) => !n.startsWith('dist/') && !['package.json', 'README.md'].includes(n));
  if (bad.length || !names.includes('dist/index.js') || !names.includes('dist/index.d.ts')) {
    console.log(
      `@kp/${p}: unexpected tarball contents: ${bad.join(', ') || 'no dist/index.js or dist/index.d.ts'}`,
    );
    finish(1);
  }
  files[`@kp/${p}`] = `file:${path.join(tarballs, info.filename)}`;
  console.log(`  ${info.filename}: ${names.length} files, ${(info.size / 1024).toFixed(0)} KiB packed`);
}

// 2. A fresh project from the example: its sources, the expense claim it imports, tarball dependencies.
for (const entry of ['index.html', 'src', 'test', 'tsconfig.json', 'vite.config.ts'])
  cpSync(path.join(root, 'examples/embed-renderer', entry), path.join(project, entry), { recursive: true });
mkdirSync(path.join(tmp, 'examples/forms'), { recursive: true });
cpSync(
  path.join(root, 'examples/forms/expense-claim.json'),
  path.join(tmp, 'examples/forms/expense-claim.json'),
);
const pkg = JSON.parse(readFileSync(path.join(root, 'examples/embed-renderer/package.json'), 'utf8'));
for (const name of Object.keys(pkg.dependencies)) if (files[name]) pkg.dependencies[name] = files[name];
pkg.dependencies['@kp/flow'] = files['@kp/flow'];
pkg.dependencies['@kp/designer'] = files['@kp/designer'];
pkg.overrides = files; // our packages' caret ranges on each other resolve to the tarballs, never to a registry
writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
// The designer's and flow's declarations, checked by the consumer's strict tsc next to the renderer's.
writeFileSync(
  path.join(project, 'src/designerTypes.ts'),
  `import type { FormDesignerProps, FlowDesignerProps } from '@kp/designer';
import type { FlowStatus, Task } from '@kp/flow';

export type Checked = [FormDesignerProps, FlowDesignerProps, FlowStatus, Task];
`,
);

step(
  'npm install (tarballs, registry cache first)',
  'npm',
  ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
  project,
);
const installed = readdirSync(path.join(project, 'node_modules/@kp')).sort().join(', ');
console.log(`  node_modules/@kp: ${installed}`);

// 3. The consumer's strict tsc (its tsconfig: strict, skipLibCheck as a Vite app has it), then again with
//    skipLibCheck off: every .d.ts we ship must check; errors inside other libraries' own .d.ts (antd's
//    rc-components have a few under strict) are counted, not failed on.
step(
  'consumer tsc --strict',
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'],
  project,
);
{
  const t0 = Date.now();
  process.stdout.write('▶ consumer tsc --strict --skipLibCheck false (our .d.ts) … ');
  const res = spawnSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--skipLibCheck', 'false'],
    { cwd: project, env, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const errors = `${res.stdout}`.split('\n').filter((l) => /^\S.*\(\d+,\d+\): error TS/.test(l));
  const ours = errors.filter((l) => !l.startsWith('node_modules/') || l.startsWith('node_modules/@kp/'));
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (ours.length) {
    console.log(`FAILED (${secs} s)\n${ours.join('\n')}`);
    finish(1);
  }
  console.log(`ok (${secs} s; ${errors.length} errors inside third-party .d.ts, none in @kp/* or the app)`);
}

// 4. Plain Node ESM: no bundler, no TypeScript loader.
step(
  "node -e import('@kp/engine')",
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const e = await import('@kp/engine');
const a = await import('@kp/engine/amount');
const s = await import('@kp/schema');
const words = e.amountInWords(1189.3);
if (words !== '壹仟壹佰捌拾玖元叁角' || a.amountInWords !== e.amountInWords) throw new Error('amountInWords: ' + words);
const f = e.compileFormula('price * quantity');
const v = e.evaluateFormula(f, { price: 388, quantity: 3 });
if (v !== 1164) throw new Error('formula: ' + JSON.stringify(f) + ' gave ' + v);
if (!s.validateFormConfig) throw new Error('@kp/schema');
console.log('engine exports', Object.keys(e).length);`,
  ],
  project,
);

// 5. The consumer's production build, 6. the expense claim filled and submitted in Chromium.
step(
  'vite build',
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  project,
);
step('Chromium: fill and submit the expense claim', process.execPath, ['test/submit.mjs'], project);
finish(0);

#!/usr/bin/env node
// Runs every benchmark file (`**/bench/*.bench.ts` in packages/, apps/ and tests/) in its own process and
// gathers the figures into bench-results/report.md and report.json, with the machine line, so two runs compare.
//
// Contract for a bench file: it is run as `node --import tsx <file>` from the repository root, measures its
// figure AND its baseline in the same run, and prints one line per figure:
//   BENCH {"id":"engine.formula","title":"...","ours":{"value":1.2,"unit":"µs/call"},
//          "baseline":{"name":"mathjs.evaluate","value":30,"unit":"µs/call"},
//          "ratio":25,"ratioMeaning":"baseline/ours (higher is better)","target":">= 20","pass":true}
// Anything else it prints is kept in the log. A file that exits non-zero is reported as failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv.slice(2);

function findBenchFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) findBenchFiles(full, out);
    else if (/\.bench\.(ts|tsx|mjs)$/.test(name) && full.includes(`${path.sep}bench${path.sep}`))
      out.push(full);
  }
  return out;
}

const files = ['packages', 'apps', 'tests']
  .flatMap((d) => findBenchFiles(path.join(root, d)))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const cpus = os.cpus();
const machine = `${cpus[0]?.model ?? 'cpu'} × ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
const figures = [];
const failures = [];
const started = new Date().toISOString();

for (const file of files) {
  const rel = path.relative(root, file);
  process.stdout.write(`\n▶ ${rel}\n`);
  const res = spawnSync(process.execPath, ['--conditions=kp-source', '--import', 'tsx', file], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20 * 60 * 1000,
  });
  const out = `${res.stdout ?? ''}`;
  for (const line of out.split('\n')) {
    if (line.startsWith('BENCH ')) {
      try {
        const fig = JSON.parse(line.slice(6));
        fig.file = rel;
        figures.push(fig);
        process.stdout.write(
          `  ${fig.id}: ratio ${fig.ratio} (${fig.ratioMeaning ?? ''}) target ${fig.target ?? '-'} ${fig.pass === false ? 'MISSED' : ''}\n`,
        );
      } catch {
        failures.push({ file: rel, reason: `unparsable BENCH line: ${line.slice(0, 200)}` });
      }
    }
  }
  if (res.status !== 0) {
    failures.push({
      file: rel,
      reason: `exit ${res.status ?? res.signal}: ${(res.stderr ?? '').slice(-2000)}`,
    });
    process.stdout.write(`  failed: ${(res.stderr ?? '').slice(-800)}\n`);
  }
}

const fmt = (v) =>
  typeof v === 'number' ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)) : String(v ?? '');
const lines = [
  '# Benchmark report',
  '',
  `Run ${started} on: ${machine}`,
  '',
  'Every ratio compares ours with a baseline measured in the same run on the same machine.',
  '',
  '| figure | ours | baseline | ratio | target | met |',
  '|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.title ?? f.id} | ${fmt(f.ours?.value)} ${f.ours?.unit ?? ''} | ${f.baseline?.name ?? ''}: ${fmt(f.baseline?.value)} ${f.baseline?.unit ?? ''} | ${fmt(f.ratio)} (${f.ratioMeaning ?? ''}) | ${f.target ?? '-'} | ${f.pass === undefined ? '-' : f.pass ? 'yes' : 'NO'} |`,
  ),
  '',
  ...(failures.length
    ? ['## Failed bench files', '', ...failures.map((f) => `- ${f.file}: ${f.reason.split('\n')[0]}`)]
    : []),
  '',
];
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results', 'report.md'), lines.join('\n'));
writeFileSync(
  path.join(root, 'bench-results', 'report.json'),
  `${JSON.stringify({ started, machine, figures, failures }, null, 2)}\n`,
);
console.log(`\nWrote bench-results/report.md (${figures.length} figures, ${failures.length} failed files).`);
process.exit(failures.length ? 1 : 0);

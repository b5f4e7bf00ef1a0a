#!/usr/bin/env node
// Runs the browser suites (tests/e2e/**/*.e2e.ts) with Vitest in Node, driving Debian's Chromium through
// playwright-core. Set CHROMIUM_PATH to use another browser binary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}
const res = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'tests/e2e/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);

import { defineConfig } from 'vitest/config';

// Browser suites: Vitest runs in Node and drives Debian's Chromium through playwright-core (tests/e2e/browser.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser suites: Vitest runs in Node and drives Debian's Chromium through playwright-core (tests/e2e/browser.ts).
export default defineConfig({
  // @kp/* packages resolve to their TypeScript sources (the "kp-source" export condition).
  resolve: { conditions: ['kp-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['kp-source', ...defaultServerConditions] } },
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

import { defineConfig } from 'vitest/config';

// Browser suites: Vitest runs in Node and drives Debian's Chromium through playwright-core (tests/e2e/browser.ts).
export default defineConfig({
  // @kp/* packages resolve to their TypeScript sources (the "kp-source" export condition). The suites run
  // the server in this Node process: no 'module' condition, so packages that publish browser-style ESM
  // beside their Node build (the AWS SDK's dist-es) load their Node build.
  resolve: { conditions: ['kp-source', 'node', 'development|production'] },
  ssr: {
    resolve: { conditions: ['kp-source', 'node', 'development|production'], externalConditions: ['node'] },
  },
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

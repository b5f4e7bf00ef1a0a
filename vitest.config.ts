import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Our packages resolve to their TypeScript sources through the "kp-source" export condition (consumers of the
// packed packages get dist/); every project below spreads this.
export const kpSource = {
  resolve: { conditions: ['kp-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['kp-source', ...defaultServerConditions] } },
};

// One command (`npm test`) runs every unit and integration suite, grouped by the environment it needs.
export default defineConfig({
  test: {
    projects: [
      {
        ...kpSource,
        test: {
          name: 'pure',
          environment: 'node',
          include: ['packages/{schema,engine,flow}/src/**/*.test.ts', 'examples/**/*.test.ts'],
        },
      },
      {
        // Node code: no 'module' condition, so packages that publish browser-style ESM beside their Node
        // build (the AWS SDK's dist-es) load their Node build.
        resolve: { conditions: ['kp-source', 'node', 'development|production'] },
        ssr: {
          resolve: {
            conditions: ['kp-source', 'node', 'development|production'],
            externalConditions: ['node'],
          },
        },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/hardening/**/*.test.ts',
            'tests/cluster/**/*.test.ts',
          ],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...kpSource,
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'packages/{renderer,designer}/src/**/*.test.{ts,tsx}',
            'apps/host/src/**/*.test.{ts,tsx}',
            // the package READMEs against the packages (imports the React packages too)
            'tests/packages/**/*.test.ts',
          ],
          setupFiles: ['./vitest.setup.dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});

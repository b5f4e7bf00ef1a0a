import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One command (`npm test`) runs every unit and integration suite, grouped by the environment it needs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pure',
          environment: 'node',
          include: ['packages/{schema,engine,flow}/src/**/*.test.ts', 'examples/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/hardening/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'packages/{renderer,designer}/src/**/*.test.{ts,tsx}',
            'apps/host/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['./vitest.setup.dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});

import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Test page for tests/e2e/designer.e2e.ts. Built from the repository root:
// `node node_modules/vite/bin/vite.js build packages/designer/e2e-app` (output: packages/designer/e2e-app/dist).
// @kp/* resolve to the monorepo's TypeScript sources.
const repo = path.resolve(import.meta.dirname, '../../..');
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@kp/designer': path.join(repo, 'packages/designer/src/index.ts'),
      '@kp/renderer': path.join(repo, 'packages/renderer/src/index.ts'),
      '@kp/flow': path.join(repo, 'packages/flow/src/index.ts'),
      '@kp/engine': path.join(repo, 'packages/engine/src/index.ts'),
      '@kp/schema': path.join(repo, 'packages/schema/src/index.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 6000 },
});

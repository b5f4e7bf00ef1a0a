import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built from the repository root: `npx vite build examples/embed-renderer` (output: examples/embed-renderer/dist).
// @kp/* resolve to the monorepo's TypeScript sources; everything else from the root node_modules.
const repo = path.resolve(import.meta.dirname, '../..');
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@kp/renderer': path.join(repo, 'packages/renderer/src/index.ts'),
      '@kp/engine': path.join(repo, 'packages/engine/src/index.ts'),
      '@kp/schema': path.join(repo, 'packages/schema/src/index.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  preview: { host: '127.0.0.1' },
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Inside the repository (`npx vite build examples/embed-renderer` from the root) @kp/* resolve to the
// packages' TypeScript sources through the "kp-source" export condition. Installed on its own from the packed
// tarballs (scripts/consumer-check.mjs) it is a plain consumer: @kp/* come from node_modules/@kp/*/dist.
const inRepo = existsSync(path.resolve(import.meta.dirname, '../../packages/renderer/src/index.ts'));
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: inRepo ? { conditions: ['kp-source', ...defaultClientConditions] } : {},
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  preview: { host: '127.0.0.1' },
});

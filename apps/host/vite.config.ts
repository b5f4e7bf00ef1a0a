import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { directImports } from './vite.barrels';
import { firstLoadChunk } from './vite.chunks';

const firstLoad = firstLoadChunk();

// The SPA lives under /kpSystem/; in dev, /api and /websocket go to the API server on port 3000.
const target = process.env.KP_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: '/kpSystem/',
  plugins: [react(), directImports(), firstLoad.plugin],
  // @kp/* packages resolve to their TypeScript sources (the "kp-source" export condition), no package build needed.
  resolve: { conditions: ['kp-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets the first-load bench follow the chunks of each entry.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: [firstLoad.group] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/websocket': { target: target.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: { port: 4173 },
});

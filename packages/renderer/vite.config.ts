import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Library build of @kp/renderer: ESM into dist/, with react, react-dom and antd (and antd's own icons and dayjs)
// left to the host as peer dependencies. @kp/schema and @kp/engine are bundled in.
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^antd($|\/)/,
  /^@ant-design\/icons($|\/)/,
  /^dayjs($|\/)/,
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@kp/engine': path.resolve(import.meta.dirname, '../engine/src/index.ts'),
      '@kp/schema': path.resolve(import.meta.dirname, '../schema/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: path.resolve(import.meta.dirname, 'src/index.ts'),
      formats: ['es'],
      fileName: 'kp-renderer',
    },
    rollupOptions: { external },
  },
});

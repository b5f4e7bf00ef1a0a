// Shared Vite library-mode config of the @kp/* packages: ESM into dist/, one output file per source module
// (preserveModules) so a consumer's bundler keeps only what it imports, every bare import external (the
// package's dependencies and peerDependencies are installed next to it, never bundled in), no tests.
// Declarations come from `tsc -p tsconfig.build.json` (see each package's "build" script).
import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * @param {string} dir the package directory
 * @param {{ entries: Record<string, string>, react?: boolean }} opts entries: output name -> source path under src/
 */
export function libConfig(dir, opts) {
  const input = Object.fromEntries(
    Object.entries(opts.entries).map(([name, file]) => {
      const full = path.join(dir, 'src', file);
      if (!existsSync(full)) throw new Error(`${path.basename(dir)}: entry ${file} does not exist`);
      return [name, full];
    }),
  );
  return defineConfig({
    plugins: opts.react ? [react()] : [],
    // The package's own sources come from src/; our other packages stay external imports anyway.
    resolve: { conditions: ['kp-source', 'module', 'browser', 'production'] },
    build: {
      outDir: path.join(dir, 'dist'),
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry: input, formats: ['es'] },
      rollupOptions: {
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
        output: {
          preserveModules: true,
          preserveModulesRoot: path.join(dir, 'src'),
          entryFileNames: '[name].js',
        },
      },
    },
  });
}

import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, type Plugin } from 'vite';
import { compileForm } from '@kp/engine';
import expenseClaim from '/work/wt/c-pkg-product/examples/forms/expense-claim.json' with { type: 'json' };
const here = '/work/wt/c-pkg-product/packages/renderer/bench/bundle';
const name = process.argv[2] ?? 'ours';
function expenseSchema(): Plugin {
  const schema = compileForm(expenseClaim as any).schema;
  return { name: 'x', resolveId: (id) => (id === 'virtual:expense-schema' ? '\0expense-schema' : null),
    load: (id) => (id === '\0expense-schema' ? `export default ${JSON.stringify(schema)};` : null) };
}
const report: Plugin = {
  name: 'report',
  generateBundle(_o, bundle) {
    for (const [file, c] of Object.entries(bundle)) {
      if (c.type !== 'chunk') continue;
      const groups = new Map<string, number>();
      for (const [id, m] of Object.entries(c.modules)) {
        if (!m.code) continue;
        const mm = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        const key = mm ? mm[1] : id.replace('/work/wt/c-pkg-product/', '').split('/').slice(0, 4).join('/');
        groups.set(key, (groups.get(key) ?? 0) + gzipSync(m.code).length);
      }
      const total = gzipSync(c.code).length;
      console.log(`\n## ${file} gz=${(total/1024).toFixed(1)}KB imports=${c.imports.join(',')} dyn=${c.dynamicImports.length}`);
      for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(v/1024).toFixed(1).padStart(7)} ${k}`);
    }
  },
};
await build({ configFile: false, root: here, base: './', logLevel: 'error', mode: 'production',
  plugins: [react(), expenseSchema(), report], resolve: { conditions: ['kp-source', ...defaultClientConditions] },
  build: { outDir: `/tmp/c-pkg/out-${name}`, emptyOutDir: true, chunkSizeWarningLimit: 10000, rollupOptions: { input: path.join(here, `${name}.html`) } } });

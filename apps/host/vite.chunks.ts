// Build plugin: the modules the login page's first load needs (the entry and the login route's static imports)
// go into one chunk instead of the ~35 small shared chunks the automatic splitting makes of them: gzipped
// one by one, those compress ~10 KB worse than together (apps/host/bench/first-load.bench.ts).
import type { Plugin } from 'vite';

/** Module ids the walk does not go through: a package's index re-exports more than any page uses. */
const BARREL = /node_modules\/(.+\/)?(es|esm|dist\/es|dist\/esm)\/index\.m?js$/;
const STARTS = /\/apps\/host\/src\/(main\.tsx|views\/login\/Login\.tsx)$/;

export function firstLoadChunk(): {
  plugin: Plugin;
  group: { name: string; test: (id: string) => boolean; priority: number };
} {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'kp-first-load-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const stack = [...this.getModuleIds()].filter((id) => STARTS.test(id));
      while (stack.length) {
        const id = stack.pop() as string;
        if (members.has(id)) continue;
        members.add(id);
        if (BARREL.test(id)) continue;
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return {
    plugin,
    group: { name: 'first-load', test: (id) => members.has(id) && !STARTS.test(id), priority: 10 },
  };
}

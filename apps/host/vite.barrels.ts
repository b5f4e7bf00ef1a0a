// Build plugin: named imports from the index ("barrel") of antd's @rc-component packages go straight to the
// module that defines each name. The bundler splits chunks by which modules each page can reach; through a
// barrel, a page that needs one hook of @rc-component/form or @rc-component/input reaches every module the
// barrel imports (the whole form library, TextArea …), and those come with it. Imported directly, a page's
// chunks hold what it uses (the login page's first load: see apps/host/bench/first-load.bench.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst } from 'vite';

/** The barrels rewritten: the packages' own es/index.js (re-exports and a few static assignments only). */
const BARREL = /node_modules\/@rc-component\/[^/]+\/es\/index\.js$/;
const SOURCE = /^@rc-component\/[^/]+$/;

interface Target {
  /** the module's path relative to the barrel's folder */
  source: string;
  /** the name it has there ('default' for a default export) */
  imported: string;
}

type Node = { type: string; [k: string]: unknown };
type Named = { type: string; name?: string; value?: string };
const nameOf = (n: Named | undefined) => (n ? String(n.name ?? n.value) : '');

/** Exported name -> the module and name it comes from, for the names the barrel only passes on. */
function barrelMap(file: string): Map<string, Target> {
  const ast = parseAst(readFileSync(file, 'utf8')) as unknown as { body: Node[] };
  const imports = new Map<string, Target>();
  const out = new Map<string, Target>();
  for (const st of ast.body) {
    const source = (st.source as { value?: string } | null)?.value;
    const specs = (st.specifiers ?? []) as {
      type: string;
      local: Named;
      imported?: Named;
      exported?: Named;
    }[];
    if (st.type === 'ImportDeclaration' && source?.startsWith('.')) {
      for (const s of specs) {
        if (s.type === 'ImportDefaultSpecifier')
          imports.set(nameOf(s.local), { source, imported: 'default' });
        if (s.type === 'ImportSpecifier')
          imports.set(nameOf(s.local), { source, imported: nameOf(s.imported) });
      }
    } else if (st.type === 'ExportDefaultDeclaration') {
      const local = (st.declaration as Named).type === 'Identifier' ? nameOf(st.declaration as Named) : '';
      if (imports.has(local)) out.set('default', imports.get(local) as Target);
    } else if (st.type === 'ExportNamedDeclaration' && !st.declaration) {
      for (const s of specs) {
        const exported = nameOf(s.exported);
        if (source?.startsWith('.')) out.set(exported, { source, imported: nameOf(s.local) });
        else if (!source && imports.has(nameOf(s.local)))
          out.set(exported, imports.get(nameOf(s.local)) as Target);
      }
    }
  }
  return out;
}

export function directImports(): Plugin {
  const maps = new Map<string, Map<string, Target>>();
  return {
    name: 'kp-direct-imports',
    apply: 'build',
    async transform(code, id) {
      if (!/\.(m?js|jsx|tsx?)$/.test(id) || !code.includes('@rc-component/')) return null;
      const ast = this.parse(code) as unknown as { body: (Node & { start: number; end: number })[] };
      const edits: { start: number; end: number; text: string }[] = [];
      for (const st of ast.body) {
        if (st.type !== 'ImportDeclaration' || st.importKind === 'type') continue;
        const spec = (st.source as { value: string }).value;
        if (!SOURCE.test(spec)) continue;
        const specs = st.specifiers as { type: string; local: Named; imported?: Named }[];
        if (!specs.length || specs.some((s) => s.type === 'ImportNamespaceSpecifier')) continue;
        const resolved = await this.resolve(spec, id);
        if (!resolved || !BARREL.test(resolved.id)) continue;
        let map = maps.get(resolved.id);
        if (!map) {
          map = barrelMap(resolved.id);
          maps.set(resolved.id, map);
        }
        const kept: string[] = [];
        const direct: string[] = [];
        for (const s of specs) {
          const local = nameOf(s.local);
          const name = s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported);
          const t = map.get(name);
          if (!t) {
            kept.push(`${name} as ${local}`);
            continue;
          }
          const target = JSON.stringify(path.join(path.dirname(resolved.id), t.source));
          direct.push(`import { ${t.imported} as ${local} } from ${target};`);
        }
        if (!direct.length) continue;
        const text = [
          ...direct,
          ...(kept.length ? [`import { ${kept.join(', ')} } from ${JSON.stringify(spec)};`] : []),
        ];
        edits.push({ start: st.start, end: st.end, text: text.join('\n') });
      }
      if (!edits.length) return null;
      let out = code;
      for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      return { code: out, map: null };
    },
  };
}

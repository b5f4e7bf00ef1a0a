// Issue 19: each package README is a product page that cannot drift from the package: its API table lists
// every export (the root's and each subpath's runtime exports, and the types src/index.ts names), its install
// section gives every peer dependency with the range package.json declares, its example stays about ten lines,
// and it states the license and the semver policy with a link to the CHANGELOG. The examples are files the
// type-check compiles (and, for the pure packages, this test runs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['schema', 'engine', 'flow', 'renderer', 'designer'] as const;
/** Each README's example is this file, verbatim, so the repository's type-check compiles what readers copy. */
const EXAMPLES: Record<(typeof PACKAGES)[number], string> = {
  schema: 'examples/readme/schema.ts',
  engine: 'examples/readme/engine.ts',
  flow: 'examples/readme/flow.ts',
  renderer: 'examples/embed-renderer/src/Claim.tsx',
  designer: 'examples/readme/designer.tsx',
};

interface Manifest {
  name: string;
  license: string;
  exports: Record<string, unknown>;
  peerDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8')) as Manifest;
const readme = (dir: string) => readFileSync(path.join(root, 'packages', dir, 'README.md'), 'utf8');

/** The text of a `## <title>` section (up to the next `## `), or '' when there is none. */
function section(text: string, title: RegExp): string {
  const parts = text.split(/^## /m).slice(1);
  const hit = parts.find((p) => title.test(p.split('\n')[0] ?? ''));
  return hit ? hit.slice(hit.indexOf('\n') + 1) : '';
}

/** The names a table's first column lists: the leading identifier of each `code` span in the first cell. */
function firstColumnNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cell = line.split(/(?<!\\)\|/)[1] ?? ''; // `\|` inside a cell is not a column break
    for (const m of cell.matchAll(/`([^`]+)`/g)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(m[1]!.trim())?.[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** Types src/index.ts names itself (`type X` in an export list, `export type { … }`, `export type X =`). */
function namedTypes(dir: string): string[] {
  const src = readFileSync(path.join(root, 'packages', dir, 'src/index.ts'), 'utf8');
  const out = new Set<string>();
  for (const m of src.matchAll(/export type \{([^}]*)\}/g))
    for (const n of m[1]!.split(','))
      out.add(
        n
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      );
  for (const m of src.matchAll(/export \{([^}]*)\}/g))
    for (const n of m[1]!.split(','))
      if (/^\s*type\s/.test(n))
        out.add(
          n
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        );
  for (const m of src.matchAll(/^export (?:type|interface) ([A-Za-z_$][\w$]*)/gm)) out.add(m[1]!);
  out.delete('');
  return [...out];
}

/** Subpath exports of a package ('.', './amount', …) as import specifiers; ./package.json left out. */
const entries = (m: Manifest) =>
  Object.keys(m.exports)
    .filter((k) => k !== './package.json')
    .map((k) => (k === '.' ? m.name : `${m.name}/${k.slice(2)}`));

describe.each(PACKAGES.map((p) => [p]))('packages/%s/README.md', (dir) => {
  const m = manifest(dir);
  const text = readme(dir);
  const api = section(text, /^(Public )?API\b/);

  it('has an API table whose first column lists every export of every entry point', async () => {
    expect(api, 'a "## Public API" section').not.toBe('');
    const listed = firstColumnNames(api);
    const missing: string[] = [];
    for (const entry of entries(m)) {
      if (entry !== m.name) expect(api, `the API section names ${entry}`).toContain(`\`${entry}\``);
      const mod = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>;
      for (const name of Object.keys(mod)) if (!listed.has(name)) missing.push(`${entry}: ${name}`);
    }
    for (const name of namedTypes(dir)) if (!listed.has(name)) missing.push(`${m.name} (type): ${name}`);
    expect(missing).toEqual([]);
  }, 120_000);

  it('lists every peer dependency with the range package.json declares in its install section', () => {
    const install = section(text, /^Install\b/);
    expect(install, 'a "## Install" section').not.toBe('');
    for (const [peer, range] of Object.entries(m.peerDependencies ?? {}))
      expect(install, `${peer} ${range}`).toMatch(
        new RegExp(`\\|\\s*\`${peer}\`\\s*\\|\\s*\`?\\${range}\`?\\s*\\|`),
      );
  });

  it(`shows ${EXAMPLES[dir]} verbatim (the type-check compiles it) as an example of about ten lines`, () => {
    const example = /## [^\n]*(?:example|ten lines)[^\n]*\n+```\w*\n([\s\S]*?)```/i.exec(text)?.[1];
    expect(example, 'a "## … example" or "## … ten lines" section opening with a code block').toBeDefined();
    expect(example).toBe(readFileSync(path.join(root, EXAMPLES[dir]), 'utf8'));
    const lines = example!.split('\n').filter((l) => l.trim()).length;
    expect(lines).toBeGreaterThanOrEqual(5);
    expect(lines).toBeLessThanOrEqual(14);
  });

  it('states the license and the semver policy, linking the CHANGELOG', () => {
    expect(text).toMatch(new RegExp(`^License: \`${m.license}\``, 'm'));
    // one paragraph: "Versioning: semver …[CHANGELOG.md](../../CHANGELOG.md)…"
    expect(text).toMatch(/^Versioning: semver(?:(?!\n\n)[\s\S])*\]\(\.\.\/\.\.\/CHANGELOG\.md\)/m);
  });
});

describe('the examples of the pure packages', () => {
  it.each([['schema'], ['engine'], ['flow']])(
    'examples/readme/%s.ts runs and prints its results',
    async (name) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        await import(/* @vite-ignore */ path.join(root, 'examples/readme', `${name}.ts`));
        expect(log).toHaveBeenCalled();
      } finally {
        log.mockRestore();
      }
    },
  );
});

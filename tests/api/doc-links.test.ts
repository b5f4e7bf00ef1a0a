// A clone of the repository has everything its documents link to: no relative link in a README or in
// docs/ points outside the repository (the spec once lived in ../shared, which a clone does not have) or to a
// file that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function markdown(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) markdown(p, out);
    else if (e.name.endsWith('.md')) out.push(p);
  }
  return out;
}

/** Relative targets of markdown links and of `code` spans that name a path with ../ in them. */
function targets(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) out.push(m[1]);
  for (const m of text.matchAll(/`((?:\.\.\/)+[^`\s{}*]+)`/g)) out.push(m[1]);
  return out.filter((t) => !/^[a-z]+:|^#|^\//i.test(t)).map((t) => t.split('#')[0]);
}

describe('documentation links', () => {
  it('the specification is in docs/spec', () => {
    for (const f of [
      '1-shell-session-messaging-portal.md',
      '2-workflow-approval.md',
      '3-forms-designer-portal-meetings.md',
      '4-administration.md',
      'ARCHITECTURE.md',
    ])
      expect(existsSync(path.join(root, 'docs/spec', f)), f).toBe(true);
  });

  it('every relative link in the repository documents resolves inside the repository', () => {
    const bad: string[] = [];
    for (const file of markdown(root)) {
      for (const t of targets(readFileSync(file, 'utf8'))) {
        if (!t) continue;
        const abs = path.resolve(path.dirname(file), t);
        const rel = path.relative(root, abs);
        if (rel.startsWith('..') || !existsSync(abs)) bad.push(`${path.relative(root, file)} → ${t}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

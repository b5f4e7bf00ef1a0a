#!/usr/bin/env node
// Counts field-kind keys (jnpfKey strings) written as string literals in source outside the kind modules
// (issue 37: a kind is one definition; questions like "is it read-only" are asked of the kind, not of a list).
//
//   node scripts/kind-literals.mjs            prints the count per file and the total
//   node scripts/kind-literals.mjs --max N    the same, and exits 1 when the total is above N
//
// The keys come from the kind modules themselves: every `key: '<jnpfKey>'` in
// packages/engine/src/model/kinds/*.ts (one module per kind), so nothing here restates them.
//
// Only DISTINCTIVE keys count: a key with an upper-case letter (a camelCase compound or the JNPF prefix:
// numInput, JNPFAmount, colorPicker, userSelect, relationFormAttr, uploadFz, createTime…). A key that is one
// lower-case English word (select, date, time, switch, radio, rate, link, button, table, row…) is also an
// HTML type, a CSS class, a message key or a route, so its literals say nothing about kinds and are skipped.
//
// Searched: packages/*/src and apps/*/src, .ts/.tsx/.js/.mjs. Left out: tests and their data (*.test.*, *.spec.*,
// *.bench.*, *.fixture.*),
// the testing kits and fixtures (folders named test, testing, __tests__), generated files (folders named
// generated), type declarations and the kind modules (packages/engine/src/model/kinds/). A literal is a
// whole '…', "…" or `…` string equal to a key; comments are not counted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KIND_DIR = join(root, 'packages', 'engine', 'src', 'model', 'kinds');

/** Every kind key, read from the kind modules. */
export function kindKeys() {
  const keys = new Set();
  for (const f of readdirSync(KIND_DIR)) {
    if (!/\.ts$/.test(f) || f.includes('.test.')) continue;
    const m = readFileSync(join(KIND_DIR, f), 'utf8').match(/\bkey:\s*['"]([A-Za-z][\w]*)['"]/);
    if (m) keys.add(m[1]);
  }
  return keys;
}

/** The rule: distinctive = contains an upper-case letter (not one lower-case word). */
export const distinctive = (key) => /[A-Z]/.test(key);

const SKIP_DIR = new Set(['node_modules', 'dist', 'test', 'testing', '__tests__', 'generated']);
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP_FILE = /\.(test|spec|bench|fixture)\.|\.d\.ts$/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!SKIP_DIR.has(name) && p !== KIND_DIR) yield* sourceFiles(p);
    } else if (SOURCE.test(name) && !SKIP_FILE.test(name)) yield p;
  }
}

function roots() {
  const out = [];
  for (const top of ['packages', 'apps']) {
    for (const pkg of readdirSync(join(root, top))) {
      const src = join(root, top, pkg, 'src');
      try {
        if (statSync(src).isDirectory()) out.push(src);
      } catch {
        // a package without src
      }
    }
  }
  return out;
}

/** String literals of a source text (comments skipped), as their raw contents. */
export function literalsOf(text) {
  const out = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const d = text[i + 1];
    if (c === '/' && d === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && d === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let s = '';
      while (j < n && text[j] !== c) {
        if (text[j] === '\\') {
          s += text[j] + (text[j + 1] ?? '');
          j += 2;
          continue;
        }
        if (c !== '`' && text[j] === '\n') break; // not a string (a regex or an apostrophe in JSX text)
        s += text[j];
        j++;
      }
      out.push(s);
      i = j + 1;
    } else i++;
  }
  return out;
}

/** Distinctive kind-key literals per file (relative path → count), files without any left out. */
export function countLiterals() {
  const keys = new Set([...kindKeys()].filter(distinctive));
  const perFile = new Map();
  for (const src of roots())
    for (const f of sourceFiles(src)) {
      const n = literalsOf(readFileSync(f, 'utf8')).filter((s) => keys.has(s)).length;
      if (n) perFile.set(relative(root, f), n);
    }
  return perFile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const maxAt = process.argv.indexOf('--max');
  const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : undefined;
  const perFile = countLiterals();
  const total = [...perFile.values()].reduce((a, b) => a + b, 0);
  for (const [f, n] of [...perFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
    console.log(`${String(n).padStart(4)}  ${f}`);
  console.log(
    `Distinctive kind-key literals outside the kind modules: ${total}${max === undefined ? '' : ` (at most ${max})`}.`,
  );
  if (max !== undefined && (!Number.isFinite(max) || total > max)) process.exit(1);
}

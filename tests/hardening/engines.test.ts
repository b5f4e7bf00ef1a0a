// First run on the Node version we declare: no installed package may want a newer Node than the root
// package.json's engines (npm prints EBADENGINE for each such package on `npm install`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => JSON.parse(readFileSync(path.join(root, f), 'utf8'));

describe('engines', () => {
  it('every package in the lockfile runs on the lowest Node the root package.json declares', () => {
    const declared: string = read('package.json').engines.node;
    const lowest = semver.minVersion(declared)?.version;
    expect(lowest).toBeTruthy();
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const misfits: string[] = [];
    for (const [where, pkg] of Object.entries(lock.packages)) {
      const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (node && !semver.satisfies(lowest as string, node))
        misfits.push(`${where}@${pkg.version} wants node ${node}`);
    }
    expect(misfits).toEqual([]);
  });
});

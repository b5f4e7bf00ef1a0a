import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('README', () => {
  it('shows the ten-line embed that examples/embed-renderer compiles (Claim.tsx verbatim)', () => {
    const readme = readFileSync(path.join(repo, 'packages/renderer/README.md'), 'utf8');
    const block = /## Embed in ten lines\n\n```tsx\n([\s\S]*?)```/.exec(readme)?.[1];
    const file = readFileSync(path.join(repo, 'examples/embed-renderer/src/Claim.tsx'), 'utf8');
    expect(block).toBe(file);
    // About ten lines: at most 14 non-blank lines, imports included.
    expect(file.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(14);
  });
});

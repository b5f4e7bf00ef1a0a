import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ancestorsOf, buildTree, descendantsOf, flatten, wouldCycle } from './tree';

/** A random forest: node i's parent is a node before it, or none. */
const forest = fc
  .array(fc.option(fc.nat(), { nil: undefined }), { minLength: 1, maxLength: 40 })
  .map((ps) =>
    ps.map((p, i) => ({ id: `n${i}`, parentId: p === undefined || i === 0 ? '-1' : `n${p % i}` })),
  );

describe('trees', () => {
  it('buildTree keeps every row exactly once and marks hasChildren', () => {
    fc.assert(
      fc.property(forest, (rows) => {
        const t = buildTree(rows);
        const flat = flatten(t);
        expect(flat.map((n) => n.id).sort()).toEqual(rows.map((r) => r.id).sort());
        for (const n of flat) expect(n.hasChildren).toBe(n.children.length > 0);
      }),
    );
  });
  it('a row whose parent is not in the list becomes a root (partial, data-scoped lists)', () => {
    const t = buildTree([
      { id: 'd1', parentId: 'c1' },
      { id: 'd11', parentId: 'd1' },
    ]);
    expect(t.map((n) => n.id)).toEqual(['d1']);
    expect(t[0].children[0].id).toBe('d11');
  });
  it('descendants include the root; moving under a descendant is a cycle', () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.nat(), (rows, a, b) => {
        const x = rows[a % rows.length].id;
        const y = rows[b % rows.length].id;
        const below = descendantsOf(rows, [x]);
        expect(below.has(x)).toBe(true);
        expect(wouldCycle(rows, x, y)).toBe(below.has(y));
        expect(below.has(y)).toBe(x === y || ancestorsOf(rows, y).includes(x));
      }),
    );
  });
});

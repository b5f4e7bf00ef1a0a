import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_SCOPES, inScope, type OrgRow, resolveScope, widest } from './scope';
import { ancestorsOf, buildTree, descendantsOf, flatten, wouldCycle } from './tree';

const orgs: OrgRow[] = [
  { id: 'g', parentId: null, category: 'company' },
  { id: 'c1', parentId: 'g', category: 'company' },
  { id: 'c2', parentId: 'g', category: 'company' },
  { id: 'd1', parentId: 'c1', category: 'department' },
  { id: 'd11', parentId: 'd1', category: 'department' },
  { id: 'd2', parentId: 'c2', category: 'department' },
];

/** A random forest: node i's parent is a node before it, or none. */
const forest = fc
  .array(fc.option(fc.nat(), { nil: undefined }), { minLength: 1, maxLength: 40 })
  .map((ps) =>
    ps.map((p, i) => ({ id: `n${i}`, parentId: p === undefined || i === 0 ? null : `n${p % i}` })),
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
        // y is below x exactly when x is an ancestor of y (or y is x)
        expect(below.has(y)).toBe(x === y || ancestorsOf(rows, y).includes(x));
      }),
    );
  });
});

describe('data scopes', () => {
  it('widest is the union of grants; none means own records', () => {
    expect(widest([])).toBe('self');
    expect(widest(['department', 'organizeAndBelow'])).toBe('organizeAndBelow');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...DATA_SCOPES)),
        fc.array(fc.constantFrom(...DATA_SCOPES)),
        (a, b) => {
          // commutative and monotone: adding grants never narrows
          expect(widest([...a, ...b])).toBe(widest([...b, ...a]));
          const order = DATA_SCOPES.slice().reverse();
          expect(order.indexOf(widest([...a, ...b]))).toBeGreaterThanOrEqual(order.indexOf(widest(a)));
        },
      ),
    );
  });
  it('resolves each scope for a user in department d1 of company c1', () => {
    const subject = { userId: 'u1', organizeId: 'd1' };
    expect(resolveScope('all', subject, orgs)).toEqual({ all: true });
    const org = resolveScope('organizeAndBelow', subject, orgs);
    expect(org.all).toBe(false);
    if (!org.all) expect([...org.organizeIds].sort()).toEqual(['c1', 'd1', 'd11']);
    const dep = resolveScope('department', subject, orgs);
    if (!dep.all) expect([...dep.organizeIds]).toEqual(['d1']);
    const self = resolveScope('self', subject, orgs);
    expect(inScope(self, 'd1', 'u2')).toBe(false);
    expect(inScope(self, 'd1', 'u1')).toBe(true);
    expect(inScope(dep, 'd11', 'u9')).toBe(false);
    expect(inScope(org, 'd11', 'u9')).toBe(true);
    expect(inScope(org, 'd2', 'u9')).toBe(false);
  });
  it('a wider scope never sees less', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...orgs.map((o) => o.id)),
        fc.constantFrom(...orgs.map((o) => o.id)),
        (own, rec) => {
          const subject = { userId: 'u', organizeId: own };
          const seen = DATA_SCOPES.map((s) => inScope(resolveScope(s, subject, orgs), rec, 'other'));
          // DATA_SCOPES is widest first: once false, stays false
          for (let i = 1; i < seen.length; i++) if (seen[i]) expect(seen[i - 1]).toBe(true);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal';
import { inUnitScope, nonEmpty, scopeOn, unitScope } from './scope';
import { ancestorsOf, buildTree, descendantsOf, flatten, wouldCycle } from './tree';

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
        expect(below.has(y)).toBe(x === y || ancestorsOf(rows, y).includes(x));
      }),
    );
  });
});

function principal(over: Partial<Principal>): Principal {
  return {
    userId: 'u1',
    account: 'u1',
    realName: 'U',
    isAdministrator: false,
    organizeId: 'c1',
    departmentId: 'd1',
    roleIds: [],
    positionIds: [],
    modules: new Map(),
    orgSubtreeIds: ['c1', 'd1', 'd11'],
    moduleRows: [],
    ...over,
  };
}
const grant = (scope: 'all' | 'org' | 'dept' | 'self') =>
  new Map([
    [
      'permission.user',
      {
        id: 'm',
        enCode: 'permission.user',
        scope,
        buttons: new Set<string>(),
        columns: new Set<string>(),
        forms: new Set<string>(),
      },
    ],
  ]);

describe('data scopes', () => {
  it('administrators see all; no grant means own records', () => {
    expect(scopeOn(principal({ isAdministrator: true }), 'permission.user')).toBe('all');
    expect(scopeOn(principal({}), 'permission.user')).toBe('self');
    expect(scopeOn(principal({ modules: grant('dept') }), 'permission.user')).toBe('dept');
  });
  it('units of each scope', () => {
    const p = principal({});
    expect(unitScope(p, 'all')).toEqual({ all: true });
    expect(unitScope(p, 'org')).toEqual({ all: false, units: ['c1', 'd1', 'd11'], userId: 'u1' });
    expect(unitScope(p, 'dept')).toEqual({ all: false, units: ['d1'], userId: 'u1' });
    expect(unitScope(p, 'self')).toEqual({ all: false, units: [], userId: 'u1' });
    expect(unitScope(principal({ departmentId: null }), 'dept')).toEqual({
      all: false,
      units: [],
      userId: 'u1',
    });
  });
  it('a wider scope never sees less, and own records are always visible', () => {
    const scopes = ['all', 'org', 'dept', 'self'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom('c1', 'd1', 'd11', 'c2', 'd2', null),
        fc.constantFrom('u1', 'u2', null),
        (unit, owner) => {
          const seen = scopes.map((s) => inUnitScope(unitScope(principal({}), s), [unit], owner));
          for (let i = 1; i < seen.length; i++) if (seen[i]) expect(seen[i - 1]).toBe(true);
          if (owner === 'u1') expect(seen.every(Boolean)).toBe(true);
        },
      ),
    );
  });
  it('nonEmpty never yields an empty IN list', () => {
    expect(nonEmpty([])).toHaveLength(1);
    expect(nonEmpty(['a'])).toEqual(['a']);
  });
});

// Random valid flow chains for the property tests of the interpreter and the simulator (not part of the
// public API; src/test is left out of the build).
import type { FlowNode } from '@kp/schema';
import fc from 'fast-check';
import type { TreeItem } from '../testkit';

export interface ChainOptions {
  /** Users the approvers are drawn from. */
  pool: string[];
  /** At most this many named approvers on a node. */
  maxApprovers: number;
  /** Ratios a 'ratio' countersign may need. */
  ratios: number[];
  /** The lowest initiator level of a "leader of the initiator" node. */
  minLevel: number;
  /** What a node with nobody to approve does. */
  emptyApprover: Array<'pass' | 'admin' | 'refuse'>;
  /** The nodes without settings the chains may hold. */
  plain: Array<'copy' | 'timer' | 'empty' | 'auto'>;
}

/**
 * Chains of up to 3 items, nested up to 3 deep: approvers of every countersign mode and resolution (named users,
 * the initiator's leader, a role with an SLA, a role nobody holds), plain nodes, subflows and condition /
 * parallel / inclusive branch points on a form field.
 */
export function chainArbitrary(o: ChainOptions): fc.Arbitrary<TreeItem[]> {
  const approverProps = fc
    .oneof(
      fc.record({
        approvers: fc.subarray(o.pool, { minLength: 1, maxLength: o.maxApprovers }),
        counterSign: fc.constantFrom('or' as const, 'and' as const, 'ratio' as const, 'sequential' as const),
        counterRatio: fc.constantFrom(...o.ratios),
        rejectTarget: fc.constantFrom('start' as const, 'previous' as const),
      }),
      fc.record({ assigneeType: fc.constant(6), initiatorLevel: fc.integer({ min: o.minLevel, max: 3 }) }),
      fc.record({
        approverRole: fc.constant(['finance']),
        counterSign: fc.constant('and' as const),
        timeLimit: fc.constant({ duration: 1, remindEvery: 1, autoApproveAfter: 2 }),
      }),
      fc.record({
        approverRole: fc.constant(['nobody']),
        emptyApprover: fc.constantFrom(...o.emptyApprover),
      }),
    )
    .map((p) => structuredClone(p) as FlowNode['properties']);
  const { chain } = fc.letrec<{ chain: TreeItem[]; item: TreeItem }>((tie) => ({
    chain: fc.array(tie('item'), { maxLength: 3 }),
    item: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.record({ k: fc.constant('approver' as const), props: approverProps }),
      fc.record({ k: fc.constantFrom(...o.plain) }),
      fc.record({ k: fc.constant('sub' as const), async: fc.boolean() }),
      fc.record({
        k: fc.constant('gw' as const),
        kind: fc.constantFrom('condition' as const, 'interflow' as const, 'branch' as const),
        branches: fc.array(tie('chain'), { minLength: 2, maxLength: 3 }),
      }),
    ),
  }));
  return chain;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFlowTemplateProperties, validateFlowTree } from './validate';

const tree = {
  nodeId: 'start',
  type: 'start',
  properties: { title: '发起人', initiator: ['u1'] },
  childNode: {
    nodeId: 'gw',
    prevId: 'start',
    type: 'empty',
    properties: {},
    conditionType: 'condition',
    conditionNodes: [
      {
        nodeId: 'c1',
        type: 'condition',
        properties: {
          priority: 1,
          conditions: [
            { logic: 'and', items: [{ fieldType: 'form', field: 'days', operator: '<=', value: 3 }] },
          ],
        },
        childNode: { nodeId: 'a1', type: 'approver', properties: { approvers: ['u2'], counterSign: 'and' } },
      },
      { nodeId: 'c2', type: 'condition', properties: { priority: 2, isDefault: true }, childNode: null },
    ],
    childNode: null,
  },
};

describe('validateFlowTree', () => {
  it('accepts a well-formed tree', () => {
    const r = validateFlowTree(tree);
    expect(r).toEqual({ ok: true, value: tree });
  });
  it('names the path of a bad node type and a bad operator', () => {
    const bad = structuredClone(tree) as any;
    bad.childNode.conditionNodes[0].childNode.type = 'robot';
    bad.childNode.conditionNodes[0].properties.conditions[0].items[0].operator = '~';
    const r = validateFlowTree(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const paths = r.errors.map((e) => e.path);
      expect(paths).toContain('childNode.conditionNodes[0].childNode.type');
      expect(paths).toContain('childNode.conditionNodes[0].properties.conditions[0].items[0].operator');
    }
  });
  it('rejects duplicate node ids', () => {
    const bad = structuredClone(tree) as any;
    bad.childNode.conditionNodes[1].nodeId = 'c1';
    const r = validateFlowTree(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toMatch(/duplicate nodeId c1/);
  });
  it('rejects a missing nodeId and bad counterSign', () => {
    const r = validateFlowTree({ type: 'start', properties: { counterSign: 'xor' } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => e.path)).toEqual(
        expect.arrayContaining(['nodeId', 'properties.counterSign']),
      );
  });
  it('never throws on random JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (j) => {
        const r = validateFlowTree(j);
        expect(typeof r.ok).toBe('boolean');
        const p = validateFlowTemplateProperties(j);
        expect(typeof p.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
  it('never throws on random node-like objects', () => {
    const node = fc.letrec((tie) => ({
      node: fc.record(
        {
          nodeId: fc.oneof(fc.string(), fc.integer()),
          type: fc.constantFrom('start', 'approver', 'x', 'empty'),
          properties: fc.oneof(fc.object(), fc.constant({})),
          childNode: fc.oneof({ depthSize: 'small' }, fc.constant(null), tie('node')),
          conditionNodes: fc.array(tie('node'), { maxLength: 2 }),
        },
        { requiredKeys: ['type'] },
      ),
    })).node;
    fc.assert(
      fc.property(node, (j) => typeof validateFlowTree(j).ok === 'boolean'),
      { numRuns: 200 },
    );
  });
  it('validates template properties', () => {
    expect(validateFlowTemplateProperties({ hasAuditBtn: true, resubmitMode: 'jumpBack' }).ok).toBe(true);
    expect(validateFlowTemplateProperties({ resubmitMode: 'sideways' }).ok).toBe(false);
  });
});

import type { FlowNode, FlowNodeType } from '@kp/schema';
import { textIn, validateFlowTree } from '@kp/schema';
import fc from 'fast-check';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  addNode,
  allNodeIds,
  createTree,
  findNode,
  isGateway,
  isNewNodeTitle,
  moveBranchPriority,
  nodeTitle,
  removeBranch,
  removeNode,
  updateNodeProperties,
  walkTree,
} from './tree';
import { validateFlow } from './validateFlow';

const chainIds = (n: FlowNode | null | undefined): string[] => {
  const out: string[] = [];
  for (let c = n; c; c = c.childNode) out.push(c.nodeId);
  return out;
};

describe('addNode', () => {
  it('inserts after a parent and re-parents the children', () => {
    let t = createTree();
    t = addNode(t, 'start', 'approver', { nodeId: 'a' });
    t = addNode(t, 'start', 'copy', { nodeId: 'c' });
    expect(chainIds(t)).toEqual(['start', 'c', 'a']);
    expect(findNode(t, 'a')?.prevId).toBe('c');
    expect(findNode(t, 'c')?.prevId).toBe('start');
  });
  it('does not mutate its input (immer)', () => {
    const t0 = createTree();
    const t1 = addNode(t0, 'start', 'approver');
    expect(t0.childNode).toBeNull();
    expect(t1).not.toBe(t0);
  });
  it('adds a condition point with two branches, the last one default', () => {
    const t = addNode(createTree(), 'start', 'condition', { nodeId: 'g' });
    const g = findNode(t, 'g') as FlowNode;
    expect(g.type).toBe('empty');
    expect(g.conditionNodes?.map((b) => [b.properties.priority, b.properties.isDefault])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(g.conditionNodes?.[1].content).toBe('其他情况进入此流程');
  });
  it('ignores unknown parents and start nodes', () => {
    const t = createTree();
    expect(addNode(t, 'nope', 'approver')).toBe(t);
    expect(addNode(t, 'start', 'start')).toBe(t);
  });
});

describe('branches', () => {
  const base = () => {
    let t = addNode(createTree(), 'start', 'approver', { nodeId: 'tail' });
    t = addNode(t, 'start', 'condition', { nodeId: 'g' });
    return t;
  };
  it('addBranch inserts before the default and renumbers', () => {
    const t = addBranch(base(), 'g', { nodeId: 'x' });
    const bs = findNode(t, 'g')?.conditionNodes ?? [];
    expect(bs.map((b) => b.nodeId)).toEqual(['condition_1', 'x', 'condition_2']);
    expect(bs.map((b) => b.properties.priority)).toEqual([1, 2, 3]);
    expect(bs.map((b) => !!b.properties.isDefault)).toEqual([false, false, true]);
  });
  it('moveBranchPriority swaps but never moves the default', () => {
    let t = addBranch(base(), 'g', { nodeId: 'x' });
    t = moveBranchPriority(t, 'x', 'up');
    expect(findNode(t, 'g')?.conditionNodes?.map((b) => b.nodeId)).toEqual([
      'x',
      'condition_1',
      'condition_2',
    ]);
    const same = moveBranchPriority(t, 'condition_1', 'down');
    expect(findNode(same, 'g')?.conditionNodes?.map((b) => b.nodeId)).toEqual([
      'x',
      'condition_1',
      'condition_2',
    ]);
    const same2 = moveBranchPriority(t, 'condition_2', 'up');
    expect(findNode(same2, 'g')?.conditionNodes?.at(-1)?.nodeId).toBe('condition_2');
  });
  it('removeBranch renumbers, and collapses a point left with one branch', () => {
    let t = addBranch(base(), 'g', { nodeId: 'x' });
    t = addNode(t, 'condition_1', 'approver', { nodeId: 'inBranch' });
    t = removeBranch(t, 'x');
    expect(findNode(t, 'g')?.conditionNodes?.map((b) => b.properties.priority)).toEqual([1, 2]);
    t = removeBranch(t, 'condition_2');
    expect(findNode(t, 'g')).toBeUndefined();
    expect(chainIds(t)).toEqual(['start', 'inBranch', 'tail']);
    expect(findNode(t, 'tail')?.prevId).toBe('inBranch');
  });
  it('removing a parallel branch from two collapses too', () => {
    let t = addNode(createTree(), 'start', 'interflow', { nodeId: 'p' });
    t = removeNode(t, 'interflow_1');
    expect(isGateway(t)).toBe(false);
    expect(chainIds(t)).toEqual(['start']);
  });
  it('parallel points append branches, have no default, and reorder freely', () => {
    let t = addNode(createTree(), 'start', 'interflow', { nodeId: 'p' });
    t = addBranch(t, 'p', { nodeId: 'x' });
    let bs = findNode(t, 'p')?.conditionNodes ?? [];
    expect(bs.map((b) => b.nodeId)).toEqual(['interflow_1', 'interflow_2', 'x']);
    expect(bs.some((b) => b.properties.isDefault !== undefined)).toBe(false);
    t = moveBranchPriority(t, 'x', 'up');
    t = moveBranchPriority(t, 'x', 'up');
    bs = findNode(t, 'p')?.conditionNodes ?? [];
    expect(bs.map((b) => [b.nodeId, b.properties.priority])).toEqual([
      ['x', 1],
      ['interflow_1', 2],
      ['interflow_2', 3],
    ]);
  });
  it('adding after a branch point goes after the join; adding after a branch node heads its chain', () => {
    let t = base();
    t = addNode(t, 'g', 'copy', { nodeId: 'afterJoin' });
    t = addNode(t, 'condition_2', 'approver', { nodeId: 'head' });
    expect(chainIds(t)).toEqual(['start', 'g', 'afterJoin', 'tail']);
    expect(chainIds(findNode(t, 'condition_2'))).toEqual(['condition_2', 'head']);
  });
  it('refuses ids already used', () => {
    const t = base();
    expect(addNode(t, 'start', 'approver', { nodeId: 'tail' })).toBe(t);
    expect(addBranch(t, 'g', { nodeId: 'tail' })).toBe(t);
  });
  it('removeNode re-parents, drops a whole branch point, keeps the start', () => {
    let t = base();
    t = removeNode(t, 'g');
    expect(chainIds(t)).toEqual(['start', 'tail']);
    expect(removeNode(t, 'start')).toBe(t);
  });
  it('updateNodeProperties cannot give the default branch conditions', () => {
    const t = updateNodeProperties(base(), 'condition_2', {
      conditions: [{ items: [{ fieldType: 'form', field: 'days', operator: '>', value: 1 }] }],
    });
    expect(findNode(t, 'condition_2')?.properties.conditions).toEqual([]);
  });
});

describe('validateFlow', () => {
  it('reports every invalid node with its reason', () => {
    let t = createTree();
    t = addNode(t, 'start', 'approver', { nodeId: 'a', properties: { assigneeType: 1 } });
    t = addNode(t, 'a', 'subFlow', { nodeId: 's', properties: { initiateType: 6 } });
    t = addNode(t, 's', 'timer', { nodeId: 'tm', properties: { hour: 1.3 } });
    t = addNode(t, 'tm', 'condition', { nodeId: 'g' });
    const issues = validateFlow(t);
    const by = (id: string) => issues.filter((i) => i.nodeId === id).map((i) => i.message);
    expect(by('start')).toEqual(['请设置发起人']);
    expect(by('a')).toEqual(['请设置审批人']);
    expect(by('s')).toEqual(['请选择子流程', '请设置子流程发起人']);
    expect(by('tm')).toEqual(['时间只能是整数和0.5的倍数']);
    expect(by('condition_1')).toEqual(['请设置条件']);
    expect(by('condition_2')).toEqual([]);
  });
  it('accepts approvers without lists when assigneeType is 6, 7 or unset, and half steps', () => {
    let t = updateNodeProperties(createTree(), 'start', { initiatePos: ['p1'] });
    t = addNode(t, 'start', 'approver', { nodeId: 'a6', properties: { assigneeType: 6 } });
    t = addNode(t, 'a6', 'approver', { nodeId: 'a7', properties: { assigneeType: 7 } });
    t = addNode(t, 'a7', 'approver', { nodeId: 'au' });
    t = addNode(t, 'au', 'approver', { nodeId: 'a1', properties: { assigneeType: 1, approverRole: ['r'] } });
    t = addNode(t, 'a1', 'timer', { nodeId: 'tm', properties: { day: 1.5, hour: 2, minute: 0.5 } });
    t = addNode(t, 'tm', 'subFlow', {
      nodeId: 's',
      properties: { flowId: 'f', initiateType: 6, initiateRole: ['r'] },
    });
    expect(validateFlow(t)).toEqual([]);
  });
  it('a condition with a blank comparison (no field, no value, half a range) is an empty condition', () => {
    const base = updateNodeProperties(createTree(), 'start', { initiatePos: ['p1'] });
    const g = addNode(base, 'start', 'condition', { nodeId: 'g' });
    const withItems = (items: unknown[]) =>
      validateFlow(
        updateNodeProperties(g, 'condition_1', {
          conditions: [{ logic: 'and', items: items as never }],
        }),
      )
        .filter((i) => i.nodeId === 'condition_1')
        .map((i) => i.code);
    const ok = { fieldType: 'form', field: 'days', valueType: 'number', operator: '>', value: 3 };
    expect(withItems([ok])).toEqual([]);
    expect(
      withItems([{ fieldType: 'form', field: '', valueType: 'number', operator: '=', value: '' }]),
    ).toEqual(['CONDITION_EMPTY']);
    expect(withItems([ok, { ...ok, value: '' }])).toEqual(['CONDITION_EMPTY']);
    expect(withItems([{ ...ok, field: undefined }])).toEqual(['CONDITION_EMPTY']);
    expect(withItems([{ ...ok, operator: 'between', value: 1 }])).toEqual(['CONDITION_EMPTY']);
    expect(withItems([{ ...ok, operator: 'between', value: 1, value2: 5 }])).toEqual([]);
    expect(withItems([{ fieldType: 'form', field: 'reason', operator: 'empty' }])).toEqual([]);
    expect(withItems([{ fieldType: 'role', operator: 'in', value: [] }])).toEqual(['CONDITION_EMPTY']);
    expect(withItems([{ fieldType: 'role', operator: 'in', value: ['r1'] }])).toEqual([]);
  });
  it('reports structure problems and non-trees without throwing', () => {
    expect(validateFlow(null)[0].code).toBe('STRUCTURE');
    expect(validateFlow({ nodeId: 'x', type: 'approver', properties: {} })[0].code).toBe('STRUCTURE');
  });
});

// ---- property: random edit sequences keep the tree valid-shaped ----
const TYPES: FlowNodeType[] = [
  'approver',
  'copy',
  'timer',
  'subFlow',
  'empty',
  'auto',
  'condition',
  'interflow',
  'branch',
];
type Edit =
  | { op: 'add'; at: number; type: FlowNodeType }
  | { op: 'remove'; at: number }
  | { op: 'addBranch'; at: number }
  | { op: 'removeBranch'; at: number }
  | { op: 'move'; at: number; dir: 'up' | 'down' };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), at: fc.nat(), type: fc.constantFrom(...TYPES) }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('addBranch' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('removeBranch' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('move' as const),
    at: fc.nat(),
    dir: fc.constantFrom('up' as const, 'down' as const),
  }),
);

function applyEdits(edits: Edit[]): FlowNode {
  let t = createTree();
  for (const e of edits) {
    const ids = [...allNodeIds(t)];
    const id = ids[e.at % ids.length];
    if (e.op === 'add') t = addNode(t, id, e.type);
    else if (e.op === 'remove') t = removeNode(t, id);
    else if (e.op === 'addBranch') t = addBranch(t, id);
    else if (e.op === 'removeBranch') t = removeBranch(t, id);
    else t = moveBranchPriority(t, id, e.dir);
  }
  return t;
}

describe('random edit sequences', () => {
  it('keep the tree schema-valid, ids unique, defaults last, priorities 1..n, prevIds right', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (edits) => {
        const t = applyEdits(edits);
        expect(validateFlowTree(t).ok).toBe(true);
        const ids: string[] = [];
        walkTree(t, (n, parent) => {
          ids.push(n.nodeId);
          if (parent) expect(n.prevId).toBe(parent.nodeId);
          if (n.conditionNodes?.length) {
            expect(n.conditionNodes.length).toBeGreaterThanOrEqual(2);
            expect(n.conditionNodes.map((b) => b.properties.priority)).toEqual(
              n.conditionNodes.map((_, i) => i + 1),
            );
            if (n.conditionType !== 'interflow')
              expect(n.conditionNodes.map((b) => !!b.properties.isDefault)).toEqual(
                n.conditionNodes.map((_, i) => i === n.conditionNodes!.length - 1),
              );
          }
        });
        expect(new Set(ids).size).toBe(ids.length);
        // Only content problems (no initiator, empty conditions, ...) may remain; never structure ones.
        expect(validateFlow(t).filter((i) => i.code === 'STRUCTURE')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('new nodes are titled in zh, zhtw and en (issue 20)', () => {
  const titles = (t: FlowNode, gid: string) =>
    findNode(t, gid)?.conditionNodes?.map((b) => b.properties.title);

  it('titles the start node and every kind of node the designer adds', () => {
    expect(createTree().properties.title).toEqual({ zh: '发起人', zhtw: '發起人', en: 'Initiator' });
    let t = createTree();
    const kinds: Array<[FlowNodeType, string, string, string]> = [
      ['approver', '审批人', '審批人', 'Approver'],
      ['copy', '抄送人', '抄送人', 'CC'],
      ['timer', '定时器', '定時器', 'Timer'],
      ['subFlow', '子流程', '子流程', 'Sub flow'],
      ['auto', '自动审批', '自動審批', 'Auto approval'],
    ];
    for (const [type] of kinds) t = addNode(t, 'start', type, { nodeId: type });
    for (const [type, zh, zhtw, en] of kinds)
      expect(findNode(t, type)?.properties.title).toEqual({ zh, zhtw, en });
    // the tree as the server checks it (I18nText titles)
    expect(validateFlowTree(t).ok).toBe(true);
  });

  it('numbers the branches in each language, also those added later', () => {
    let t = addNode(createTree(), 'start', 'condition', { nodeId: 'g' });
    t = addBranch(t, 'g');
    expect(titles(t, 'g')).toEqual([
      { zh: '条件1', zhtw: '條件1', en: 'Condition 1' },
      { zh: '条件3', zhtw: '條件3', en: 'Condition 3' },
      { zh: '条件2', zhtw: '條件2', en: 'Condition 2' },
    ]);
    t = addNode(t, 'start', 'interflow', { nodeId: 'p' });
    t = addNode(t, 'start', 'branch', { nodeId: 'b' });
    expect(titles(t, 'p')?.map((x) => textIn(x, 'en'))).toEqual(['Parallel branch 1', 'Parallel branch 2']);
    expect(titles(t, 'b')?.map((x) => textIn(x, 'zhtw'))).toEqual(['選擇分支1', '選擇分支2']);
    // a branch point itself has no title
    expect(findNode(t, 'g')?.properties.title).toBe('');
    expect(validateFlowTree(t).ok).toBe(true);
  });

  it('writes zhtw in traditional characters and en without Chinese; the zh stays the spec text', () => {
    const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
    const types: FlowNodeType[] = [
      'start',
      'approver',
      'copy',
      'timer',
      'subFlow',
      'auto',
      'interflow',
      'branch',
      'condition',
    ];
    const all = types.map((type) => nodeTitle(type) as { zh: string; zhtw: string; en: string });
    expect(all.filter((l) => convert(l.zh) !== l.zhtw || /[\u4e00-\u9fff]/.test(l.en) || !l.en)).toEqual([]);
    expect(all.map((l) => l.zh)).toEqual([
      '发起人',
      '审批人',
      '抄送人',
      '定时器',
      '子流程',
      '自动审批',
      '并行分支',
      '选择分支',
      '条件',
    ]);
    expect(nodeTitle('empty')).toBe('');
  });

  it('tells a new node title still untouched from an edited or foreign one', () => {
    expect(isNewNodeTitle('approver', nodeTitle('approver'))).toBe(true);
    expect(isNewNodeTitle('condition', nodeTitle('condition', 12))).toBe(true);
    expect(isNewNodeTitle('approver', { ...(nodeTitle('approver') as object), en: 'Manager' })).toBe(false);
    expect(isNewNodeTitle('approver', { zh: '审批人', zhtw: '審批人' })).toBe(false);
    expect(isNewNodeTitle('copy', nodeTitle('approver'))).toBe(false);
    expect(isNewNodeTitle('condition', { zh: '条件x', zhtw: '條件x', en: 'Condition x' })).toBe(false);
    expect(isNewNodeTitle('approver', '审批人')).toBe(false);
    expect(isNewNodeTitle('empty', '')).toBe(false);
  });
});

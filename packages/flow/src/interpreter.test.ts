import type { FlowNode } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { evaluateConditions } from './conditions';
import { createFlowState, timerMillis, transition } from './interpreter';
import { createOrgDirectory, departmentHead } from './org';
import { approver, chain, Driver, sampleOrg, T0, template } from './testkit';
import type { FlowAction } from './types';

const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const H = 3_600_000;

function gateway(
  kind: 'condition' | 'interflow' | 'branch',
  branches: FlowNode[],
  after: FlowNode | null = null,
): FlowNode {
  return {
    nodeId: `g_${branches[0].nodeId}`,
    type: 'empty',
    properties: {},
    conditionType: kind,
    conditionNodes: branches,
    childNode: after,
  };
}
function branch(
  nodeId: string,
  kind: 'condition' | 'interflow' | 'branch',
  props: FlowNode['properties'],
  child: FlowNode | null,
): FlowNode {
  return { nodeId, type: kind, properties: props, childNode: child };
}
const ap = (nodeId: string, props: FlowNode['properties'], child: FlowNode | null = null): FlowNode => ({
  ...approver(nodeId, props),
  childNode: child,
});
const root = (child: FlowNode | null, props: FlowNode['properties'] = {}): FlowNode => ({
  nodeId: 'start',
  type: 'start',
  properties: props,
  childNode: child,
});

describe('conditions', () => {
  const org = sampleOrg();
  const s = (formData: Record<string, unknown>) => ({ formData, initiatorId: 'alice', org });
  const one = (item: object) => [{ items: [item as never] }];
  it('number operators and between', () => {
    expect(
      evaluateConditions(one({ fieldType: 'form', field: 'n', operator: '>=', value: 3 }), s({ n: 3 })),
    ).toBe(true);
    expect(
      evaluateConditions(one({ fieldType: 'form', field: 'n', operator: '<', value: 3 }), s({ n: '2.5' })),
    ).toBe(true);
    expect(
      evaluateConditions(one({ fieldType: 'form', field: 'n', operator: '!=', value: 3 }), s({ n: 3 })),
    ).toBe(false);
    expect(
      evaluateConditions(
        one({ fieldType: 'form', field: 'n', operator: 'between', value: 1, value2: 5 }),
        s({ n: 5 }),
      ),
    ).toBe(true);
    expect(evaluateConditions(one({ fieldType: 'form', field: 'n', operator: '>', value: 1 }), s({}))).toBe(
      false,
    );
  });
  it('dates, text and lists', () => {
    const d = { fieldType: 'form', field: 'd', valueType: 'date', operator: '>', value: '2026-01-01' };
    expect(evaluateConditions(one(d), s({ d: '2026-02-01' }))).toBe(true);
    expect(
      evaluateConditions(
        one({ fieldType: 'form', field: 't', operator: 'contains', value: '病' }),
        s({ t: '看病' }),
      ),
    ).toBe(true);
    expect(
      evaluateConditions(
        one({ fieldType: 'form', field: 't', operator: 'startsWith', value: 'x' }),
        s({ t: 'ab' }),
      ),
    ).toBe(false);
    expect(
      evaluateConditions(
        one({ fieldType: 'form', field: 'l', operator: 'includesAll', value: ['a', 'b'] }),
        s({ l: ['b', 'a', 'c'] }),
      ),
    ).toBe(true);
    expect(
      evaluateConditions(
        one({ fieldType: 'form', field: 'l', operator: 'notIn', value: ['z'] }),
        s({ l: 'a' }),
      ),
    ).toBe(true);
  });
  it('initiator, department (with ancestors), position, role', () => {
    expect(evaluateConditions(one({ fieldType: 'initiator', operator: 'in', value: ['alice'] }), s({}))).toBe(
      true,
    );
    expect(evaluateConditions(one({ fieldType: 'department', operator: 'in', value: ['d0'] }), s({}))).toBe(
      true,
    );
    expect(
      evaluateConditions(one({ fieldType: 'position', operator: 'includesAny', value: ['clerk'] }), s({})),
    ).toBe(true);
    expect(evaluateConditions(one({ fieldType: 'role', operator: 'in', value: ['finance'] }), s({}))).toBe(
      false,
    );
  });
  it('and/or groups (items default and, groups default or)', () => {
    const t = { fieldType: 'form', field: 'n', operator: '>', value: 0 };
    const f = { fieldType: 'form', field: 'n', operator: '<', value: 0 };
    expect(evaluateConditions([{ items: [t, f] as never }], s({ n: 1 }))).toBe(false);
    expect(evaluateConditions([{ logic: 'or', items: [t, f] as never }], s({ n: 1 }))).toBe(true);
    expect(evaluateConditions([{ items: [f] as never }, { items: [t] as never }], s({ n: 1 }))).toBe(true);
    expect(evaluateConditions([{ items: [f] as never }, { items: [t] as never }], s({ n: 1 }), 'and')).toBe(
      false,
    );
    expect(evaluateConditions([], s({ n: 1 }))).toBe(false);
  });
});

describe('routing', () => {
  const cond = (n: number) => [
    { items: [{ fieldType: 'form' as const, field: 'n', operator: '>' as const, value: n }] },
  ];
  const tpl = template(
    root(
      gateway(
        'condition',
        [
          branch('c1', 'condition', { priority: 1, conditions: cond(10) }, ap('big', { approvers: ['bob'] })),
          branch('c2', 'condition', { priority: 2, conditions: cond(5) }, ap('mid', { approvers: ['bob'] })),
          branch('c3', 'condition', { priority: 3, isDefault: true }, ap('small', { approvers: ['bob'] })),
        ],
        ap('after', { approvers: ['gm'] }),
      ),
    ),
  );
  it('takes the first matching branch by priority, else the default, then continues after the point', () => {
    for (const [n, node] of [
      [20, 'big'],
      [7, 'mid'],
      [1, 'small'],
    ] as const) {
      const d = new Driver(tpl);
      d.do({ type: 'submit', userId: 'alice', formData: { n } });
      expect(d.pending().map((t) => t.nodeId)).toEqual([node]);
      d.approve('bob');
      expect(d.pending().map((t) => t.nodeId)).toEqual(['after']);
    }
  });
  it('routes on the derived form (deriveForm), not on the value the client sent', () => {
    // n is computed from price × qty; the client claims n = 99
    const deriveForm = (f: Record<string, unknown>) => ({ ...f, n: Number(f.price) * Number(f.qty) });
    const d = new Driver(tpl, { deriveForm });
    d.do({ type: 'submit', userId: 'alice', formData: { price: 3, qty: 2, n: 99 } });
    expect(d.pending().map((t) => t.nodeId)).toEqual(['mid']);
    expect(d.state.formData).toMatchObject({ n: 6 });
    // without the hook the sent value decides (the server always passes one)
    const raw = new Driver(tpl);
    raw.do({ type: 'submit', userId: 'alice', formData: { price: 3, qty: 2, n: 99 } });
    expect(raw.pending().map((t) => t.nodeId)).toEqual(['big']);
  });
  it('priority order, not array order, decides', () => {
    const swapped = structuredClone(tpl);
    const g = swapped.tree.childNode as FlowNode;
    g.conditionNodes = [g.conditionNodes?.[1], g.conditionNodes?.[0], g.conditionNodes?.[2]] as FlowNode[];
    const d = new Driver(swapped);
    d.do({ type: 'submit', userId: 'alice', formData: { n: 20 } });
    expect(d.pending()[0].nodeId).toBe('big');
  });
  it('no matching branch and no default is a typed error', () => {
    const noDefault = template(
      root(
        gateway('condition', [
          branch('c1', 'condition', { conditions: cond(10) }, null),
          branch('c2', 'condition', { conditions: cond(10) }, null),
        ]),
      ),
    );
    const r = transition(
      createFlowState(),
      { type: 'submit', userId: 'alice', formData: { n: 1 } },
      new Driver(noDefault).ctx,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'NO_BRANCH', message: '没有满足条件的分支' } });
  });
  it('an inclusive point runs every matching branch in parallel and joins them', () => {
    const t = template(
      root(
        gateway(
          'branch',
          [
            branch('b1', 'branch', { conditions: cond(1) }, ap('x', { approvers: ['bob'] })),
            branch('b2', 'branch', { conditions: cond(2) }, ap('y', { approvers: ['gm'] })),
            branch('b3', 'branch', { isDefault: true }, ap('z', { approvers: ['ceo'] })),
          ],
          ap('end', { approvers: ['fin1'] }),
        ),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice', formData: { n: 5 } });
    expect(d.pending().map((x) => x.nodeId)).toEqual(['x', 'y']);
    d.approve('bob');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['y']);
    d.approve('gm');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['end']);
  });
  it('nested parallel points join inside out; empty branches arrive at once', () => {
    const inner = gateway('interflow', [
      branch('i1', 'interflow', {}, ap('p', { approvers: ['bob'] })),
      branch('i2', 'interflow', {}, null),
    ]);
    const t = template(
      root(
        gateway(
          'interflow',
          [
            branch('o1', 'interflow', {}, inner),
            branch('o2', 'interflow', {}, ap('q', { approvers: ['gm'] })),
          ],
          ap('end', { approvers: ['ceo'] }),
        ),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((x) => x.nodeId)).toEqual(['p', 'q']);
    d.approve('gm');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['p']);
    d.approve('bob');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['end']);
    d.approve('ceo');
    expect(d.state.status).toBe(2);
  });
});

describe('pass-through nodes', () => {
  it('empty and auto pass, copy ccs (users, positions, roles, menbers), timer waits for its deadline', () => {
    const t = template(
      chain(
        { nodeId: 'e', type: 'empty', properties: {} },
        { nodeId: 'au', type: 'auto', properties: { title: '自动' } },
        {
          nodeId: 'cp',
          type: 'copy',
          properties: { approvers: ['bob'], approverRole: ['finance'], menbers: ['gm'] },
        },
        { nodeId: 'tm', type: 'timer', properties: { day: 0.5, hour: 1, minute: 30, second: 0 } },
        approver('a', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    const eff = d.do({ type: 'submit', userId: 'alice' });
    expect(eff).toContainEqual({ type: 'cc', nodeId: 'cp', userIds: ['bob', 'fin1', 'fin2', 'gm'] });
    expect(d.statuses()).toEqual([2, 1]);
    expect(d.state.current).toEqual(['tm']);
    const due = at(13.5 * H);
    expect(d.state.deadlines).toEqual([{ id: 'timer:tm', nodeId: 'tm', kind: 'timer', at: due }]);
    expect(d.try({ type: 'timerFired', userId: 'system', nodeId: 'tm' }, at(H)).ok).toBe(false);
    expect(d.try({ type: 'timerFired', userId: 'system', nodeId: 'tm' }, at(H))).toMatchObject({
      error: { code: 'TIMER_NOT_DUE' },
    });
    d.do({ type: 'timerFired', userId: 'system', nodeId: 'tm' }, due);
    expect(d.state.deadlines).toEqual([]);
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
  it('timer milliseconds with defaults 0', () => {
    expect(timerMillis({})).toBe(0);
    expect(timerMillis({ day: 1, second: 1.5 })).toBe(24 * H + 1500);
  });
  it('a sync subflow waits for its children; an async one does not', () => {
    const sync = template(
      chain(
        {
          nodeId: 's',
          type: 'subFlow',
          properties: { flowId: 'child', initiateType: 6, initiator: ['bob'], initiateRole: ['finance'] },
        },
        approver('a', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(sync);
    const eff = d.do({ type: 'submit', userId: 'alice' });
    expect(eff).toContainEqual({
      type: 'startSubflow',
      nodeId: 's',
      flowId: 'child',
      initiators: ['bob', 'fin1', 'fin2'],
      async: false,
    });
    expect(d.state.current).toEqual(['s']);
    d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's' });
    d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's' });
    expect(d.pending()).toEqual([]);
    d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's' });
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
    expect(d.try({ type: 'subflowFinished', userId: 'system', nodeId: 's' })).toMatchObject({
      ok: false,
      error: { code: 'NO_SUCH_WAIT' },
    });

    const async = template(
      chain(
        { nodeId: 's', type: 'subFlow', properties: { flowId: 'child', isAsync: true } },
        approver('a', { approvers: ['ceo'] }),
      ),
    );
    const d2 = new Driver(async);
    const eff2 = d2.do({ type: 'submit', userId: 'alice' });
    expect(eff2).toContainEqual({
      type: 'startSubflow',
      nodeId: 's',
      flowId: 'child',
      initiators: ['alice'],
      async: true,
    });
    expect(d2.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
  it("subflowFinished reads the child's status: 2 counts, 3 is no end, 5 and 4 send the parent back", () => {
    const t = template(
      chain(
        {
          nodeId: 's',
          type: 'subFlow',
          properties: { flowId: 'child', initiateType: 6, initiator: ['bob', 'gm'] },
        },
        approver('a', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'subflowFinished', userId: 'system', nodeId: 's', childStatus: 3 })).toMatchObject({
      ok: false,
      error: { code: 'SUBFLOW_NOT_FINISHED', nodeId: 's' },
    });
    expect(d.try({ type: 'subflowFinished', userId: 'system', nodeId: 's', childStatus: 1 })).toMatchObject({
      ok: false,
      error: { code: 'SUBFLOW_NOT_FINISHED' },
    });
    d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's', childStatus: 2 });
    expect(d.state.status).toBe(1);
    const eff = d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's', childStatus: 5 });
    expect(d.state.status).toBe(3);
    expect(d.state.current).toEqual([]);
    expect(d.pending()).toEqual([]);
    expect(eff).toContainEqual({ type: 'flowFinished', status: 3 });
    expect(d.state.records.at(-1)).toMatchObject({
      nodeId: 's',
      handleStatus: 0,
      handleOpinion: '子流程未通过',
    });
    // the initiator resubmits: the subflow node starts its children again
    const again = d.do({ type: 'submit', userId: 'alice' });
    expect(again.some((e) => e.type === 'startSubflow')).toBe(true);
    d.do({ type: 'subflowFinished', userId: 'system', nodeId: 's', childStatus: 4 });
    expect(d.state.status).toBe(3);
  });
});

describe('approver resolution', () => {
  it('department head N levels up skips levels without a head and never picks the user', () => {
    const org = sampleOrg();
    expect(departmentHead(org, 'alice', 1)).toBe('head1');
    expect(departmentHead(org, 'alice', 2)).toBe('ceo');
    expect(departmentHead(org, 'alice', 9)).toBe('ceo');
    expect(departmentHead(org, 'head1', 1)).toBe('ceo');
    expect(departmentHead(org, 'ceo', 1)).toBeUndefined();
  });
  it('by type: users, positions, roles, initiator, head, form field', () => {
    const cases: [FlowNode['properties'], Record<string, unknown>, string[]][] = [
      [{ approvers: ['bob', 'gm'] }, {}, ['bob', 'gm']],
      [{ approverPos: ['general-manager'] }, {}, ['ceo', 'gm']],
      [{ approverRole: ['finance'] }, {}, ['fin1', 'fin2']],
      [{ assigneeType: 6, initiatorLevel: 0 }, {}, ['alice']],
      [{ assigneeType: 6, initiatorLevel: 2 }, {}, ['ceo']],
      [{ assigneeType: 7, dynamicType: 'formField', formField: 'who' }, { who: 'bob,gm' }, ['bob', 'gm']],
      [{ assigneeType: 7, dynamicType: 'formField', formField: 'who' }, { who: ['fin1'] }, ['fin1']],
    ];
    for (const [props, formData, users] of cases) {
      const d = new Driver(template(chain(approver('a', { counterSign: 'and', ...props }))));
      d.do({ type: 'submit', userId: 'alice', formData });
      expect(d.pending().map((t) => t.userId)).toEqual(users);
    }
  });
  it("approverScope 'initiator': position and role members only from the initiator's own company", () => {
    // group g > companies c1, c2 > departments; an accountant (position acc / role fin) in each company
    const org = createOrgDirectory({
      users: [
        { id: 'emp1', departmentId: 'c1d1' },
        { id: 'emp2', departmentId: 'c2d1' },
        { id: 'acc1', departmentId: 'c1fin', positionIds: ['acc'], roleIds: ['fin'] },
        { id: 'acc2', departmentId: 'c2fin', positionIds: ['acc'], roleIds: ['fin'] },
        { id: 'accG', departmentId: 'g', positionIds: ['acc'], roleIds: ['fin'] },
      ],
      departments: [
        { id: 'g', parentId: null, isCompany: true },
        { id: 'c1', parentId: 'g', isCompany: true },
        { id: 'c2', parentId: 'g', isCompany: true },
        { id: 'c1d1', parentId: 'c1' },
        { id: 'c1fin', parentId: 'c1' },
        { id: 'c2d1', parentId: 'c2' },
        { id: 'c2fin', parentId: 'c2' },
      ],
    });
    const run = (props: FlowNode['properties'], who: string) => {
      const d = new Driver(template(chain(approver('a', { counterSign: 'or', ...props }))), { org });
      d.do({ type: 'submit', userId: who });
      return d.pending().map((t) => t.userId);
    };
    expect(run({ approverPos: ['acc'] }, 'emp1')).toEqual(['acc1', 'acc2', 'accG']);
    expect(run({ approverPos: ['acc'], approverScope: 'initiator' }, 'emp1')).toEqual(['acc1']);
    expect(run({ approverRole: ['fin'], approverScope: 'initiator' }, 'emp2')).toEqual(['acc2']);
    expect(run({ approverRole: ['fin'], approverScope: 'initiator', approvers: ['emp1'] }, 'emp2')).toEqual([
      'emp1',
      'acc2',
    ]);
    // a group member sees the whole group; without companies the topmost unit is the organisation
    expect(run({ approverPos: ['acc'], approverScope: 'initiator' }, 'accG')).toEqual([
      'acc1',
      'acc2',
      'accG',
    ]);
    const d = new Driver(
      template(chain(approver('a', { approverRole: ['finance'], approverScope: 'initiator' }))),
    );
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((t) => t.userId)).toEqual(['fin1', 'fin2']);
  });
  it('candidates chosen at submit (userOptional or assigneeType 7 candidate); missing ones refuse with 审批人不能为空', () => {
    const t = template(
      chain(
        approver('a', { approverRole: ['finance'], userOptional: true }),
        approver('b', { assigneeType: 7, dynamicType: 'candidate' }),
      ),
    );
    const d = new Driver(t);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      ok: false,
      error: { code: 'CANDIDATE_REQUIRED', message: '审批人不能为空', nodeId: 'a' },
    });
    d.do({ type: 'submit', userId: 'alice', candidates: { a: ['fin2'] } });
    expect(d.pending().map((x) => x.userId)).toEqual(['fin2']);
    expect(d.try({ type: 'audit', userId: 'fin2', taskId: d.taskOf('fin2').id })).toMatchObject({
      error: { code: 'CANDIDATE_REQUIRED', nodeId: 'b' },
    });
    d.approve('fin2', { candidates: { b: ['gm'] } });
    expect(d.pending().map((x) => x.userId)).toEqual(['gm']);
  });
  it('a free approver is added by the previous approver; none chosen ends the node', () => {
    const t = template(
      chain(
        approver('a', { approvers: ['bob'] }),
        approver('free', { assigneeType: 7, dynamicType: 'free' }),
        approver('z', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob', { freeApproverUserId: 'gm' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['free', 'gm']]);
    const d2 = new Driver(t);
    d2.do({ type: 'submit', userId: 'alice' });
    d2.approve('bob');
    expect(d2.pending().map((x) => x.nodeId)).toEqual(['z']);
  });
  it('approvers are resolved again when a node is re-entered after a return', () => {
    const t = template(
      chain(
        approver('a', { assigneeType: 7, dynamicType: 'formField', formField: 'who' }),
        approver('b', { approvers: ['ceo'], rejectTarget: 'previous' }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice', formData: { who: 'bob' } });
    d.approve('bob', { formData: { who: 'gm' } });
    d.reject('ceo');
    expect(d.state.status).toBe(1);
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'gm']]);
  });
});

describe('empty approver sets', () => {
  const t = (rule?: 'pass' | 'admin' | 'refuse') =>
    template(
      chain(
        approver('a', { approverRole: ['nobody'], ...(rule ? { emptyApprover: rule } : {}) }),
        approver('b', { approvers: ['ceo'] }),
      ),
    );
  it('default and pass: auto-approved (recorded), the flow goes on', () => {
    for (const rule of [undefined, 'pass'] as const) {
      const d = new Driver(t(rule));
      d.do({ type: 'submit', userId: 'alice' });
      expect(d.state.records.map((r) => [r.nodeId, r.handleStatus, r.handleOpinion])).toContainEqual([
        'a',
        1,
        '系统自动审批通过',
      ]);
      expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
    }
  });
  it('admin: handed to the flow administrators', () => {
    const d = new Driver(t('admin'));
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'admin']]);
  });
  it('refuse: the action that would enter the node is refused', () => {
    const d = new Driver(t('refuse'));
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      ok: false,
      error: { code: 'NO_APPROVER', nodeId: 'a' },
    });
    expect(d.state.status).toBe(0);
  });
});

describe('auto-agree', () => {
  it('the initiator as approver, when the template says so', () => {
    const tree = chain(
      approver('a', { assigneeType: 6, initiatorLevel: 0 }),
      approver('b', { approvers: ['ceo'] }),
    );
    const on = new Driver(template(tree, { autoAgreeInitiator: true }));
    on.do({ type: 'submit', userId: 'alice' });
    expect(on.pending().map((x) => x.nodeId)).toEqual(['b']);
    const off = new Driver(template(tree));
    off.do({ type: 'submit', userId: 'alice' });
    expect(off.pending().map((x) => x.nodeId)).toEqual(['a']);
  });
  it('an approver who already approved earlier in this flow', () => {
    const tree = chain(
      approver('a', { approvers: ['bob'] }),
      approver('b', { approvers: ['bob', 'gm'], counterSign: 'and' }),
    );
    const d = new Driver(template(tree, { autoAgreeApproved: true }));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    expect(d.pending().map((x) => x.userId)).toEqual(['gm']);
    d.approve('gm');
    expect(d.state.status).toBe(2);
  });
});

describe('countersign', () => {
  const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
  const t = (props: FlowNode['properties']) =>
    template(chain(approver('a', { approvers: users, ...props }), approver('z', { approvers: ['ceo'] })));
  it('or-sign: the first approval passes the node and closes the others', () => {
    const d = new Driver(t({ counterSign: 'or' }));
    d.do({ type: 'submit', userId: 'alice' });
    const eff = d.approve('u3');
    expect(eff.filter((e) => e.type === 'closeTask' && e.status === 'closed')).toHaveLength(4);
    expect(d.pending().map((x) => x.nodeId)).toEqual(['z']);
  });
  it('and-sign: every approver must approve; one reject rejects', () => {
    const d = new Driver(t({ counterSign: 'and' }));
    d.do({ type: 'submit', userId: 'alice' });
    for (const u of users.slice(0, 4)) {
      d.approve(u);
      expect(d.state.current).toEqual(['a']);
    }
    d.approve('u5');
    expect(d.state.current).toEqual(['z']);
    const d2 = new Driver(t({ counterSign: 'and' }));
    d2.do({ type: 'submit', userId: 'alice' });
    d2.approve('u1');
    d2.reject('u2');
    expect(d2.state.status).toBe(3);
  });
  it('ratio 0.6 of 5: passes at 3 approvals, fails at 3 rejections (> 5 - 3)', () => {
    const d = new Driver(t({ counterSign: 'ratio', counterRatio: 0.6 }));
    d.do({ type: 'submit', userId: 'alice' });
    d.reject('u1');
    d.approve('u2');
    d.reject('u3');
    d.approve('u4');
    expect(d.state.current).toEqual(['a']);
    d.approve('u5');
    expect(d.state.current).toEqual(['z']);
    const f = new Driver(t({ counterSign: 'ratio', counterRatio: 0.6 }));
    f.do({ type: 'submit', userId: 'alice' });
    f.reject('u1');
    f.reject('u2');
    expect(f.state.status).toBe(1);
    f.reject('u3');
    expect(f.state.status).toBe(3);
  });
  it('ratio rounds the threshold up: 0.5 of 5 needs 3', () => {
    const d = new Driver(t({ counterSign: 'ratio', counterRatio: 0.5 }));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('u1');
    d.approve('u2');
    expect(d.state.current).toEqual(['a']);
    d.approve('u3');
    expect(d.state.current).toEqual(['z']);
  });
  it('sequential: one task at a time, in order', () => {
    const d = new Driver(t({ counterSign: 'sequential' }));
    d.do({ type: 'submit', userId: 'alice' });
    for (const u of users) {
      expect(d.pending().map((x) => x.userId)).toEqual([u]);
      d.approve(u);
    }
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
});

describe('reject targets and resubmit', () => {
  const tree = (rejectTarget: 'start' | 'previous' | 'choose') =>
    chain(
      approver('a', { approvers: ['bob'] }),
      approver('b', { approvers: ['gm'] }),
      approver('c', { approvers: ['ceo'], rejectTarget }),
    );
  it('requires an opinion', () => {
    const d = new Driver(template(tree('start')));
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'reject', userId: 'bob', taskId: d.taskOf('bob').id, opinion: ' ' })).toMatchObject({
      ok: false,
      error: { code: 'OPINION_REQUIRED', message: '请输入审批意见！' },
    });
  });
  it('to the previous node', () => {
    const d = new Driver(template(tree('previous')));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.approve('gm');
    d.reject('ceo');
    expect(d.state.status).toBe(1);
    expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
  });
  it('to a chosen node that was passed; an unknown one is refused', () => {
    const d = new Driver(template(tree('choose')));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.approve('gm');
    expect(
      d.try({ type: 'reject', userId: 'ceo', taskId: d.taskOf('ceo').id, opinion: 'x', rejectTo: 'zzz' }),
    ).toMatchObject({
      error: { code: 'INVALID_REJECT_TARGET' },
    });
    d.reject('ceo', 'x', 'a');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['a']);
  });
  it('to the start, then resubmit: restart re-approves everything; jumpBack returns to the rejecting node', () => {
    const restart = new Driver(template(tree('start')));
    restart.do({ type: 'submit', userId: 'alice' });
    restart.approve('bob');
    restart.approve('gm');
    restart.reject('ceo');
    expect(restart.state.status).toBe(3);
    expect(restart.try({ type: 'submit', userId: 'bob' })).toMatchObject({
      error: { code: 'NOT_INITIATOR' },
    });
    restart.do({ type: 'submit', userId: 'alice' });
    expect(restart.pending().map((x) => x.nodeId)).toEqual(['a']);
    const jump = new Driver(template(tree('start'), { resubmitMode: 'jumpBack' }));
    jump.do({ type: 'submit', userId: 'alice' });
    jump.approve('bob');
    jump.approve('gm');
    jump.reject('ceo');
    jump.do({ type: 'submit', userId: 'alice' });
    expect(jump.pending().map((x) => x.nodeId)).toEqual(['c']);
    jump.approve('ceo');
    expect(jump.state.status).toBe(2);
  });
  it('jumpBack into a parallel branch only waits for that branch', () => {
    const t = template(
      root(
        gateway(
          'interflow',
          [
            branch('p1', 'interflow', {}, ap('x', { approvers: ['bob'] })),
            branch('p2', 'interflow', {}, ap('y', { approvers: ['gm'] })),
          ],
          ap('end', { approvers: ['ceo'] }),
        ),
      ),
      { resubmitMode: 'jumpBack' },
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.reject('gm');
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((x) => x.nodeId)).toEqual(['y']);
    d.approve('gm');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['end']);
  });
});

describe('handler actions', () => {
  const t = template(
    chain(
      approver('a', { approvers: ['bob', 'gm'], counterSign: 'and' }),
      approver('b', { approvers: ['ceo'] }),
    ),
  );
  const started = () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    return d;
  };
  it('transfer hands the task over (record 7)', () => {
    const d = started();
    d.do({ type: 'transfer', userId: 'bob', taskId: d.taskOf('bob').id, toUserId: 'fin1' });
    expect(
      d
        .pending()
        .map((x) => x.userId)
        .sort(),
    ).toEqual(['fin1', 'gm']);
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 7, userId: 'bob', targetUserIds: ['fin1'] });
    expect(d.try({ type: 'transfer', userId: 'gm', taskId: d.taskOf('gm').id })).toMatchObject({
      error: { code: 'ASSIGN_USER_REQUIRED' },
    });
    expect(
      d.try({ type: 'transfer', userId: 'gm', taskId: d.taskOf('gm').id, toUserId: 'fin1' }),
    ).toMatchObject({
      error: { code: 'INVALID_ACTION' },
    });
  });
  it('transfer, assign and add signer refuse a target user who does not exist', () => {
    const d = started();
    const before = d.state;
    expect(
      d.try({ type: 'transfer', userId: 'bob', taskId: d.taskOf('bob').id, toUserId: 'ghost' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_FOUND', message: '用户不存在: ghost' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', nodeId: 'a', toUserId: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_FOUND' },
    });
    expect(
      d.try({
        type: 'addSigner',
        userId: 'bob',
        taskId: d.taskOf('bob').id,
        signerIds: ['fin1', 'ghost'],
        position: 'before',
      }),
    ).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    expect(d.state).toBe(before);
  });
  it('assign by a manager replaces the node’s approvers (record 5); checks node and user', () => {
    const d = started();
    expect(d.try({ type: 'assign', userId: 'bob', nodeId: 'a', toUserId: 'fin1' })).toMatchObject({
      error: { code: 'NOT_MANAGER' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', toUserId: 'fin1' })).toMatchObject({
      error: { message: '请选择指派节点' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', nodeId: 'a' })).toMatchObject({
      error: { message: '请选择指派给谁' },
    });
    d.do({ type: 'assign', userId: 'admin', nodeId: 'a', toUserId: 'fin1' });
    expect(d.pending().map((x) => x.userId)).toEqual(['fin1']);
    expect(d.state.records.at(-1)?.handleStatus).toBe(5);
    d.approve('fin1');
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
  it('add signer before: the handler waits for the signers, then decides', () => {
    const d = started();
    const bobTask = d.taskOf('bob');
    d.do({ type: 'addSigner', userId: 'bob', taskId: bobTask.id, signerIds: ['fin1'], position: 'before' });
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 6, targetUserIds: ['fin1'] });
    expect(d.try({ type: 'audit', userId: 'bob', taskId: bobTask.id })).toMatchObject({
      error: { code: 'TASK_BLOCKED' },
    });
    d.approve('fin1');
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 1, status: 1 });
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('bob');
    expect(d.state.current).toEqual(['b']);
  });
  it('a transferred task keeps its before-signers: the new handler still waits for them, then decides', () => {
    const d = started();
    const bobTask = d.taskOf('bob');
    d.do({ type: 'addSigner', userId: 'bob', taskId: bobTask.id, signerIds: ['fin1'], position: 'before' });
    d.do({ type: 'transfer', userId: 'bob', taskId: bobTask.id, toUserId: 'u9' });
    expect(d.try({ type: 'audit', userId: 'u9', taskId: d.taskOf('u9').id })).toMatchObject({
      error: { code: 'TASK_BLOCKED' },
    });
    d.approve('fin1');
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('u9');
    expect(d.state.current).toEqual(['b']);
  });
  it('add signer after: the approval counts once the signers have acted; a signer reject rejects', () => {
    const d = started();
    d.do({
      type: 'addSigner',
      userId: 'bob',
      taskId: d.taskOf('bob').id,
      signerIds: ['fin1'],
      position: 'after',
    });
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('fin1');
    expect(d.state.current).toEqual(['b']);
    const d2 = started();
    d2.do({
      type: 'addSigner',
      userId: 'bob',
      taskId: d2.taskOf('bob').id,
      signerIds: ['fin1'],
      position: 'after',
    });
    d2.reject('fin1');
    expect(d2.state.status).toBe(3);
  });
  it('recall: allowed while nothing has happened since; refused once the next node acted', () => {
    const d = new Driver(
      template(
        chain(
          approver('a', { approvers: ['bob'] }),
          approver('b', { approvers: ['gm', 'ceo'], counterSign: 'and' }),
          approver('c', { approvers: ['fin1'] }),
        ),
      ),
    );
    d.do({ type: 'submit', userId: 'alice' });
    const bobTask = d.taskOf('bob');
    d.approve('bob');
    expect(d.try({ type: 'recall', userId: 'bob', taskId: bobTask.id })).toMatchObject({
      error: { message: '输入不能为空' },
    });
    d.do({ type: 'recall', userId: 'bob', taskId: bobTask.id, reason: '写错了' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'bob']]);
    expect(d.state.current).toEqual(['a']);
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 3, handleOpinion: '写错了' });
    const again = d.taskOf('bob');
    d.approve('bob');
    d.approve('gm');
    expect(d.try({ type: 'recall', userId: 'bob', taskId: again.id, reason: 'x' })).toMatchObject({
      error: { code: 'RECALL_NOT_ALLOWED' },
    });
  });
  it('a handler cannot change fields their node marks non-writable', () => {
    const ro = template(
      chain(
        approver('a', {
          approvers: ['bob'],
          formOperates: [
            { id: 'days', read: true, write: false },
            { id: 'note', read: true, write: true },
          ],
        }),
      ),
    );
    const d = new Driver(ro);
    d.do({ type: 'submit', userId: 'alice', formData: { days: 2 } });
    d.do({
      type: 'save',
      userId: 'bob',
      taskId: d.taskOf('bob').id,
      formData: { days: 9, note: 'n', other: 1 },
    });
    expect(d.state.formData).toEqual({ days: 2, note: 'n', other: 1 });
  });
  it('save keeps form data without acting', () => {
    const d = started();
    d.do({ type: 'save', userId: 'bob', taskId: d.taskOf('bob').id, formData: { note: 'x' } });
    expect(d.state.formData).toEqual({ note: 'x' });
    expect(d.pending()).toHaveLength(2);
  });
});

describe('initiator and manager actions', () => {
  const t = template(chain(approver('a', { approvers: ['bob'] })));
  it('withdraw (status 4, record 3, reason required), then resubmit', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'withdraw', userId: 'alice' })).toMatchObject({
      error: { message: '输入不能为空' },
    });
    expect(d.try({ type: 'withdraw', userId: 'bob', reason: 'x' })).toMatchObject({
      error: { code: 'NOT_INITIATOR' },
    });
    d.do({ type: 'withdraw', userId: 'alice', reason: '不请了' });
    expect(d.state.status).toBe(4);
    expect(d.pending()).toEqual([]);
    expect(d.statuses()).toEqual([2, 3]);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.state.status).toBe(1);
  });
  it('press messages the pending approvers', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.do({ type: 'press', userId: 'alice' })).toEqual([
      { type: 'message', to: ['bob'], kind: 'press' },
    ]);
  });
  it('terminate by a manager: status 5, record 4; nothing after it', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'terminate', userId: 'alice' })).toMatchObject({ error: { code: 'NOT_MANAGER' } });
    d.do({ type: 'terminate', userId: 'admin' });
    expect(d.state.status).toBe(5);
    expect(d.statuses()).toEqual([2, 4]);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
  });
  it('revoke an adopted flow (final), refile by a manager, manager save', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice', status: 1, formData: { a: 1 } });
    expect(d.state.status).toBe(0);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    expect(d.state.status).toBe(2);
    d.do({ type: 'refile', userId: 'admin', formData: { a: 2 } });
    d.do({ type: 'submit', userId: 'admin', status: 2, formData: { b: 3 } });
    expect(d.state.formData).toEqual({ a: 2, b: 3 });
    d.do({ type: 'revoke', userId: 'alice', reason: '作废' });
    expect(d.state.status).toBe(4);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
  });
  it('only the named initiators may launch (empty lists: everyone)', () => {
    const restricted = template(root(ap('a', { approvers: ['bob'] }), { initiateRole: ['finance'] }));
    expect(new Driver(restricted).try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'NOT_ALLOWED_TO_INITIATE' },
    });
    expect(new Driver(restricted).try({ type: 'submit', userId: 'fin1' }).ok).toBe(true);
  });
});

describe('time limits and overdue reminders', () => {
  it('reminds every N hours and auto-approves after the given number of reminders', () => {
    const t = template(
      chain(
        approver('a', {
          approvers: ['bob'],
          timeLimit: { duration: 24, remindEvery: 2, autoApproveAfter: 2 },
        }),
        approver('b', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.state.deadlines).toEqual([{ id: 'overdue:a', nodeId: 'a', kind: 'overdue', at: at(24 * H) }]);
    expect(d.try({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(H))).toMatchObject({
      error: { code: 'TIMER_NOT_DUE' },
    });
    expect(d.do({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(24 * H))).toContainEqual({
      type: 'message',
      to: ['bob'],
      kind: 'overdue',
      nodeId: 'a',
    });
    expect(d.state.deadlines[0].at).toBe(at(26 * H));
    d.do({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(26 * H));
    expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
    expect(d.state.records.at(-1)).toMatchObject({
      nodeId: 'a',
      handleStatus: 1,
      handleOpinion: '系统自动审批通过',
    });
    expect(d.state.deadlines).toEqual([]);
  });
});

describe('illegal actions return typed errors', () => {
  const t = template(chain(approver('a', { approvers: ['bob'] })));
  it('acting before submit, on others’ tasks, twice, unknown actions, bad templates', () => {
    const d = new Driver(t);
    expect(d.try({ type: 'audit', userId: 'bob', taskId: 't1' })).toMatchObject({
      ok: false,
      error: { code: 'FLOW_NOT_RUNNING' },
    });
    d.do({ type: 'submit', userId: 'alice' });
    const task = d.taskOf('bob');
    expect(d.try({ type: 'audit', userId: 'gm', taskId: task.id })).toMatchObject({
      error: { code: 'TASK_NOT_YOURS' },
    });
    expect(d.try({ type: 'audit', userId: 'bob', taskId: 'nope' })).toMatchObject({
      error: { code: 'TASK_NOT_FOUND' },
    });
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
    expect(d.try({ type: 'fly', userId: 'bob' } as unknown as FlowAction)).toMatchObject({
      error: { code: 'INVALID_ACTION' },
    });
    expect(d.try(null as unknown as FlowAction)).toMatchObject({ error: { code: 'INVALID_ACTION' } });
    expect(
      transition(
        d.state,
        { type: 'press', userId: 'alice' },
        { ...d.ctx, template: { tree: null, properties: {} } as never },
      ),
    ).toMatchObject({
      error: { code: 'INVALID_TEMPLATE' },
    });
    d.approve('bob');
    expect(d.try({ type: 'audit', userId: 'bob', taskId: task.id })).toMatchObject({
      error: { code: 'FLOW_NOT_RUNNING' },
    });
  });
  it('never modifies the input state', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    const before = JSON.stringify(d.state);
    transition(d.state, { type: 'audit', userId: 'bob', taskId: d.taskOf('bob').id }, d.ctx);
    expect(JSON.stringify(d.state)).toBe(before);
  });
});

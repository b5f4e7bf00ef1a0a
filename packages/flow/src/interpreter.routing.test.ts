import type { FlowNode } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { evaluateConditions } from './conditions';
import { createFlowState, timerMillis, transition } from './interpreter';
import { ap, approver, at, branch, chain, Driver, gateway, H, root, sampleOrg, template } from './testkit';

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

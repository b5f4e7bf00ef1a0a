import type { FlowNode } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { createOrgDirectory } from '../org';
import { approver, sampleOrg, template } from '../testkit';
import { CaseError, diffOutcome, exportCase, parseCase, parseCases, verifyCases } from './cases';
import { orgFromSnapshot, snapshotOrg } from './org';
import { type SimChoice, type SimContext, simulate } from './run';

const H = 3_600_000;
const ap = (nodeId: string, props: FlowNode['properties'], child: FlowNode | null = null): FlowNode => ({
  ...approver(nodeId, props),
  childNode: child,
});
const cond = (nodeId: string, props: FlowNode['properties'], child: FlowNode | null): FlowNode => ({
  nodeId,
  type: 'condition',
  properties: props,
  childNode: child,
});
/** start -> [amount > 1000: finance (and-sign) | else: head1 (or)] -> gm (sequential with bob) -> cc u5 */
function design(threshold = 1000): FlowNode {
  return {
    nodeId: 'start',
    type: 'start',
    properties: {},
    childNode: {
      nodeId: 'gw',
      type: 'empty',
      properties: {},
      conditionType: 'condition',
      conditionNodes: [
        cond(
          'big',
          {
            title: '大额',
            priority: 1,
            conditions: [
              { items: [{ fieldType: 'form', field: 'amount', operator: '>', value: threshold }] },
            ],
          },
          ap('fin', { approverRole: ['finance'], counterSign: 'and' }),
        ),
        cond(
          'small',
          { title: '其他', priority: 2, isDefault: true },
          ap('lead', { assigneeType: 6, initiatorLevel: 1 }),
        ),
      ],
      childNode: ap(
        'final',
        { approvers: ['gm', 'bob'], counterSign: 'sequential' },
        { nodeId: 'cc', type: 'copy', properties: { title: '抄送', approvers: ['u5'] }, childNode: null },
      ),
    },
  };
}
const ctx = (tree: FlowNode): SimContext => ({
  template: template(tree),
  org: sampleOrg(),
  managers: ['admin'],
});
const approve = (nodeId: string, userId: string): SimChoice => ({ kind: 'approve', nodeId, userId });

describe('simulate', () => {
  it('takes the branch the sample data selects, explains why, and lists tasks, cc and the path', () => {
    const big = simulate(ctx(design()), {
      initiatorId: 'alice',
      formData: { amount: 5000 },
      choices: [
        approve('fin', 'fin1'),
        approve('fin', 'fin2'),
        approve('final', 'gm'),
        approve('final', 'bob'),
      ],
    });
    expect(big.error).toBeUndefined();
    expect(big.path).toEqual(['start', 'fin', 'final', 'cc']);
    expect(big.status).toBe(2);
    const why = big.steps[0].branches[0];
    expect(why.gatewayId).toBe('gw');
    expect(why.branches.map((b) => [b.branchId, b.holds, b.chosen])).toEqual([
      ['big', true, true],
      ['small', false, false],
    ]);
    expect(why.branches[0].items[0]).toMatchObject({
      field: 'amount',
      operator: '>',
      actual: 5000,
      holds: true,
    });
    // and-sign: both finance users get a task, the node waits for both
    expect(big.steps[0].tasks.map((t) => t.userId)).toEqual(['fin1', 'fin2']);
    expect(big.steps[1].active).toEqual(['fin']);
    // sequential: gm first, bob after gm approved
    expect(big.steps[2].tasks.map((t) => t.userId)).toEqual(['gm']);
    expect(big.steps[3].tasks.map((t) => t.userId)).toEqual(['bob']);
    expect(big.steps[4].cc).toEqual([{ nodeId: 'cc', userIds: ['u5'] }]);

    const small = simulate(ctx(design()), {
      initiatorId: 'alice',
      formData: { amount: 10 },
      choices: [approve('lead', 'head1'), approve('final', 'gm'), approve('final', 'bob')],
    });
    // the initiator's manager one level up: alice's d2 has no head, so d1's head1
    expect(small.steps[0].tasks).toEqual([{ nodeId: 'lead', userId: 'head1', kind: 'approver' }]);
    expect(small.path).toEqual(['start', 'lead', 'final', 'cc']);
    expect(small.steps[0].branches[0].branches.map((b) => b.chosen)).toEqual([false, true]);
  });

  it('an empty approver set refuses like production, and later choices are not applicable', () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: {},
      childNode: ap('x', { approverRole: ['nobody'], emptyApprover: 'refuse' }),
    };
    const r = simulate(ctx(tree), { initiatorId: 'alice', formData: {}, choices: [approve('x', 'bob')] });
    expect(r.steps[0].ok).toBe(false);
    expect(r.steps[0].error).toMatchObject({ code: 'NO_APPROVER', nodeId: 'x' });
    expect(r.error).toBe('NO_APPROVER');
    expect(r.steps[1].error?.code).toBe('CHOICE_NOT_APPLICABLE');
  });

  it('a choice no pending task matches is reported, not guessed', () => {
    const r = simulate(ctx(design()), {
      initiatorId: 'alice',
      formData: { amount: 1 },
      choices: [approve('fin', 'fin1')],
    });
    expect(r.steps[1].error?.code).toBe('CHOICE_NOT_APPLICABLE');
    expect(r.error).toBe('CHOICE_NOT_APPLICABLE');
  });

  it('ratio sign, reject to a chosen node, transfer and add-signer', () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: {},
      childNode: ap(
        'a',
        { approvers: ['bob'] },
        ap('r', {
          approvers: ['u1', 'u2', 'u3', 'u4'],
          counterSign: 'ratio',
          counterRatio: 0.5,
          rejectTarget: 'choose',
        }),
      ),
    };
    const r = simulate(ctx(tree), {
      initiatorId: 'alice',
      formData: {},
      choices: [
        approve('a', 'bob'),
        { kind: 'transfer', nodeId: 'r', userId: 'u1', toUserId: 'gm' },
        { kind: 'addSigner', nodeId: 'r', userId: 'u2', signerIds: ['ceo'], position: 'before' },
        approve('r', 'ceo'),
        approve('r', 'u2'),
        { kind: 'reject', nodeId: 'r', userId: 'u3' },
        { kind: 'reject', nodeId: 'r', userId: 'u4' },
        { kind: 'reject', nodeId: 'r', userId: 'gm', rejectTo: 'a' },
        approve('a', 'bob'),
      ],
    });
    expect(r.steps.map((s) => s.error?.code ?? 'ok')).toEqual(Array(10).fill('ok'));
    expect(r.steps[2].tasks).toEqual([{ nodeId: 'r', userId: 'gm', kind: 'approver' }]);
    expect(r.steps[3].tasks).toEqual([{ nodeId: 'r', userId: 'ceo', kind: 'signer' }]);
    // 4 approvers, ratio 0.5 (2 approvals needed): two rejections leave it reachable, the third does not
    expect(r.steps[7].active).toEqual(['r']);
    expect(r.steps[8].entered).toEqual(['a']);
    expect(r.steps[8].active).toEqual(['a']);
    expect(r.path).toEqual(['start', 'a', 'r', 'a', 'r']);
  });

  it('timers and SLA fast-forwarded on the simulated clock; subflows entered and returned', () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: {},
      childNode: {
        nodeId: 'wait',
        type: 'timer',
        properties: { title: '等待', hour: 2 },
        childNode: ap(
          'sla',
          { approvers: ['bob'], timeLimit: { duration: 1, remindEvery: 1, autoApproveAfter: 3 } },
          {
            nodeId: 'sub',
            type: 'subFlow',
            properties: { flowId: 'child', isAsync: false },
            childNode: null,
          },
        ),
      },
    };
    const r = simulate(ctx(tree), {
      initiatorId: 'alice',
      formData: {},
      choices: [
        { kind: 'advance', ms: H },
        { kind: 'advance', ms: H },
        { kind: 'advance', ms: 10 * H },
        { kind: 'subflowReturn', nodeId: 'sub' },
      ],
    });
    expect(r.error).toBeUndefined();
    expect(r.steps[1].fired).toEqual([]);
    expect(r.steps[1].active).toEqual(['wait']);
    expect(r.steps[2].fired.map((f) => f.kind)).toEqual(['timer']);
    expect(r.steps[2].entered).toEqual(['sla']);
    // reminders at +1h, +2h, +3h after entering; the third approves automatically
    expect(r.steps[3].fired.map((f) => [f.kind, f.at])).toEqual([
      ['overdue', '2026-01-05T11:00:00.000Z'],
      ['overdue', '2026-01-05T12:00:00.000Z'],
      ['overdue', '2026-01-05T13:00:00.000Z'],
    ]);
    expect(r.steps[3].subflows).toEqual([
      { nodeId: 'sub', flowId: 'child', initiators: ['alice'], async: false },
    ]);
    expect(r.steps[3].at).toBe('2026-01-05T20:00:00.000Z');
    expect(r.steps[4].status).toBe(2);
    expect(r.path).toEqual(['start', 'wait', 'sla', 'sub']);
  });
});

describe('cases', () => {
  const input = {
    initiatorId: 'alice',
    formData: { amount: 5000 },
    choices: [
      approve('fin', 'fin1'),
      approve('fin', 'fin2'),
      approve('final', 'gm'),
      approve('final', 'bob'),
    ],
  };
  it('an exported case re-runs green, and diverges with a readable diff when the condition changes', () => {
    const r = simulate(ctx(design()), input);
    const c = parseCase(JSON.parse(JSON.stringify(exportCase('大额报销', input, r))));
    expect(verifyCases(ctx(design()), [c])).toEqual([
      { name: '大额报销', ok: true, diff: [], actual: { path: r.path, status: 2 } },
    ]);
    const [v] = verifyCases(ctx(design(10_000)), [c]);
    expect(v.ok).toBe(false);
    expect(v.diff[0]).toBe('路径第 2 步：预期 fin，实际 lead');
    expect(v.diff.slice(1)).toEqual([
      '结束状态：预期 已通过，实际 审批中',
      '错误：预期 （无），实际 CHOICE_NOT_APPLICABLE',
    ]);
    const [en] = verifyCases(ctx(design(10_000)), [c], 'en');
    expect(en.diff[0]).toBe('path step 2: expected fin, got lead');
  });
  it('diff names node titles and the final status', () => {
    const tree = design();
    const d = diffOutcome(
      { path: ['start', 'cc'], status: 2 },
      { path: ['start', 'final'], status: 1 },
      template(tree),
      'zhtw',
    );
    expect(d).toEqual(['路徑第 2 步：預期 抄送 (cc)，實際 final', '結束狀態：預期 已通過，實際 審批中']);
  });
  it('hostile imports are refused naming the field', () => {
    const good = exportCase('x', input, simulate(ctx(design()), input));
    const bad = (patch: object, field: string) => {
      const v = { ...structuredClone(good), ...patch };
      expect(() => parseCase(v)).toThrow(CaseError);
      expect(() => parseCase(v)).toThrow(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}:`));
    };
    bad({ version: 2 }, 'case.version');
    bad({ name: '' }, 'case.name');
    bad({ choices: [{ kind: 'eval', code: 'x' }] }, 'case.choices[0].kind');
    bad({ choices: [{ kind: 'advance', ms: -1 }] }, 'case.choices[0].ms');
    bad({ choices: [{ kind: 'advance', ms: 1e300 }] }, 'case.choices[0].ms');
    bad({ choices: Array.from({ length: 501 }, () => ({ kind: 'advance', ms: 1 })) }, 'case.choices');
    bad({ formData: { big: 'x'.repeat(70_000) } }, 'case.formData');
    bad({ expected: { path: [], status: 9 } }, 'case.expected.status');
    bad({ expected: { path: [1], status: 2 } }, 'case.expected.path[0]');
    bad({ start: 'yesterday' }, 'case.start');
    expect(() => parseCases({})).toThrow(/^cases:/);
    expect(() => parseCases(Array.from({ length: 101 }, () => good))).toThrow(/^cases:/);
  });
  it('a runaway SLA stops fast-forwarding at the bound instead of hanging', () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: {},
      childNode: ap('sla', { approvers: ['bob'], timeLimit: { duration: 1, remindEvery: 1 } }),
    };
    const r = simulate(ctx(tree), {
      initiatorId: 'alice',
      formData: {},
      choices: [{ kind: 'advance', ms: 10 * 365 * 24 * H }],
    });
    expect(r.steps[1].error?.code).toBe('TOO_MANY_DEADLINES');
    expect(r.steps[1].fired).toHaveLength(500);
  });
});

describe('org snapshot', () => {
  it('answers what the directory it was taken from answers (membership from that resolver)', () => {
    const org = sampleOrg();
    const alias = {
      ...org,
      usersWithPosition: (id: string) => (id === 'boss' ? ['ceo', 'gm'] : org.usersWithPosition(id)),
    };
    const snap = snapshotOrg(
      alias,
      {
        users: ['alice', 'head1', 'ceo', 'gm', 'ghost'],
        departments: ['d0', 'd1', 'd2'],
        positions: ['boss', 'manager'],
        roles: ['finance', 'staff'],
      },
      ['admin'],
    );
    const back = orgFromSnapshot(JSON.parse(JSON.stringify(snap)));
    expect(back.user('ghost')).toBeUndefined();
    expect(back.usersWithPosition('boss')).toEqual(['ceo', 'gm']);
    expect(back.usersWithRole('finance')).toEqual(['fin1', 'fin2']);
    expect(back.usersWithRole('__proto__')).toEqual([]);
    expect(back.department('d2')).toEqual({ id: 'd2', parentId: 'd1', headId: null });
    expect(back.managers).toEqual(['admin']);
    void createOrgDirectory;
  });
});

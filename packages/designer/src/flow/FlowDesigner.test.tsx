import { validateFlow } from '@kp/flow';
import type { FlowNode } from '@kp/schema';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowDesigner, nodeStatesOf } from './FlowDesigner';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });

afterEach(cleanup);

/** Answers the deletion confirmation (确定删除该节点？) with OK. */
async function confirmDelete() {
  await screen.findAllByText('确定删除该节点？', {}, { timeout: 5000 });
  const ok = document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
  fireEvent.click(ok[ok.length - 1]!);
}

function lastTree(onChange: ReturnType<typeof vi.fn>): FlowNode {
  return onChange.mock.calls[onChange.mock.calls.length - 1]![0] as FlowNode;
}

describe('FlowDesigner', () => {
  it('draws start, + buttons and the end; builds a two-branch flow with the default branch last', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner onChange={onChange} />);
    expect(screen.getByTestId('node-start')).toBeTruthy();
    expect(screen.getByTestId('flow-end').textContent).toBe('流程结束');
    fireEvent.click(screen.getByTestId('add-after-start'));
    fireEvent.click(await screen.findByTestId('add-condition', {}, { timeout: 5000 }));
    const tree = lastTree(onChange);
    const gw = tree.childNode!;
    expect(gw.conditionNodes).toHaveLength(2);
    const [b1, b2] = gw.conditionNodes!;
    expect(screen.getByTestId(`priority-${b1!.nodeId}`).textContent).toBe('优先级1');
    expect(screen.getByTestId(`node-${b2!.nodeId}`).dataset.default).toBe('true');
    expect(within(screen.getByTestId(`node-${b2!.nodeId}`)).getByText('其他情况进入此流程')).toBeTruthy();
    // an approver in the first branch
    fireEvent.click(screen.getByTestId(`add-after-${b1!.nodeId}`));
    const addApprover = await screen.findAllByTestId('add-approver', {}, { timeout: 5000 });
    fireEvent.click(addApprover[addApprover.length - 1]!);
    const t2 = lastTree(onChange);
    const approver = t2.childNode!.conditionNodes![0]!.childNode!;
    expect(approver.type).toBe('approver');
    expect(approver.properties.assigneeType).toBe(1);
    // adding a branch puts it before the default one
    fireEvent.click(screen.getByTestId(`add-branch-${gw.nodeId}`));
    const t3 = lastTree(onChange);
    expect(t3.childNode!.conditionNodes!.map((b) => b.properties.isDefault)).toEqual([false, false, true]);
    expect(t3.childNode!.conditionNodes!.map((b) => b.properties.priority)).toEqual([1, 2, 3]);
  });

  it('verify mode marks invalid nodes with the reasons of validateFlow (approver without approvers)', async () => {
    const onVerify = vi.fn();
    render(<FlowDesigner onVerify={onVerify} />);
    fireEvent.click(screen.getByTestId('add-after-start'));
    fireEvent.click(await screen.findByTestId('add-approver', {}, { timeout: 5000 }));
    fireEvent.click(screen.getByTestId('flow-verify'));
    const issues = onVerify.mock.calls[0]![0] as Array<{ nodeId: string; message: string }>;
    const approverIssue = issues.find((i) => i.message === '请设置审批人')!;
    expect(approverIssue).toBeTruthy();
    const box = screen.getByTestId(`node-${approverIssue.nodeId}`);
    expect(box.className).toContain('kp-flow-node-invalid');
    expect(screen.getByTestId(`node-error-${approverIssue.nodeId}`).textContent).toContain('请设置审批人');
    expect(screen.getByTestId('node-error-start').textContent).toContain('请设置发起人');
  });

  it('the drawer opens for a node and edits its title', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner onChange={onChange} options={{ users: [{ value: 'u1', label: '张三' }] }} verify />);
    fireEvent.click(screen.getByTestId('add-after-start'));
    fireEvent.click(await screen.findByTestId('add-approver', {}, { timeout: 5000 }));
    const id = lastTree(onChange).childNode!.nodeId;
    expect(screen.getByTestId(`node-${id}`).className).toContain('kp-flow-node-invalid');
    fireEvent.click(within(screen.getByTestId(`node-${id}`)).getAllByRole('button')[0]!);
    expect(await screen.findByTestId('node-drawer', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId('node-title'), { target: { value: '经理审批' } });
    expect(lastTree(onChange).childNode!.properties.title).toBe('经理审批');
  });

  it('moves condition priority and collapses a two-branch point when a branch is deleted', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner onChange={onChange} />);
    fireEvent.click(screen.getByTestId('add-after-start'));
    fireEvent.click(await screen.findByTestId('add-condition', {}, { timeout: 5000 }));
    const gw = lastTree(onChange).childNode!;
    fireEvent.click(screen.getByTestId(`add-branch-${gw.nodeId}`));
    const [a, b] = lastTree(onChange).childNode!.conditionNodes!;
    fireEvent.click(screen.getByTestId(`move-down-${a!.nodeId}`));
    expect(
      lastTree(onChange)
        .childNode!.conditionNodes!.map((x) => x.nodeId)
        .slice(0, 2),
    ).toEqual([b!.nodeId, a!.nodeId]);
    fireEvent.click(screen.getByTestId(`node-delete-${a!.nodeId}`));
    await confirmDelete();
    await waitFor(() => expect(screen.queryByTestId(`node-${a!.nodeId}`)).toBeNull());
    fireEvent.click(screen.getByTestId(`node-delete-${b!.nodeId}`));
    await confirmDelete();
    await waitFor(() => expect(lastTree(onChange).childNode ?? null).toBeNull());
  });

  it('read-only mode shows node states (0 passed, 1 current, others unprocessed), a legend and no + buttons', () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: { title: '发起人' },
      childNode: {
        nodeId: 'a1',
        type: 'approver',
        properties: { title: '审批1', approvers: ['u1'] },
        childNode: {
          nodeId: 'a2',
          type: 'approver',
          properties: { title: '审批2', approvers: ['u2'] },
          childNode: null,
        },
      },
    };
    render(
      <FlowDesigner
        value={tree}
        readOnly
        nodeStates={[
          { nodeCode: 'start', type: 0 },
          { nodeCode: 'a1', type: 1 },
        ]}
      />,
    );
    expect(screen.getByTestId('node-start').dataset.state).toBe('passed');
    expect(screen.getByTestId('node-a1').dataset.state).toBe('current');
    expect(screen.getByTestId('node-a2').dataset.state).toBe('none');
    expect(screen.getByTestId('flow-legend').textContent).toContain('已完成');
    expect(screen.getByTestId('flow-legend').textContent).toContain('进行中');
    expect(screen.getByTestId('flow-legend').textContent).toContain('未处理');
    expect(screen.queryByTestId('add-after-start')).toBeNull();
    expect(screen.queryByTestId('flow-verify')).toBeNull();
    expect(screen.getByTestId('flow-zoom-value').textContent).toBe('100%');
  });

  it('nodeStatesOf maps every node', () => {
    const tree: FlowNode = {
      nodeId: 's',
      type: 'start',
      properties: {},
      childNode: { nodeId: 'x', type: 'copy', properties: {} },
    };
    expect([...nodeStatesOf([{ nodeCode: 's', type: '0' }], tree)!.entries()]).toEqual([
      ['s', 'passed'],
      ['x', 'none'],
    ]);
    expect(validateFlow(tree).length).toBeGreaterThan(0);
  });
});

import { createMemoryProviders } from '@kp/renderer';
import type { FlowNode } from '@kp/schema';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickable } from '../common/OrgPicker';
import { FlowDesigner } from './FlowDesigner';

// antd in jsdom is slow on a shared machine; these suites render the whole designer
vi.setConfig({ testTimeout: 90_000 });
afterEach(cleanup);

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls[fn.mock.calls.length - 1]![0] as FlowNode;

// a small organisation: 总部 > 财务部 (张三, 李四, disabled 王五), 销售部 (赵六); positions and roles by unit
const org = createMemoryProviders({
  userTree: [
    {
      id: 'o1',
      fullName: '总部',
      type: 'company',
      children: [
        {
          id: 'd1',
          fullName: '财务部',
          type: 'department',
          children: [
            { id: 'u1', fullName: '张三', type: 'user' },
            { id: 'u2', fullName: '李四', type: 'user' },
            { id: 'u3', fullName: '王五', type: 'user', enabledMark: 0 },
          ],
        },
        {
          id: 'd2',
          fullName: '销售部',
          type: 'department',
          children: [{ id: 'u4', fullName: '赵六', type: 'user' }],
        },
      ],
    },
  ],
  orgTrees: {
    department: [
      {
        id: 'o1',
        fullName: '总部',
        type: 'company',
        children: [
          { id: 'd1', fullName: '财务部', type: 'department' },
          { id: 'd2', fullName: '销售部', type: 'department' },
        ],
      },
    ],
    position: [
      {
        id: 'd1',
        fullName: '财务部',
        type: 'department',
        children: [{ id: 'p1', fullName: '财务经理', type: 'position' }],
      },
    ],
    role: [{ id: 'r1', fullName: '审计员', type: 'role' }],
  },
});

function approverTree(props: FlowNode['properties'] = {}): FlowNode {
  return {
    nodeId: 'start',
    type: 'start',
    properties: { title: '发起人', initiator: ['u1'] },
    childNode: { nodeId: 'a1', type: 'approver', properties: { title: '审批', assigneeType: 1, ...props } },
  };
}

const openNode = async (id: string) => {
  fireEvent.click(within(screen.getByTestId(`node-${id}`)).getAllByRole('button')[0]!);
  return screen.findByTestId('node-drawer', {}, { timeout: 5000 });
};
// a closed dialog may still be fading out: the newest one is the last
const dialog = async () => {
  const all = await screen.findAllByTestId('org-picker-dialog', {}, { timeout: 5000 });
  return all[all.length - 1]!;
};
const expand = (title: string) => {
  const row = screen.getByText(title).closest('.ant-tree-treenode')!;
  fireEvent.click(row.querySelector('.ant-tree-switcher')!);
};
const check = (id: string) => {
  const row = screen.getByTestId(`org-node-${id}`).closest('.ant-tree-treenode')!;
  fireEvent.click(row.querySelector('.ant-tree-checkbox')!);
};
const okDialog = () => {
  const oks = screen.getAllByTestId('org-picker-ok');
  fireEvent.click(oks[oks.length - 1]!);
};

describe('organisation pickers in the node drawer (through the org provider)', () => {
  it('which tree nodes each picker chooses: users are leaves; departments any unit; disabled never', () => {
    expect(pickable('user', { type: 'user' })).toBe(true);
    expect(pickable('user', { type: 'department' })).toBe(false);
    expect(pickable('user', { type: 'user', enabledMark: 0 })).toBe(false);
    expect(pickable('department', { type: 'company' })).toBe(true);
    expect(pickable('department', { type: 'user' })).toBe(false);
    expect(pickable('position', { type: 'position' })).toBe(true);
    expect(pickable('position', { type: 'department' })).toBe(false);
    expect(pickable('role', { type: 'role' })).toBe(true);
  });

  it('approvers are chosen in the lazy user tree; positions and roles in theirs; verify clears', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner value={approverTree()} onChange={onChange} options={{ org }} verify />);
    expect(screen.getByTestId('node-error-a1').textContent).toContain('请设置审批人');
    const drawer = await openNode('a1');
    fireEvent.click(within(within(drawer).getByTestId('approver-users')).getByTestId('org-picker-open'));
    const dlg = await dialog();
    expect(dlg.dataset.kind).toBe('user');
    // units load level by level; only users can be ticked, a disabled user cannot
    await within(dlg).findByText('总部', {}, { timeout: 5000 });
    expect(within(dlg).queryByText('财务部')).toBeNull();
    expect(
      screen.getByTestId('org-node-o1').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox'),
    ).toBeNull();
    expand('总部');
    await within(dlg).findByText('财务部', {}, { timeout: 5000 });
    expand('财务部');
    await within(dlg).findByText('张三', {}, { timeout: 5000 });
    expect(screen.getByTestId('org-node-u3').closest('.ant-tree-treenode')!.className).toContain(
      'ant-tree-treenode-disabled',
    );
    check('u1');
    check('u2');
    expect(within(dlg).getByText('已选：2')).toBeTruthy();
    check('u1'); // untick
    expect(within(dlg).getByText('已选：1')).toBeTruthy();
    okDialog();
    await waitFor(() => expect(last(onChange).childNode!.properties.approvers).toEqual(['u2']));
    // the chosen name shows as a tag; the verify message is gone
    await waitFor(() =>
      expect(within(screen.getByTestId('approver-users')).getByTestId('org-picked').textContent).toBe('李四'),
    );
    expect(screen.queryByTestId('node-error-a1')).toBeNull();

    // positions: the position tree, searched by keyword
    fireEvent.click(within(screen.getByTestId('approver-pos')).getByTestId('org-picker-open'));
    const pd = await dialog();
    expect(pd.dataset.kind).toBe('position');
    const search = within(pd).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '经理' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await within(pd).findByText('财务经理', {}, { timeout: 5000 });
    check('p1');
    okDialog();
    await waitFor(() => expect(last(onChange).childNode!.properties.approverPos).toEqual(['p1']));
  });

  it('names of saved ids come from the provider; removing a tag removes the id', async () => {
    const onChange = vi.fn();
    render(
      <FlowDesigner
        value={approverTree({ approvers: ['u4'], approverRole: ['r1'] })}
        onChange={onChange}
        options={{ org }}
      />,
    );
    await openNode('a1');
    const users = screen.getByTestId('approver-users');
    await waitFor(() => expect(within(users).getByTestId('org-picked').textContent).toBe('赵六'));
    await waitFor(() =>
      expect(within(screen.getByTestId('approver-role')).getByTestId('org-picked').textContent).toBe(
        '审计员',
      ),
    );
    fireEvent.click(within(users).getByTestId('org-picked').querySelector('.ant-tag-close-icon')!);
    expect(last(onChange).childNode!.properties.approvers).toEqual([]);
  });

  it("a condition on the initiator's department takes department ids from the department tree", async () => {
    const onChange = vi.fn();
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: { initiator: ['u1'] },
      childNode: {
        nodeId: 'gw',
        type: 'empty',
        properties: {},
        conditionType: 'condition',
        conditionNodes: [
          {
            nodeId: 'c1',
            type: 'condition',
            properties: {
              title: '条件1',
              priority: 1,
              conditions: [
                {
                  logic: 'and',
                  items: [{ fieldType: 'department', valueType: 'list', operator: 'in', value: [] }],
                },
              ],
            },
          },
          { nodeId: 'c2', type: 'condition', properties: { title: '默认', isDefault: true, priority: 2 } },
        ],
      },
    };
    render(<FlowDesigner value={tree} onChange={onChange} options={{ org }} />);
    await openNode('c1');
    fireEvent.click(within(screen.getByTestId('cond-org-value')).getByTestId('org-picker-open'));
    const dlg = await dialog();
    expect(dlg.dataset.kind).toBe('department');
    await within(dlg).findByText('总部', {}, { timeout: 5000 });
    expand('总部');
    await within(dlg).findByText('销售部', {}, { timeout: 5000 });
    check('d2');
    okDialog();
    await waitFor(() =>
      expect(
        last(onChange).childNode!.conditionNodes![0]!.properties.conditions![0]!.items[0]!.value,
      ).toEqual(['d2']),
    );
  });
});

describe('flow designer undo, redo and delete confirmation', () => {
  it('undo and redo step through additions, deletions and drawer edits (one step per edited field)', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner onChange={onChange} />);
    const undo = () => fireEvent.click(screen.getByTestId('flow-undo'));
    const redo = () => fireEvent.click(screen.getByTestId('flow-redo'));
    expect(screen.getByTestId('flow-undo').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('add-after-start'));
    fireEvent.click(await screen.findByTestId('add-approver', {}, { timeout: 5000 }));
    const id = last(onChange).childNode!.nodeId;
    await openNode(id);
    const title = screen.getByTestId('node-title');
    fireEvent.change(title, { target: { value: '经' } });
    fireEvent.change(title, { target: { value: '经理' } });
    fireEvent.change(title, { target: { value: '经理审批' } });
    expect(last(onChange).childNode!.properties.title).toBe('经理审批');
    undo(); // the three keystrokes are one step
    expect(last(onChange).childNode!.properties.title).toEqual({
      zh: '审批人',
      zhtw: '審批人',
      en: 'Approver',
    });
    undo(); // the addition
    expect(last(onChange).childNode ?? null).toBeNull();
    expect(screen.queryByTestId(`node-${id}`)).toBeNull();
    expect(screen.getByTestId('flow-undo').hasAttribute('disabled')).toBe(true);
    redo();
    redo();
    expect(last(onChange).childNode!.properties.title).toBe('经理审批');
    expect(screen.getByTestId('flow-redo').hasAttribute('disabled')).toBe(true);
    // a new edit after an undo drops the redo steps
    undo();
    fireEvent.click(screen.getByTestId('add-after-start'));
    const copies = await screen.findAllByTestId('add-copy', {}, { timeout: 5000 });
    fireEvent.click(copies[copies.length - 1]!);
    expect(screen.getByTestId('flow-redo').hasAttribute('disabled')).toBe(true);
  });

  it('deleting a node asks 确定删除该节点？; cancel keeps it, OK removes it and undo brings it back', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner value={approverTree({ approvers: ['u1'] })} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('node-delete-a1'));
    await screen.findAllByText('确定删除该节点？', {}, { timeout: 5000 });
    const cancels = document.querySelectorAll<HTMLButtonElement>(
      '.ant-modal-confirm .ant-btn:not(.ant-btn-primary)',
    );
    fireEvent.click(cancels[cancels.length - 1]!);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('node-a1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('node-delete-a1'));
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-modal-confirm .ant-btn-primary').length).toBeGreaterThan(0),
    );
    const oks = document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
    fireEvent.click(oks[oks.length - 1]!);
    await waitFor(() => expect(screen.queryByTestId('node-a1')).toBeNull());
    expect(last(onChange).childNode ?? null).toBeNull();
    fireEvent.click(screen.getByTestId('flow-undo'));
    expect(screen.getByTestId('node-a1')).toBeTruthy();
  });
});

describe('approver settings honoured by @kp/flow', () => {
  it('sign ratio, empty approver, reject target, time limit, cc after approval, buttons and field permissions', async () => {
    const onChange = vi.fn();
    render(
      <FlowDesigner
        value={approverTree({ approvers: ['u1'] })}
        onChange={onChange}
        options={{
          org,
          formFields: [
            { value: 'amount', label: '金额', valueType: 'number' },
            { value: 'reason', label: '事由', valueType: 'text' },
          ],
        }}
      />,
    );
    const drawer = await openNode('a1');
    const props = () => last(onChange).childNode!.properties;
    fireEvent.click(within(within(drawer).getByTestId('counter-sign')).getByText('按比例会签'));
    expect(props()).toMatchObject({ counterSign: 'ratio', counterRatio: 0.5 });
    fireEvent.change(within(drawer).getByTestId('counter-ratio'), { target: { value: '60' } });
    await waitFor(() => expect(props().counterRatio).toBe(0.6));
    fireEvent.click(within(within(drawer).getByTestId('empty-approver')).getByText('转交管理员'));
    expect(props().emptyApprover).toBe('admin');
    fireEvent.click(within(within(drawer).getByTestId('reject-target')).getByText('上一节点'));
    expect(props().rejectTarget).toBe('previous');
    fireEvent.click(within(drawer).getByTestId('time-limit'));
    expect(props().timeLimit).toMatchObject({ enabled: true, duration: 24 });
    fireEvent.change(within(drawer).getByTestId('time-limit-duration'), { target: { value: '48' } });
    await waitFor(() => expect(props().timeLimit?.duration).toBe(48));
    // buttons: transfer on with its own text, reject off
    fireEvent.click(within(drawer).getByTestId('btn-flag-hasTransferBtn'));
    fireEvent.change(within(drawer).getByTestId('btn-text-transferBtnText'), { target: { value: '转交' } });
    fireEvent.click(within(drawer).getByTestId('btn-flag-hasRejectBtn'));
    expect(props()).toMatchObject({ hasTransferBtn: true, transferBtnText: '转交', hasRejectBtn: false });
    fireEvent.click(within(drawer).getByTestId('flag-hasSign'));
    expect(props().hasSign).toBe(true);
    // field permissions: required implies write and read; unticking read clears the others
    fireEvent.click(within(drawer).getByTestId('op-required-amount'));
    expect(props().formOperates).toEqual([
      { id: 'amount', name: '金额', read: true, write: true, required: true },
      { id: 'reason', name: '事由', read: true, write: true, required: false },
    ]);
    fireEvent.click(within(drawer).getByTestId('op-read-amount'));
    expect(props().formOperates![0]).toEqual({
      id: 'amount',
      name: '金额',
      read: false,
      write: false,
      required: false,
    });
    // cc after approval through the user tree
    fireEvent.click(within(within(drawer).getByTestId('copy-users')).getByTestId('org-picker-open'));
    const dlg = await dialog();
    const search = within(dlg).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '赵' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await within(dlg).findByText('赵六', {}, { timeout: 5000 });
    check('u4');
    okDialog();
    await waitFor(() => expect(props().copyUsers).toEqual(['u4']));
  });
});

describe('flow designer rules of spec 2 §4, §5, §9', () => {
  it('zoom runs 0..200 % in steps of 5 from 100 and scales the drawing', () => {
    render(<FlowDesigner />);
    const slider = screen.getAllByRole('slider')[0]!;
    expect(screen.getByTestId('flow-zoom-value').textContent).toBe('100%');
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(screen.getByTestId('flow-zoom-value').textContent).toBe('105%');
    expect(screen.getByTestId('flow-scale').style.transform).toBe('scale(1.05)');
    fireEvent.keyDown(slider, { key: 'End', keyCode: 35, which: 35 });
    expect(screen.getByTestId('flow-zoom-value').textContent).toBe('200%');
    fireEvent.keyDown(slider, { key: 'Home', keyCode: 36, which: 36 });
    expect(screen.getByTestId('flow-zoom-value').textContent).toBe('0%');
  });

  it('a timer takes whole numbers or multiples of 0.5 only (时间只能是整数和0.5的倍数)', async () => {
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: { initiator: ['u1'] },
      childNode: { nodeId: 't1', type: 'timer', properties: { title: '定时器', hour: 1.5 } },
    };
    const onChange = vi.fn();
    render(<FlowDesigner value={tree} onChange={onChange} verify />);
    expect(screen.queryByTestId('node-error-t1')).toBeNull();
    const drawer = await openNode('t1');
    expect(within(drawer).queryByText('时间只能是整数和0.5的倍数')).toBeNull();
    fireEvent.change(within(drawer).getByTestId('timer-hour'), { target: { value: '1.3' } });
    await waitFor(() => expect(last(onChange).childNode!.properties.hour).toBe(1.3));
    expect(within(drawer).getAllByText('时间只能是整数和0.5的倍数').length).toBeGreaterThan(0);
    expect(screen.getByTestId('node-error-t1').textContent).toContain('时间只能是整数和0.5的倍数');
  });

  it('a sub-flow shows sync or async; deleting a middle branch renumbers the priorities', async () => {
    const onChange = vi.fn();
    const tree: FlowNode = {
      nodeId: 'start',
      type: 'start',
      properties: { initiator: ['u1'] },
      childNode: {
        nodeId: 's1',
        type: 'subFlow',
        properties: { title: '子流程', flowId: 'f1', isAsync: true },
        childNode: {
          nodeId: 'gw',
          type: 'empty',
          properties: {},
          conditionType: 'condition',
          conditionNodes: [1, 2, 3].map((i) => ({
            nodeId: `c${i}`,
            type: 'condition' as const,
            properties: { title: `条件${i}`, priority: i, isDefault: i === 3 },
          })),
        },
      },
    };
    render(<FlowDesigner value={tree} onChange={onChange} />);
    expect(screen.getByTestId('node-s1').textContent).toContain('异步');
    expect(screen.getByTestId('priority-c2').textContent).toBe('优先级2');
    fireEvent.click(screen.getByTestId('node-delete-c1'));
    await screen.findAllByText('确定删除该节点？', {}, { timeout: 5000 });
    const oks = document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
    fireEvent.click(oks[oks.length - 1]!);
    await waitFor(() => expect(screen.queryByTestId('node-c1')).toBeNull());
    const branches = last(onChange).childNode!.childNode!.conditionNodes!;
    expect(branches.map((b) => [b.nodeId, b.properties.priority])).toEqual([
      ['c2', 1],
      ['c3', 2],
    ]);
    expect(screen.getByTestId('priority-c2').textContent).toBe('优先级1');
  });
});

describe('read-only drawer', () => {
  it('shows the chosen names without the choose button or removable tags', async () => {
    render(<FlowDesigner value={approverTree({ approvers: ['u1'] })} readOnly options={{ org }} />);
    const drawer = await openNode('a1');
    const users = within(drawer).getByTestId('approver-users');
    await waitFor(() => expect(within(users).getByTestId('org-picked').textContent).toBe('张三'));
    expect(within(users).queryByTestId('org-picker-open')).toBeNull();
    expect(within(users).getByTestId('org-picked').querySelector('.ant-tag-close-icon')).toBeNull();
  });
});

import { createMemoryProviders } from '@kp/renderer';
import type { FlowNode } from '@kp/schema';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowDesigner } from './FlowDesigner';
import { formFieldsOf } from './formFields';
import { idsOfTree } from './nodeNames';
import { nodeSummary } from './summary';

vi.setConfig({ testTimeout: 90_000 });
afterEach(cleanup);

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls[fn.mock.calls.length - 1]![0] as FlowNode;

const org = createMemoryProviders({
  userTree: [
    {
      id: 'o1',
      fullName: '总部',
      type: 'company',
      children: [{ id: 'u1', fullName: '张三', type: 'user' }],
    },
  ],
  orgTrees: {
    department: [{ id: 'o1', fullName: '总部', type: 'company' }],
    position: [{ id: 'pos-gm-1', fullName: '总经理', type: 'position' }],
    role: [{ id: 'role-fin-9', fullName: '财务', type: 'role' }],
  },
});

// a form with a number, a date and a select field (options by id and fullName)
const form = {
  fields: [
    { __vModel__: 'days', __config__: { jnpfKey: 'numInput', label: '请假天数' } },
    { __vModel__: 'startTime', __config__: { jnpfKey: 'date', label: '开始时间' } },
    {
      __vModel__: 'leaveType',
      __config__: { jnpfKey: 'select', label: '请假类型', dataType: 'static' },
      __slot__: {
        options: [
          { id: 'sick', fullName: '病假' },
          { id: 'annual', fullName: '年假' },
        ],
      },
    },
  ],
} as never;

const tree = (cond: Record<string, unknown>[] = []): FlowNode => ({
  nodeId: 'start',
  type: 'start',
  properties: { title: '发起人', initiator: ['u1'] },
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
          conditions: cond.length ? [{ logic: 'and', items: cond as never }] : [],
        },
        childNode: {
          nodeId: 'a1',
          type: 'approver',
          properties: { title: '总经理审批', assigneeType: 1, approverPos: ['pos-gm-1'] },
        },
      },
      {
        nodeId: 'c2',
        type: 'condition',
        properties: { title: '其他', priority: 2, isDefault: true },
        childNode: {
          nodeId: 'a2',
          type: 'approver',
          properties: { title: '财务审批', assigneeType: 1, approverRole: ['role-fin-9'] },
        },
      },
    ],
  },
});

describe('the flow chart names people, positions and roles (never their ids or codes)', () => {
  it('collects the ids of a tree by kind', () => {
    expect(idsOfTree(tree())).toEqual({
      user: ['u1'],
      department: [],
      position: ['pos-gm-1'],
      role: ['role-fin-9'],
    });
  });

  it('shows names from the organisation in the node boxes', async () => {
    render(<FlowDesigner value={tree()} options={{ org }} />);
    await waitFor(() => expect(screen.getByTestId('node-a1').textContent).toContain('总经理'));
    expect(screen.getByTestId('node-a2').textContent).toContain('财务');
    expect(screen.getByTestId('node-start').textContent).toContain('张三');
    const all = screen.getByTestId('flow-designer').textContent ?? '';
    for (const code of ['pos-gm-1', 'role-fin-9', 'u1']) expect(all).not.toContain(code);
  });

  it('summaries use the names map and option labels; unknown ids are not shown raw while loading', () => {
    const n = tree().childNode!.conditionNodes![0]!.childNode!;
    expect(nodeSummary(n, 'zh', { 'pos-gm-1': '总经理' })).toBe('总经理');
    expect(nodeSummary(n, 'zh', {})).toBe('…');
    const c = {
      nodeId: 'c',
      type: 'condition',
      properties: {
        conditions: [
          {
            items: [
              {
                fieldType: 'form',
                field: 'leaveType',
                fieldName: '请假类型',
                operator: 'equals',
                value: 'sick',
                valueLabel: '病假',
              },
            ],
          },
        ],
      },
    } as unknown as FlowNode;
    expect(nodeSummary(c, 'zh')).toBe('请假类型 等于 病假');
  });
});

describe('conditions pick a field of the form, then an operator and a value by the field type', () => {
  it('form fields carry their type and the options of select fields', () => {
    expect(formFieldsOf(form)).toEqual([
      { value: 'days', label: '请假天数', valueType: 'number' },
      { value: 'startTime', label: '开始时间', valueType: 'date' },
      {
        value: 'leaveType',
        label: '请假类型',
        valueType: 'text',
        options: [
          { value: 'sick', label: '病假' },
          { value: 'annual', label: '年假' },
        ],
      },
    ]);
  });

  it('a select field offers its options; the option id is stored and its label shown', async () => {
    const onChange = vi.fn();
    render(
      <FlowDesigner
        value={tree([{ fieldType: 'form', field: '', valueType: 'number', operator: '=', value: '' }])}
        onChange={onChange}
        options={{ org, formFields: formFieldsOf(form) }}
        verify
      />,
    );
    // a blank condition is an error in verify
    expect(screen.getByTestId('node-error-c1').textContent).toContain('请设置条件');
    fireEvent.click(within(screen.getByTestId('node-c1')).getAllByRole('button')[0]!);
    const drawer = await screen.findByTestId('node-drawer', {}, { timeout: 5000 });
    const fieldSel = within(drawer).getByTestId('cond-field');
    fireEvent.mouseDown(fieldSel.querySelector('.ant-select-selector') ?? fieldSel);
    fireEvent.click(await screen.findByText('请假类型（文本）', {}, { timeout: 5000 }));
    await waitFor(() =>
      expect(last(onChange).childNode!.conditionNodes![0]!.properties.conditions![0]!.items[0]).toMatchObject(
        {
          field: 'leaveType',
          operator: 'equals',
        },
      ),
    );
    const valueSel = await within(drawer).findByTestId('cond-value');
    fireEvent.mouseDown(valueSel.querySelector('.ant-select-selector') ?? valueSel);
    fireEvent.click(await screen.findByText('年假', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(last(onChange).childNode!.conditionNodes![0]!.properties.conditions![0]!.items[0]).toMatchObject(
        {
          field: 'leaveType',
          value: 'annual',
          valueLabel: '年假',
        },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('node-c1').textContent).toContain('请假类型 等于 年假'));
    expect(screen.queryByTestId('node-error-c1')).toBeNull();
  });

  it('a number field takes a number; a date field a date', async () => {
    const onChange = vi.fn();
    render(
      <FlowDesigner
        value={tree([{ fieldType: 'form', field: 'startTime', valueType: 'date', operator: '>', value: '' }])}
        onChange={onChange}
        options={{ org, formFields: formFieldsOf(form) }}
      />,
    );
    fireEvent.click(within(screen.getByTestId('node-c1')).getAllByRole('button')[0]!);
    const drawer = await screen.findByTestId('node-drawer', {}, { timeout: 5000 });
    const date = within(drawer).getByTestId('cond-value') as HTMLInputElement;
    expect(date.type).toBe('date');
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    await waitFor(() =>
      expect(last(onChange).childNode!.conditionNodes![0]!.properties.conditions![0]!.items[0]!.value).toBe(
        '2026-12-01',
      ),
    );
  });
});

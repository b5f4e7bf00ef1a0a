// Issue 20: node titles given as {zh, zhtw, en} (the seeded flows, new nodes) show in the designer's language,
// and editing one edits that language's text only (a new node's untouched title is renamed as a whole); a
// summary naming the organisation's people is user data.
import { nodeTitle } from '@kp/flow';
import type { FlowNode } from '@kp/schema';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDesignerLanguage } from '../i18n';
import { FlowDesigner } from './FlowDesigner';
import { nodeSummary, retitle, summaryIsNames, titleIn } from './summary';

vi.setConfig({ testTimeout: 90_000 });
afterEach(() => {
  cleanup();
  setDesignerLanguage('zh');
});

const START = { zh: '发起人', zhtw: '發起人', en: 'Initiator' };
const tree: FlowNode = {
  nodeId: 'start',
  type: 'start',
  properties: { title: START },
  childNode: {
    nodeId: 'a1',
    prevId: 'start',
    type: 'approver',
    properties: { title: { zh: '财务审批', zhtw: '財務審批', en: 'Finance approval' }, approverRole: ['r1'] },
    childNode: null,
  },
};
const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls[fn.mock.calls.length - 1]![0] as FlowNode;

const ACCOUNTS = { zh: '财务审批', zhtw: '財務審批', en: 'Accounts approval' };
/** Opens the drawer of node a1 and answers its name field of the designer's language. */
const openTitle = async () => {
  fireEvent.click(within(screen.getByTestId('node-a1')).getAllByRole('button')[0]!);
  return (await screen.findByTestId('node-title', {}, { timeout: 5000 })) as HTMLInputElement;
};

describe('node titles in every language', () => {
  it('shows each title in the designer language and edits only that language', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner value={tree} onChange={onChange} language="en" />);
    const start = screen.getByTestId('node-start');
    expect(within(start).getByText('Initiator')).toBeTruthy();
    expect(within(screen.getByTestId('node-a1')).getByText('Finance approval')).toBeTruthy();
    expect(screen.queryByText('发起人')).toBeNull();

    const input = await openTitle();
    expect(input.value).toBe('Finance approval');
    fireEvent.change(input, { target: { value: 'Accounts approval' } });
    expect(last(onChange).childNode!.properties.title).toEqual(ACCOUNTS);
  });

  it('lets the administrator type the title in zh, zhtw and en', async () => {
    const onChange = vi.fn();
    render(<FlowDesigner value={tree} onChange={onChange} language="zh" />);
    const zh = await openTitle();
    const en = screen.getByTestId('node-title-en') as HTMLInputElement;
    const zhtw = screen.getByTestId('node-title-zhtw') as HTMLInputElement;
    expect([zh.value, zhtw.value, en.value]).toEqual(['财务审批', '財務審批', 'Finance approval']);
    expect(screen.getByText('节点名称（英文）')).toBeTruthy();
    fireEvent.change(en, { target: { value: 'Accounts approval' } });
    expect(last(onChange).childNode!.properties.title).toEqual(ACCOUNTS);
  });

  it('turns a plain title into one per language when another language is typed', () => {
    expect(titleIn('经理审批', 'en', 'Manager approval')).toEqual({
      zh: '经理审批',
      zhtw: '经理审批',
      en: 'Manager approval',
    });
    expect(titleIn(undefined, 'zhtw', '經理')).toEqual({ zh: '', zhtw: '經理', en: '' });
    expect(titleIn(START, 'zh', '申请人')).toEqual({ ...START, zh: '申请人' });
  });

  it('marks a summary of the organisation names as user data, not the designer texts', () => {
    render(<FlowDesigner value={tree} language="en" />);
    // start: everyone (a designer text); a1: a role picked from the organisation (user data)
    expect(screen.getByTestId('node-start').querySelector('[data-user-data]')).toBeNull();
    expect(screen.getByTestId('node-a1').querySelector('[data-user-data]')).not.toBeNull();
    expect(summaryIsNames({ nodeId: 'x', type: 'approver', properties: { assigneeType: 6 } })).toBe(false);
    expect(summaryIsNames({ nodeId: 'x', type: 'copy', properties: { copyUsers: ['u1'] } })).toBe(true);
  });

  it('keeps a plain title plain', () => {
    expect(retitle('经理审批', 'en', 'Manager')).toBe('Manager');
    expect(retitle(undefined, 'zhtw', '經理')).toBe('經理');
    expect(retitle(START, 'zhtw', '申請人')).toEqual({ ...START, zhtw: '申請人' });
  });

  it("renames a new node's untouched title as a whole, a touched one per language", () => {
    expect(retitle(nodeTitle('approver'), 'en', 'Manager', 'approver')).toBe('Manager');
    expect(retitle(nodeTitle('condition', 2), 'zh', '金额大于1000', 'condition')).toBe('金额大于1000');
    const touched = { ...(nodeTitle('approver') as object), en: 'Finance' };
    expect(retitle(touched, 'zh', '财务', 'approver')).toEqual({ zh: '财务', zhtw: '審批人', en: 'Finance' });
    // a seeded title in every language stays one per language; so does the start's when not given its type
    const finance = { zh: '财务审批', zhtw: '財務審批', en: 'Finance approval' };
    expect(retitle(finance, 'en', 'Accounts', 'approver')).toEqual({ ...finance, en: 'Accounts' });
    expect(retitle(START, 'en', 'Applicant', 'approver')).toEqual({ ...START, en: 'Applicant' });
  });

  it('joins a condition summary with and / or of the designer language', () => {
    const node: FlowNode = {
      nodeId: 'c1',
      type: 'condition',
      properties: {
        conditions: [
          {
            logic: 'and',
            items: [
              { fieldType: 'form', field: 'days', fieldName: 'days', operator: '>', value: 3 },
              { fieldType: 'form', field: 'days', fieldName: 'days', operator: '<', value: 9 },
            ],
          },
        ],
      },
    };
    expect(nodeSummary(node, 'en')).toMatch(/^days .+ 3 and days .+ 9$/);
    expect(nodeSummary(node, 'zh')).toMatch(/^days .+ 3 且 days .+ 9$/);
  });
});

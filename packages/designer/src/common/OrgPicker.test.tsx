import { createMemoryProviders, type TreeNode } from '@kp/renderer';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_PAGE_SIZE, OrgPicker, type OrgProvider } from './OrgPicker';

vi.setConfig({ testTimeout: 60_000 });
afterEach(cleanup);

// 45 users named 员工01…员工45: a keyword search pages through them on the "server" (20 a page)
const people: TreeNode[] = Array.from({ length: 45 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { id: `u${n}`, fullName: `员工${n}`, type: 'user' };
});
const base = createMemoryProviders({
  userTree: [{ id: 'o1', fullName: '总部', type: 'company', children: people }],
});

function provider(): OrgProvider & {
  calls: Array<{ keyword: string; currentPage: number; pageSize: number }>;
} {
  const calls: Array<{ keyword: string; currentPage: number; pageSize: number }> = [];
  return {
    calls,
    orgTree: base.orgTree,
    orgNames: base.orgNames,
    users: { tree: base.users.tree, byIds: base.users.byIds },
    async userPage(q) {
      calls.push(q);
      const hits = people.filter((p) => p.fullName.includes(q.keyword));
      const from = (q.currentPage - 1) * q.pageSize;
      return { list: hits.slice(from, from + q.pageSize), total: hits.length };
    },
  };
}

const check = (id: string) => {
  const row = screen.getByTestId(`org-node-${id}`).closest('.ant-tree-treenode')!;
  fireEvent.click(row.querySelector('.ant-tree-checkbox')!);
};

describe('the user picker pages a keyword search on the server (候选人员)', () => {
  it('asks page by page, keeps choices across pages, and confirms them all', async () => {
    const p = provider();
    const onChange = vi.fn();
    render(<OrgPicker kind="user" provider={p} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('org-picker-open'));
    const dlg = await screen.findByTestId('org-picker-dialog', {}, { timeout: 10_000 });
    const search = within(dlg).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '员工' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'search' }));
    await within(dlg).findByText('员工01', {}, { timeout: 10_000 });
    expect(p.calls).toEqual([{ keyword: '员工', currentPage: 1, pageSize: ORG_PAGE_SIZE }]);
    expect(within(dlg).queryByText('员工21')).toBeNull();
    check('u02');
    // the last page (3 of 3): five users
    const pages = screen.getByTestId('org-picker-pages');
    fireEvent.click(pages.querySelector('.ant-pagination-next')!);
    await within(dlg).findByText('员工21', {}, { timeout: 10_000 });
    expect(within(dlg).queryByText('员工01')).toBeNull();
    fireEvent.click(pages.querySelector('.ant-pagination-next')!);
    await within(dlg).findByText('员工45', {}, { timeout: 10_000 });
    expect(dlg.querySelectorAll('.ant-tree-treenode:not([aria-hidden])').length).toBeLessThanOrEqual(5);
    expect(p.calls.map((c) => c.currentPage)).toEqual([1, 2, 3]);
    check('u44');
    expect(within(dlg).getByText('已选：2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('org-picker-ok'));
    expect(onChange).toHaveBeenLastCalledWith(['u02', 'u44']);
  });

  it('a narrow search fits one page (no pager); clearing the keyword goes back to the tree', async () => {
    const p = provider();
    render(<OrgPicker kind="user" provider={p} value={[]} onChange={() => {}} />);
    fireEvent.click(screen.getByTestId('org-picker-open'));
    const dlg = await screen.findByTestId('org-picker-dialog', {}, { timeout: 10_000 });
    const search = within(dlg).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '员工4' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'search' }));
    await within(dlg).findByText('员工45', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('org-picker-pages')).toBeNull();
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'search' }));
    await waitFor(() => expect(within(dlg).getByText('总部')).toBeTruthy(), { timeout: 10_000 });
    expect(p.calls).toHaveLength(1);
  });
});

// roles as the server's Role/Selector gives them: the 全局角色 node and the units holding roles
const roles = createMemoryProviders({
  orgTrees: {
    role: [
      {
        id: 'g',
        fullName: '全局角色',
        type: 'global',
        children: [{ id: 'r-g1', fullName: '普通用户', type: 'role' }],
      },
      {
        id: 'o1',
        fullName: '总部',
        type: 'company',
        children: [{ id: 'r-o1', fullName: '财务主管', type: 'role' }],
      },
    ],
  },
});

describe('the role picker has an organisation tab and a global tab (spec 3 §6, 4 §6)', () => {
  it('lists the units on 组织角色 and the global roles on 全局角色; choices on both are kept', async () => {
    const onChange = vi.fn();
    const p: OrgProvider = {
      orgTree: roles.orgTree,
      orgNames: roles.orgNames,
      users: { tree: roles.users.tree, byIds: roles.users.byIds },
    };
    render(<OrgPicker kind="role" provider={p} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('org-picker-open'));
    const dlg = await screen.findByTestId('org-picker-dialog', {}, { timeout: 10_000 });
    const tabs = within(dlg)
      .getAllByRole('tab')
      .map((el) => el.textContent);
    expect(tabs).toEqual(['组织角色', '全局角色']);
    // organisation tab: the units, roles as their leaves; neither the global node nor its roles
    await within(dlg).findByText('总部', {}, { timeout: 5000 });
    expect(within(dlg).queryByText('全局角色', { selector: '[data-testid^="org-node-"]' })).toBeNull();
    expect(within(dlg).queryByText('普通用户')).toBeNull();
    fireEvent.click(
      screen.getByText('总部').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!,
    );
    await within(dlg).findByText('财务主管', {}, { timeout: 5000 });
    check('r-o1');
    // global tab: the global roles only
    fireEvent.click(within(dlg).getByRole('tab', { name: '全局角色' }));
    await within(dlg).findByTestId('org-node-r-g1', {}, { timeout: 5000 });
    expect(within(dlg).queryByTestId('org-node-o1')).toBeNull();
    check('r-g1');
    expect(within(dlg).getByText('已选：2')).toBeTruthy();
    // a keyword on the global tab searches the global roles
    const search = within(dlg).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '财务' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'search' }));
    await waitFor(() => expect(within(dlg).queryByTestId('org-node-r-g1')).toBeNull());
    expect(within(dlg).queryByTestId('org-node-r-o1')).toBeNull();
    fireEvent.click(screen.getByTestId('org-picker-ok'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['r-o1', 'r-g1']));
  });
});

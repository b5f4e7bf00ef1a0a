// The role picker's tabs (组织 / 全局) and the system variable 当前用户 of role and user pickers (spec 3 §6,
// spec 4 §6), on the in-memory providers' role tree (the server's Role/Selector shape).
import { CURRENT_USER } from '@kp/engine';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';

afterEach(cleanup);

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const okButton = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;
const open = async (container: HTMLElement, vModel: string) => {
  fireEvent.click(container.querySelector(`[data-field="${vModel}"] .ant-select`) as HTMLElement);
  await waitFor(() => expect(modal()).toBeTruthy());
  return within(modal());
};
const tabs = () => [...modal().querySelectorAll('[role=tab]')].map((e) => e.textContent);
const activePane = () => within(modal().querySelector('[role=tabpanel][aria-hidden=false]') as HTMLElement);
const selectedPane = () => within(modal().querySelector('.kp-transfer-selected') as HTMLElement);

describe('role picker', () => {
  it('chooses roles on the organisation tree and the global tab; units are not roles, disabled ones refused', async () => {
    const { container, data } = renderForm([
      field('roleSelect', 'roles', { label: '角色' }, { multiple: true }),
    ]);
    const m = await open(container, 'roles');
    expect(tabs()).toEqual(['组织', '全局']);
    // 组织: the units holding roles, roles load as their leaves
    const tree = await waitFor(() => {
      const t = modal().querySelector('.ant-tree');
      if (!t?.textContent?.includes('总部')) throw new Error('tree not loaded');
      return t as HTMLElement;
    });
    expect(within(tree).queryByText('普通用户')).toBeNull(); // a global role is not under a unit
    fireEvent.click(within(tree).getByText('总部'));
    expect(selectedPane().queryByText('总部')).toBeNull();
    fireEvent.click(tree.querySelector('.ant-tree-switcher') as HTMLElement);
    fireEvent.click(await within(tree).findByText('停用角色'));
    expect(await screen.findByText('禁用项不能选择')).toBeTruthy();
    expect(selectedPane().queryByText('停用角色')).toBeNull();
    fireEvent.click(within(tree).getByText('部门主管'));
    expect(selectedPane().getByText('部门主管')).toBeTruthy();
    // 全局: the global roles only
    fireEvent.click(m.getByText('全局'));
    await waitFor(() => expect(activePane().getByText('普通用户')).toBeTruthy());
    expect(activePane().queryByText('部门主管')).toBeNull();
    fireEvent.click(activePane().getByText('停用全局'));
    await waitFor(() => expect(screen.getAllByText('禁用项不能选择').length).toBeGreaterThan(0));
    fireEvent.click(activePane().getByText('普通用户'));
    fireEvent.click(okButton());
    expect(data().roles).toEqual(['r2', 'r1']);
    // the field names the chosen roles
    await waitFor(() =>
      expect(container.querySelector('[data-field="roles"]')?.textContent).toContain('普通用户'),
    );
  });

  it('a keyword searches the open tab only; a single picker keeps one role', async () => {
    const { container, data } = renderForm([field('roleSelect', 'role', { label: '角色' })]);
    const m = await open(container, 'role');
    const search = m.getByPlaceholderText('请输入关键词查询');
    const find = (text: string) => {
      fireEvent.change(search, { target: { value: text } });
      fireEvent.click(m.getByRole('button', { name: 'search' }));
    };
    find('用户');
    // 普通用户 is global: not found on the organisation tab
    await waitFor(() => expect(activePane().getAllByText('暂无数据').length).toBeGreaterThan(0));
    fireEvent.click(m.getByText('全局'));
    fireEvent.click(await activePane().findByText('普通用户'));
    fireEvent.click(m.getByText('组织'));
    find('主管');
    fireEvent.click(await activePane().findByText('部门主管'));
    expect(selectedPane().queryByText('普通用户')).toBeNull();
    fireEvent.click(okButton());
    expect(data().role).toBe('r2');
  });

  it('a stored role shows its name', async () => {
    const { container } = renderForm([field('roleSelect', 'role', { label: '角色' })], {
      value: { role: 'r1' },
    });
    await waitFor(() =>
      expect(container.querySelector('[data-field="role"]')?.textContent).toContain('普通用户'),
    );
  });
});

describe('the system variable 当前用户 (hasSys)', () => {
  it('a role picker offers it on a third tab; the value is the token, shown as 当前用户', async () => {
    const { container, data, ref } = renderForm([
      field('roleSelect', 'roles', { label: '角色', required: true }, { multiple: true, hasSys: true }),
    ]);
    const m = await open(container, 'roles');
    expect(tabs()).toEqual(['组织', '全局', '系统变量']);
    fireEvent.click(m.getByText('系统变量'));
    fireEvent.click(await activePane().findByText('当前用户'));
    fireEvent.click(m.getByText('全局'));
    fireEvent.click(await activePane().findByText('普通用户'));
    expect(selectedPane().getByText('当前用户')).toBeTruthy();
    fireEvent.click(okButton());
    expect(data().roles).toEqual([CURRENT_USER, 'r1']);
    const shown = container.querySelector('[data-field="roles"]') as HTMLElement;
    await waitFor(() => expect(shown.textContent).toContain('当前用户'));
    expect(shown.textContent).not.toContain(CURRENT_USER);
    // the placeholder fills a required field (the server puts the roles in on submit)
    expect(ref.current?.validate()).toEqual({});
    // reopened: the token is in the chosen list under its name
    await open(container, 'roles');
    expect(selectedPane().getByText('当前用户')).toBeTruthy();
  });

  it('without hasSys there is no 系统变量 tab (user picker)', async () => {
    const { container } = renderForm([field('userSelect', 'u', { label: '用户' })]);
    await open(container, 'u');
    expect(tabs()).toEqual(['全部数据', '当前组织', '我的下属']);
  });

  it('a user picker offers it too, in the UI language', async () => {
    const { container, data } = renderForm(
      [field('userSelect', 'owner', { label: 'Owner' }, { hasSys: true })],
      { language: 'en', value: { owner: 'u2' } },
    );
    const m = await open(container, 'owner');
    expect(tabs()).toEqual(['All data', 'Current organisation', 'My subordinates', 'System variables']);
    fireEvent.click(m.getByText('System variables'));
    fireEvent.click(await activePane().findByText('Current user'));
    // single: the token replaces the chosen user
    expect(selectedPane().queryByText('李四')).toBeNull();
    fireEvent.click(okButton());
    expect(data().owner).toBe(CURRENT_USER);
    await waitFor(() =>
      expect(container.querySelector('[data-field="owner"]')?.textContent).toContain('Current user'),
    );
  });
});

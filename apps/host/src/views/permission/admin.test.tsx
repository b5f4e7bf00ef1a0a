import type { PermissionEntry } from '@kp/schema';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuRoute } from '../../router/menuRoutes';
import { sessionStore } from '../../store/session';
import { grantsToSave, withAncestors } from './Authorize';
import { flatten, PermButton, RULES, withoutNode } from './common';
import { grantsOf } from './OrgAdmin';
import { filledFields } from './Resume';
import { BTN, pagePerm, usePerm } from './usePerm';

const route = (path: string, menuId: string): MenuRoute => ({
  name: path,
  path,
  layout: 'main',
  component: path.slice(1),
  meta: { title: path, zhTitle: path, type: 2, menuId },
});
const entry = (
  modelId: string,
  buttons: string[],
  columns: string[] = [],
  forms: string[] = [],
): PermissionEntry => ({
  modelId,
  button: buttons.map((enCode) => ({ enCode })),
  column: columns.map((enCode) => ({ enCode })),
  form: forms.map((enCode) => ({ enCode })),
});

describe('pagePerm (spec 4 §6)', () => {
  const routes = [route('/systemData/dictionary', 'm-dict'), route('/permission/user', 'm-user')];
  const list = [
    entry('m-dict', ['btn_add']),
    entry('m-user', ['btn_add', 'btn_edit'], ['account'], ['account', 'realName']),
  ];

  it('shows a button only when its code is in the page module entry', () => {
    const p = pagePerm('/systemData/dictionary', routes, list);
    expect(p.moduleId).toBe('m-dict');
    expect(p.btn(BTN.add)).toBe(true);
    expect(p.btn(BTN.edit)).toBe(false);
    expect(p.btn(BTN.remove)).toBe(false);
  });
  it('matches a trailing slash and answers nothing for unknown paths', () => {
    expect(pagePerm('/systemData/dictionary/', routes, list).btn('btn_add')).toBe(true);
    const none = pagePerm('/elsewhere', routes, list);
    expect(none.moduleId).toBe('');
    expect(none.btn('btn_add')).toBe(false);
  });
  it('does not leak one page’s codes to another', () => {
    expect(pagePerm('/systemData/dictionary', routes, list).btn('btn_edit')).toBe(false);
    expect(pagePerm('/permission/user', routes, list).btn('btn_edit')).toBe(true);
  });
  it('filters columns and form fields only when the module lists some', () => {
    const user = pagePerm('/permission/user', routes, list);
    expect(user.col('account')).toBe(true);
    expect(user.col('mobilePhone')).toBe(false);
    expect(user.form('realName')).toBe(true);
    expect(user.form('email')).toBe(false);
    const dict = pagePerm('/systemData/dictionary', routes, list);
    expect(dict.col('anything')).toBe(true);
    expect(dict.form('anything')).toBe(true);
  });
});

function Buttons() {
  const perm = usePerm();
  return (
    <div>
      <PermButton perm={perm} code={BTN.add}>
        add
      </PermButton>
      <PermButton perm={perm} code={BTN.edit}>
        edit
      </PermButton>
      <PermButton perm={perm} code={BTN.remove}>
        remove
      </PermButton>
    </div>
  );
}

describe('PermButton with usePerm', () => {
  afterEach(() => {
    cleanup();
    sessionStore.set((s) => ({ ...s, routes: [], permissionList: [] }));
  });
  it('renders exactly the granted buttons of the current page', () => {
    sessionStore.set((s) => ({
      ...s,
      routes: [route('/systemData/dictionary', 'm-dict')],
      permissionList: [entry('m-dict', ['btn_add', 'btn_remove'])],
    }));
    render(
      <App>
        <MemoryRouter initialEntries={['/systemData/dictionary']}>
          <Buttons />
        </MemoryRouter>
      </App>,
    );
    expect(screen.getByText('add')).toBeTruthy();
    expect(screen.queryByText('edit')).toBeNull();
    expect(screen.getByText('remove')).toBeTruthy();
    expect(document.querySelectorAll('[data-perm]').length).toBe(2);
  });
  it('renders none without a permission entry', () => {
    sessionStore.set((s) => ({ ...s, routes: [route('/x', 'm-x')], permissionList: [] }));
    render(
      <MemoryRouter initialEntries={['/x']}>
        <Buttons />
      </MemoryRouter>,
    );
    expect(document.querySelectorAll('[data-perm]').length).toBe(0);
  });
});

describe('authorize grants', () => {
  const tree = [
    {
      id: 'sys',
      parentId: null,
      fullName: '系统数据',
      enCode: 'systemData',
      children: [
        { id: 'dict', parentId: 'sys', fullName: '数据字典', enCode: 'd' },
        { id: 'bill', parentId: 'sys', fullName: '单据规则', enCode: 'b' },
      ],
    },
    { id: 'home', parentId: null, fullName: '首页', enCode: 'home' },
  ];
  it('adds the directories above a checked page', () => {
    expect(withAncestors(['dict'], tree).sort()).toEqual(['dict', 'sys']);
    expect(withAncestors(['home'], tree)).toEqual(['home']);
    expect(withAncestors([], tree)).toEqual([]);
  });
  it('drops buttons, columns, forms and data scopes of menus no longer granted', () => {
    const items = {
      button: [
        { id: 'b1', moduleId: 'dict', fullName: '新建', enCode: 'btn_add' },
        { id: 'b2', moduleId: 'bill', fullName: '新建', enCode: 'btn_add' },
      ],
      column: [{ id: 'c1', moduleId: 'bill', fullName: 'x', enCode: 'x' }],
      form: [],
    };
    const out = grantsToSave(
      {
        module: ['sys', 'dict', 'dict'],
        button: ['b1', 'b2', 'b1'],
        column: ['c1'],
        form: [],
        dataScope: 'dept',
        moduleDataScope: [
          { moduleId: 'dict', scope: 'self' },
          { moduleId: 'bill', scope: 'all' },
        ],
      },
      items,
    );
    expect(out).toEqual({
      module: ['sys', 'dict'],
      button: ['b1'],
      column: [],
      form: [],
      dataScope: 'dept',
      moduleDataScope: [{ moduleId: 'dict', scope: 'self' }],
    });
  });
});

describe('field rules (spec 4 §5)', () => {
  it('code: letters, digits and dots, no dot at either end', () => {
    for (const ok of ['a', 'A1', 'e2e.dept.1', 'x.y']) expect(RULES.code.test(ok)).toBe(true);
    for (const bad of ['.a', 'a.', 'a-b', 'a b', '', '中文']) expect(RULES.code.test(bad)).toBe(false);
  });
  it('account, phone, e-mail, password', () => {
    expect(RULES.account.test('abc123')).toBe(true);
    expect(RULES.account.test('ab_c')).toBe(false);
    expect(RULES.phone.test('13800001111')).toBe(true);
    expect(RULES.phone.test('12800001111')).toBe(false);
    expect(RULES.phone.test('1380000111')).toBe(false);
    expect(RULES.email.test('a@b.cn')).toBe(true);
    expect(RULES.email.test('a@b')).toBe(false);
    expect(RULES.password.test('abc123')).toBe(true);
    expect(RULES.password.test('abcdef')).toBe(false);
    expect(RULES.password.test('123456')).toBe(false);
    expect(RULES.password.test('ab1')).toBe(false);
    expect(RULES.password.test('abcdefgh123456789')).toBe(false);
  });
});

interface N {
  id: string;
  children?: N[];
}
describe('tree helpers', () => {
  const t: N[] = [{ id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }, { id: 'd' }] }];
  it('flattens depth first', () => {
    expect(flatten(t).map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('removes a node with its subtree (parent pickers)', () => {
    expect(flatten(withoutNode(t, 'b')).map((n) => n.id)).toEqual(['a', 'd']);
    expect(withoutNode(t, undefined)).toBe(t);
  });
});

describe('resume sections', () => {
  it('lists the filled fields of a section, without ids and lists', () => {
    expect(filledFields({ id: 'x', userId: 'u', nation: '汉', marital: '', height: 0, list: [] })).toEqual([
      ['nation', '汉'],
      ['height', '0'],
    ]);
    expect(filledFields(undefined)).toEqual([]);
  });
});

describe('organisation administrator grants', () => {
  it('sends units with a flag set, every flag as 0 or 1', () => {
    expect(grantsOf({ a: { thisLayerSelect: 1 }, b: { thisLayerAdd: 0 }, c: {} })).toEqual([
      {
        organizeId: 'a',
        thisLayerSelect: 1,
        thisLayerAdd: 0,
        thisLayerEdit: 0,
        thisLayerDelete: 0,
        subLayerSelect: 0,
        subLayerAdd: 0,
        subLayerEdit: 0,
        subLayerDelete: 0,
      },
    ]);
  });
});

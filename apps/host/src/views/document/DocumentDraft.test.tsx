// 公文起草 shows edit and delete on one's own draft only with the buttons the server checks for them
// (issue 34: PUT/issue need WDQC01 btn_edit, DELETE btn_remove); new needs btn_add.
import type { PermissionEntry } from '@kp/schema';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import DocumentDraft from './DocumentDraft';

const draft = {
  id: 'd1',
  title: '我的草稿',
  username: '张伟',
  createtime: 0,
  contents: '',
  url: '/WDQC01?id=d1',
  status: 0,
  docType: null,
  isMine: true,
};
vi.mock('../../api/http', () => ({
  http: {
    get: vi.fn(async (url: string) =>
      url.endsWith('/List')
        ? { code: 200, data: { list: [draft], pagination: { total: 1 } } }
        : { code: 200, data: { list: [] } },
    ),
  },
}));

const withButtons = (codes: string[]) => {
  const perm: PermissionEntry = {
    modelId: 'm-doc',
    button: codes.map((enCode) => ({ enCode })),
    column: [],
    form: [],
  };
  sessionStore.set((s) => ({
    ...s,
    menuList: [{ id: 'm-doc', fullName: '公文起草', enCode: 'WDQC01', type: 2 }],
    permissionList: [perm],
  }));
};
const show = async () => {
  render(
    <MemoryRouter>
      <App>
        <DocumentDraft />
      </App>
    </MemoryRouter>,
  );
  await screen.findByText('我的草稿');
};

describe('DocumentDraft buttons', () => {
  afterEach(cleanup);

  it('hides new, edit and delete without their buttons', async () => {
    withButtons([]);
    await show();
    expect(screen.queryByTestId('document-new')).toBeNull();
    expect(screen.queryByTestId('document-edit')).toBeNull();
    expect(screen.queryByTestId('document-remove')).toBeNull();
  });

  it('shows each action with its own button only', async () => {
    withButtons(['btn_add', 'btn_edit']);
    await show();
    expect(screen.getByTestId('document-new')).toBeTruthy();
    expect(screen.getByTestId('document-edit')).toBeTruthy();
    expect(screen.queryByTestId('document-remove')).toBeNull();
    cleanup();
    withButtons(['btn_remove']);
    await show();
    expect(screen.queryByTestId('document-new')).toBeNull();
    expect(screen.queryByTestId('document-edit')).toBeNull();
    expect(screen.getByTestId('document-remove')).toBeTruthy();
  });
});

// 我发起的 shows withdraw, press and delete only with the buttons the server checks for them (issue 34:
// FlowLaunch withdraw needs workFlow.flowLaunchList btn_withdraw, press btn_press, delete btn_remove).
import type { PermissionEntry } from '@kp/schema';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { fakeApi, restoreFetch } from '../../router/fixedPageHarness';
import { sessionStore } from '../../store/session';
import FlowLaunchList from './FlowLaunchList';

const row = (id: string, fullName: string, status: number) => ({
  id,
  flowId: 'wf-leave',
  fullName,
  status,
  flowUrgent: 1,
  creatorTime: 0,
});

function withButtons(codes: string[]) {
  const perm: PermissionEntry = {
    modelId: 'm-launched',
    button: codes.map((enCode) => ({ enCode })),
    column: [],
    form: [],
  };
  sessionStore.set((s) => ({
    ...s,
    routes: [
      {
        name: 'workFlow-flowLaunchList',
        path: '/workFlow/flowLaunch',
        layout: 'main',
        component: 'workFlow/flowLaunch',
        meta: { title: '我发起的', zhTitle: '我发起的', type: 2, menuId: 'm-launched' },
      },
    ],
    permissionList: [perm],
  }));
}

async function show() {
  fakeApi({
    '/api/workflow/Engine/FlowLaunch': {
      data: {
        list: [row('t-running', '进行中的请假', 1), row('t-draft', '请假草稿', 0)],
        pagination: { currentPage: 1, pageSize: 20, total: 2 },
      },
    },
  });
  render(
    <MemoryRouter initialEntries={['/workFlow/flowLaunch']}>
      <AntApp>
        <FlowLaunchList />
      </AntApp>
    </MemoryRouter>,
  );
  await screen.findByText('进行中的请假');
}

afterEach(() => {
  cleanup();
  restoreFetch();
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('my launched flows: actions by button', () => {
  it('hides withdraw, press and delete without their buttons', async () => {
    withButtons([]);
    await show();
    expect(screen.queryByTestId('wf-launched-withdraw')).toBeNull();
    expect(screen.queryByTestId('wf-launched-press')).toBeNull();
    expect(screen.queryByTestId('wf-launched-delete')).toBeNull();
  });

  it('shows each action with its own button only', async () => {
    withButtons(['btn_withdraw']);
    await show();
    expect(screen.getByTestId('wf-launched-withdraw')).toBeTruthy();
    expect(screen.queryByTestId('wf-launched-press')).toBeNull();
    expect(screen.queryByTestId('wf-launched-delete')).toBeNull();
    cleanup();
    withButtons(['btn_press', 'btn_remove']);
    await show();
    expect(screen.queryByTestId('wf-launched-withdraw')).toBeNull();
    expect(screen.getByTestId('wf-launched-press')).toBeTruthy();
    expect(screen.getByTestId('wf-launched-delete')).toBeTruthy();
  });
});

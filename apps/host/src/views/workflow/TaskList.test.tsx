// The to-do list opens a task of another system (isOut 1, webUrl) on /external, which appends the one-time
// user code; a task of this platform opens the approval dialog as before. The network is answered by a fake
// of the list call.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { fakeApi, restoreFetch } from '../../router/fixedPageHarness';
import { FlowTodo } from './TaskList';

const row = (over: Record<string, unknown>) => ({
  id: 'op1',
  processId: 't1',
  flowId: 'wf-x',
  fullName: '外部系统的采购审批',
  status: 1,
  isOut: 0,
  webUrl: null,
  ...over,
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function show() {
  return render(
    <MemoryRouter initialEntries={['/workFlow/flowTodo']}>
      <AntApp>
        <Routes>
          <Route path="/workFlow/flowTodo" element={<FlowTodo />} />
          <Route path="/external" element={<Where />} />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  restoreFetch();
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('to-do list rows', () => {
  it('an external task (isOut 1) opens /external with its address and title', async () => {
    fakeApi({
      '/api/workflow/Engine/FlowBefore/List/1': {
        data: {
          list: [row({ isOut: 1, webUrl: 'https://erp.example.com/task/17?from=kp' })],
          pagination: { currentPage: 1, pageSize: 20, total: 1 },
        },
      },
    });
    show();
    fireEvent.click(await screen.findByTestId('wf-row-open'));
    const where = new URL(`http://x${(await screen.findByTestId('where')).textContent}`);
    expect(where.pathname).toBe('/external');
    expect(where.searchParams.get('url')).toBe('https://erp.example.com/task/17?from=kp');
    expect(where.searchParams.get('title')).toBe('外部系统的采购审批');
  });

  it('a task of this platform stays on the list (its dialog opens)', async () => {
    fakeApi({
      '/api/workflow/Engine/FlowBefore/List/1': {
        data: { list: [row({})], pagination: { currentPage: 1, pageSize: 20, total: 1 } },
      },
    });
    show();
    fireEvent.click(await screen.findByTestId('wf-row-open'));
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

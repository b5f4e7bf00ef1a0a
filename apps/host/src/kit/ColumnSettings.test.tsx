// The list's column-settings drawer (spec 3 §3; 320 px, spec 3 §9): reads the caller's saved columns of the
// module, hides and reorders columns, saves each change, and puts back the last good copy when a save fails
// (spec 3 §8 / 4 §8). The network is answered here by a fake of the two Authority calls.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { CrudPage } from './crud';

type Row = { id: string; fullName: string; enCode: string };
const perm = { moduleId: 'm1', btn: () => true, col: () => true, form: () => true };

function fakeServer(saved: string, putCode: () => number) {
  const real = globalThis.fetch;
  const puts: { moduleId: string; fieldList: string }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = (data: unknown, code = 200) =>
      new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'failed', data }));
    if (url.startsWith('/api/permission/Authority/GetColumnsByModuleId/m1'))
      return body({ moduleId: 'm1', fieldList: saved });
    if (url === '/api/permission/Authority/SetColumnsByModuleId' && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return body(null, putCode());
    }
    return body(null, 404);
  }) as typeof fetch;
  return { puts, restore: () => (globalThis.fetch = real) };
}

function Page() {
  return (
    <App>
      <CrudPage<Row>
        testId="page"
        perm={perm}
        onRefresh={() => {}}
        table={{
          dataSource: [{ id: '1', fullName: 'A', enCode: 'a' }],
          columns: [
            { title: '名称', dataIndex: 'fullName' },
            { title: '编码', dataIndex: 'enCode' },
            { title: '操作', key: 'a', render: () => 'act' },
          ],
        }}
      />
    </App>
  );
}
const headers = () =>
  [...document.querySelectorAll('[data-testid="page"] thead th')].map((th) => th.textContent);

afterEach(cleanup);

describe('CrudPage column settings', () => {
  it('applies the saved settings, saves a change as {moduleId, fieldList}, reverts when the save fails', async () => {
    await i18n.changeLanguage('zh');
    let code = 200;
    const net = fakeServer(
      JSON.stringify([{ prop: 'enCode', label: '编码', columnVisible: true }]),
      () => code,
    );
    try {
      render(<Page />);
      // saved order first (enCode), the unsaved column after it, actions always last
      await waitFor(() => expect(headers()).toEqual(['编码', '名称', '操作']));
      fireEvent.click(screen.getByTestId('btn-column-settings'));
      const drawer = await screen.findByTestId('column-settings');
      expect(within(drawer).getByText('列设置')).toBeTruthy();
      expect(within(drawer).queryByText('操作')).toBeNull();
      // hide 名称: saved, and the table follows
      await act(async () => fireEvent.click(within(drawer).getByLabelText('名称')));
      await waitFor(() => expect(headers()).toEqual(['编码', '操作']));
      expect(net.puts).toHaveLength(1);
      expect(net.puts[0]?.moduleId).toBe('m1');
      expect(JSON.parse(net.puts[0]?.fieldList ?? '')).toEqual([
        { prop: 'enCode', label: '编码', columnVisible: true },
        { prop: 'fullName', label: '名称', columnVisible: false },
      ]);
      // a failed save puts back the last good copy
      code = 500;
      await act(async () => fireEvent.click(within(drawer).getByLabelText('编码')));
      await waitFor(() => expect(net.puts).toHaveLength(2));
      await waitFor(() => expect(headers()).toEqual(['编码', '操作']));
      expect((within(drawer).getByLabelText('编码') as HTMLInputElement).checked).toBe(true);
    } finally {
      net.restore();
    }
  });
});

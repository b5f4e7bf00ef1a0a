// Read-only views of spec 4 §1: the area and dictionary details, the data interface's parameter view and
// the call log with each call's detail (GET …/DataInterfaceLog/{id}/Action/Info). The network is answered
// here by a fake of the calls these views make.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { DetailDrawer } from '../../kit/DetailDrawer';
import '../permission/i18n';
import { areaDetailFields } from './Area';
import { type DataInterfaceRow, LogDrawer, ParamView } from './DataInterfaceTools';
import { type DictData, dictDetailFields } from './Dictionary';

const real = globalThis.fetch;
let calls: string[] = [];
function answer(routes: Record<string, { code?: number; msg?: string; data?: unknown }>) {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const path = url.split('?')[0] ?? '';
    const r = routes[path] ?? { code: 404, msg: '接口不存在' };
    return new Response(JSON.stringify({ code: r.code ?? 200, msg: r.msg ?? 'ok', data: r.data ?? null }));
  }) as typeof fetch;
}
afterEach(() => {
  cleanup();
  globalThis.fetch = real;
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
const t = (k: string) => i18n.t(k);
const rows = (el: HTMLElement) =>
  [...el.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent));

const iface: DataInterfaceRow = {
  id: 'di1',
  fullName: '人员列表',
  enCode: 'people',
  kind: 'static',
  params: [],
  sortCode: 0,
  enabledMark: 1,
  creatorTime: 0,
};

describe('area and dictionary details', () => {
  it('shows an area as the server gives it (GET /api/system/Area/{id}/Info)', async () => {
    answer({
      '/api/system/Area/110000/Info': {
        data: {
          id: '110000',
          fullName: '北京市',
          enCode: '110000',
          type: 1,
          sortCode: 3,
          enabledMark: 1,
          description: '直辖市',
        },
      },
    });
    render(
      <App>
        <DetailDrawer
          url="/api/system/Area/110000/Info"
          title="详情"
          fields={areaDetailFields(t)}
          onClose={() => {}}
        />
      </App>,
    );
    const view = await screen.findByTestId('detail');
    await waitFor(() =>
      expect(rows(view)).toEqual([
        ['名称', '北京市'],
        ['编码', '110000'],
        ['类型', '1'],
        ['排序', '3'],
        ['状态', '启用'],
        ['说明', '直辖市'],
      ]),
    );
    expect(calls[0]?.startsWith('/api/system/Area/110000/Info')).toBe(true);
  });

  it('shows a dictionary item, and the server msg when the item is gone', async () => {
    answer({
      '/api/system/DictionaryData/d1/Info': {
        data: {
          id: 'd1',
          fullName: '事假',
          fullNameI18n: { zh: '事假', zhtw: '事假', en: 'Personal leave' },
          enCode: 'personal',
          sortCode: 1,
          enabledMark: 0,
          description: null,
        },
      },
      '/api/system/DictionaryData/gone/Info': { code: 404, msg: '数据不存在' },
    });
    const fields = dictDetailFields(t).data;
    const { rerender } = render(
      <App>
        <DetailDrawer<DictData>
          url="/api/system/DictionaryData/d1/Info"
          title="详情"
          fields={fields}
          onClose={() => {}}
        />
      </App>,
    );
    const view = await screen.findByTestId('detail');
    await waitFor(() =>
      expect(rows(view)).toEqual([
        ['名称', '事假'],
        ['繁体中文名称', '事假'],
        ['英文名称', 'Personal leave'],
        ['编码', 'personal'],
        ['排序', '1'],
        ['状态', '禁用'],
        ['说明', ''],
      ]),
    );
    rerender(
      <App>
        <DetailDrawer<DictData>
          url="/api/system/DictionaryData/gone/Info"
          title="详情"
          fields={fields}
          onClose={() => {}}
        />
      </App>,
    );
    await waitFor(() => expect(within(screen.getByTestId('detail')).getByText('数据不存在')).toBeTruthy());
    expect(rows(screen.getByTestId('detail'))).toEqual([]);
  });
});

describe('data interface parameter view and call log detail', () => {
  it('lists the parameters GetParam gives, read-only', async () => {
    answer({
      '/api/system/DataInterface/GetParam/di1': {
        data: [
          { field: 'keyword', defaultValue: '张', required: true, description: '姓名' },
          { field: 'page', defaultValue: null },
        ],
      },
    });
    render(
      <App>
        <ParamView row={iface} onClose={() => {}} />
      </App>,
    );
    const view = await screen.findByTestId('di-params-view');
    await waitFor(() =>
      expect(rows(view).slice(1)).toEqual([
        ['keyword', '张', '✓', '姓名'],
        ['page', '', '', ''],
      ]),
    );
    expect(rows(view)[0]).toEqual(['参数名', '默认值', '必填', '说明']);
    expect(view.querySelector('input')).toBeNull();
  });

  it('opens one call of the log in its detail (Action/Info)', async () => {
    const call = {
      id: 'log1',
      invokId: 'di1',
      fullName: '人员列表',
      userName: '管理员',
      invokTime: Date.UTC(2025, 0, 2, 12, 4, 5),
      invokWasteTime: 12,
      invokType: 'error',
      error: 'timeout',
      invokIp: '127.0.0.1',
    };
    answer({
      '/api/system/DataInterfaceLog/di1/Action/List': { data: { list: [call] } },
      '/api/system/DataInterfaceLog/log1/Action/Info': { data: call },
    });
    render(
      <App>
        <LogDrawer row={iface} onClose={() => {}} />
      </App>,
    );
    fireEvent.click(await screen.findByTestId('di-log-detail'));
    const view = await screen.findByTestId('di-log-detail-view');
    await waitFor(() => expect(within(view).getByText('timeout')).toBeTruthy());
    const lines = Object.fromEntries(rows(view).map(([k, v]) => [k, v]));
    expect(lines).toMatchObject({
      名称: '人员列表',
      用户: '管理员',
      'IP 地址': '127.0.0.1',
      '耗时(ms)': '12',
      结果: 'error',
      错误信息: 'timeout',
    });
    expect(lines.调用时间).toMatch(/^2025-01-02/);
    expect(calls.some((u) => u.startsWith('/api/system/DataInterfaceLog/log1/Action/Info'))).toBe(true);
  });
});

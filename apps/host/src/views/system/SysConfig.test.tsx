// The administrator's allow-list of external hosts (issue 34): type-5 messages, external menu links and /external
// open only these origins. The system settings screen shows, edits and saves it; a bad entry is refused before
// anything is sent.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import '../permission/i18n';
import SysConfig from './SysConfig';

const real = globalThis.fetch;
const sent: Array<{ method: string; body: unknown }> = [];
afterEach(() => {
  cleanup();
  globalThis.fetch = real;
  sent.length = 0;
});
beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function serve(settings: Record<string, unknown>) {
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, body: JSON.parse(String(init?.body ?? 'null')) });
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data: method === 'GET' ? settings : null }));
  }) as typeof fetch;
}

const hostInput = () => screen.getByTestId('sysconfig-link-hosts').querySelector('input') as HTMLInputElement;

describe('system settings: external link hosts', () => {
  it('shows the stored hosts, adds one and saves the list', async () => {
    serve({ sysName: 'KP', sysVersion: '1', externalLinkHosts: ['https://oa.example.com'] });
    render(
      <App>
        <SysConfig />
      </App>,
    );
    await screen.findByText('https://oa.example.com');
    fireEvent.change(hostInput(), { target: { value: 'http://erp.example.com:8080' } });
    fireEvent.keyDown(hostInput(), { key: 'Enter', code: 'Enter' });
    await screen.findByText('http://erp.example.com:8080');
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      externalLinkHosts: ['https://oa.example.com', 'http://erp.example.com:8080'],
    });
  });

  it('refuses an entry that is not an origin and sends nothing', async () => {
    serve({ sysName: 'KP', sysVersion: '1', externalLinkHosts: [] });
    render(
      <App>
        <SysConfig />
      </App>,
    );
    await waitFor(() => expect(hostInput()).toBeTruthy());
    fireEvent.change(hostInput(), { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(hostInput(), { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await screen.findByText(i18n.t('adm.originFormat'));
    expect(sent).toEqual([]);
  });
});

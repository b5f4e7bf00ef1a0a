// /external (spec 1 §2.1 详情): reached through the fixed route as the shell renders it. Only http(s) links
// load; the one-time user code of GET /api/oauth/GetUserCode is appended. The network is answered here by a
// fake of the one call the page makes.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { fakeApi, restoreFetch, showFixedRoute } from '../../router/fixedPageHarness';
import { sandboxOf } from './ExternalDetail';

const realOpen = window.open;
let calls: string[] = [];
/** GetUserCode answers the given codes in turn. */
function answerCodes(list: string[]) {
  calls = fakeApi({ '/api/oauth/GetUserCode': (n) => ({ data: { code: list[n - 1] } }) });
}
afterEach(() => {
  cleanup();
  restoreFetch();
  window.open = realOpen;
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
const show = (search: string) => showFixedRoute('/external', search);
/** window.open's calls, recorded instead of opening. */
function captureOpen(): unknown[][] {
  const opened: unknown[][] = [];
  window.open = ((...a: unknown[]) => {
    opened.push(a);
    return null;
  }) as typeof window.open;
  return opened;
}

describe('/external detail page', () => {
  it('refuses a javascript: link with a clear message and never loads it', async () => {
    answerCodes(['c1']);
    show(`?url=${encodeURIComponent('javascript:alert(1)')}&title=${encodeURIComponent('外部待办')}`);
    expect(await screen.findByText('链接地址无效：只允许 http 或 https 地址。')).toBeTruthy();
    expect(screen.getByText('外部待办')).toBeTruthy();
    expect(screen.queryByTestId('external-frame')).toBeNull();
    expect(screen.queryByTestId('external-open')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says so when the url is missing', async () => {
    answerCodes([]);
    show('');
    expect(await screen.findByText('缺少链接地址。')).toBeTruthy();
    expect(screen.getByText('详情')).toBeTruthy();
  });

  it('shows an https link with the user code appended, in a sandboxed iframe; opens it with a fresh code', async () => {
    answerCodes(['c1', 'c2']);
    const opened = captureOpen();
    show(
      `?url=${encodeURIComponent('https://erp.example.com/task?id=7')}&title=${encodeURIComponent('审批单')}`,
    );
    const frame = (await screen.findByTestId('external-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://erp.example.com/task?id=7&code=c1');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('title')).toBe('审批单');
    expect(calls.map((c) => c.split('?')[0])).toEqual(['/api/oauth/GetUserCode']);
    // the code is asked for this very address (the server binds it to that link's app)
    expect(new URL(calls[0], 'http://h').searchParams.get('url')).toBe('https://erp.example.com/task?id=7');
    fireEvent.click(screen.getByTestId('external-open'));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toEqual(['https://erp.example.com/task?id=7&code=c2', '_blank', 'noopener,noreferrer']);
  });

  it('an address the server did not hand out is neither framed nor opened: its refusal is shown (issue 34)', async () => {
    calls = fakeApi({
      '/api/oauth/GetUserCode': () => ({ code: 400, msg: 'url: 该链接地址不在允许的外部地址中' }),
    });
    const opened = captureOpen();
    show(`?url=${encodeURIComponent('https://evil.example/phish')}`);
    expect(await screen.findByText('url: 该链接地址不在允许的外部地址中')).toBeTruthy();
    expect(screen.queryByTestId('external-frame')).toBeNull();
    expect(screen.queryByTestId('external-open')).toBeNull();
    expect(opened).toEqual([]);
  });

  it('a page on the host origin does not keep its origin in the sandbox', () => {
    expect(sandboxOf(new URL('https://a.example/x'), 'https://a.example')).not.toContain('allow-same-origin');
    expect(sandboxOf(new URL('https://b.example/x'), 'https://a.example')).toContain('allow-same-origin');
  });
});

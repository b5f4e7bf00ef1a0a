// /emailDetail (spec 1 §2.1 查看邮件): reached through the fixed route as the shell renders it. The network
// is answered here by a fake of the one call the page makes (GET /api/Bussiness/email/{id}).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { fakeApi, restoreFetch, showFixedRoute } from '../../router/fixedPageHarness';

let calls: string[] = [];
const answer = (routes: Parameters<typeof fakeApi>[0]) => {
  calls = fakeApi(routes);
};
afterEach(() => {
  cleanup();
  restoreFetch();
});
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
const show = (search: string) => showFixedRoute('/emailDetail', search);

describe('/emailDetail page', () => {
  it('shows the mail: subject, sender, recipients, time and body (scripts never run)', async () => {
    answer({
      '/api/Bussiness/email/m%2F1': {
        data: {
          id: 'm/1',
          subject: '会议通知',
          from: 'wang@example.com',
          to: ['zhangwei@example.com', 'li@example.com'],
          time: new Date(2026, 10, 25, 9, 30).getTime(),
          read: false,
          body: '<p>下午<b>三点</b>开会</p><img src="x" onerror="window.__pwned=1">',
        },
      },
    });
    show('?id=m%2F1');
    expect((await screen.findByTestId('email-subject')).textContent).toBe('会议通知');
    expect(screen.getByText('wang@example.com')).toBeTruthy();
    expect(screen.getByText('zhangwei@example.com; li@example.com')).toBeTruthy();
    expect(screen.getByText('2026-11-25 09:30')).toBeTruthy();
    expect(screen.getByText('发件人')).toBeTruthy();
    const body = screen.getByTestId('email-body');
    expect(body.querySelector('b')?.textContent).toBe('三点');
    expect(body.innerHTML).not.toContain('onerror');
    expect(calls.map((c) => c.split('?')[0])).toEqual(['/api/Bussiness/email/m%2F1']);
  });

  it('shows the server’s message when no mail service is configured', async () => {
    answer({ '/api/Bussiness/email/m1': { code: 400, msg: '未配置邮件服务' } });
    show('?id=m1');
    expect((await screen.findByTestId('email-error')).textContent).toContain('未配置邮件服务');
    expect(screen.queryByTestId('email-subject')).toBeNull();
  });

  it('says so when the id is missing, without a call', async () => {
    answer({});
    show('');
    expect(await screen.findByText('缺少邮件编号。')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

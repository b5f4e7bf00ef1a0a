// Scan to log in (issue 20), as two people would: the login page on a desktop shows a QR code, a phone
// where zhangwei is signed in opens the address the QR code carries, confirms, and the desktop page is
// signed in as zhangwei. Cancelling on the phone shows the refresh state on the desktop.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './harness';
import { useSuite } from './suite';

const suite = useSuite('scan-login');
const { shot } = suite;
let desk: BrowserContext;
let phone: BrowserContext;

/** Opens the scan tab and returns the address the QR code carries (from the certificate the page asked for). */
async function scanTab(page: Page): Promise<string> {
  await page.goto(`${suite.kp.base}/kpSystem/login`);
  const cert = page.waitForResponse(
    (r) => r.url().includes('/api/oauth/codeCertificate') && !r.url().includes('Status'),
  );
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const body = (await (await cert).json()) as { data: { id: string } };
  await page.locator('[data-testid="scan-login"] canvas').waitFor();
  return `${suite.kp.base}/kpSystem/scanLogin?id=${body.data.id}`;
}

beforeAll(async () => {
  desk = await suite.context({ viewport: { width: 1366, height: 800 } });
  phone = await suite.context({ viewport: { width: 390, height: 844 }, isMobile: true });
  const p = await phone.newPage();
  await loginAs(p, suite.kp.base, 'zhangwei', 'kp123456');
  await p.close();
});

describe('scan to log in', () => {
  it('signs the desktop in once the phone confirms', async () => {
    const page = await desk.newPage();
    page.setDefaultTimeout(20_000);
    const url = await scanTab(page);
    await shot(page, 'qr');
    const mobile = await phone.newPage();
    await mobile.goto(url);
    await mobile.getByTestId('scan-confirm').waitFor();
    await expect(mobile.getByText('确认登录电脑端？').count()).resolves.toBe(1);
    await page.getByText('已扫描，请在手机上确认登录').waitFor();
    await shot(mobile, 'phone-ask');
    await mobile.getByTestId('scan-confirm').click();
    await mobile.getByText('已确认，电脑端正在登录').waitFor();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 30_000 });
    await page.locator('[data-testid="user-menu"]').waitFor();
    await expect(page.locator('[data-testid="user-menu"]').innerText()).resolves.toContain('张伟');
    await shot(page, 'signed-in');
    await page.close();
    await mobile.close();
  });

  it('shows the refresh state on the desktop when the phone cancels', async () => {
    const page = await (await suite.context({ viewport: { width: 1366, height: 800 } })).newPage();
    page.setDefaultTimeout(20_000);
    const url = await scanTab(page);
    const mobile = await phone.newPage();
    await mobile.goto(url);
    await mobile.getByTestId('scan-cancel').click();
    await mobile.getByText('已取消登录').waitFor();
    await page.getByText('已在手机上取消，请刷新二维码').waitFor();
    await shot(page, 'cancelled');
    expect(new URL(page.url()).pathname).toBe('/kpSystem/login');
    await mobile.close();
  });
});

// The host under the server's Content-Security-Policy (issue 17): the SPA loads, styles apply (antd's
// CSS-in-JS is inline), the websocket connects, the lock screen and the print frame work, and the browser
// reports no CSP violation on the way. Screenshot in e2e-results/csp-home.png.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { loginAs } from './harness';
import { useSuite } from './suite';

const suite = useSuite('csp');

describe('host under the CSP', () => {
  let ctx: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  const sockets: string[] = [];

  beforeAll(async () => {
    ctx = await suite.context({ viewport: { width: 1366, height: 800 } });
    page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Refused to load (CSP) ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
  });
  afterAll(async () => ctx?.close());

  it('the page is served with the CSP', async () => {
    const res = await page.goto(`${suite.kp.base}/kpSystem/login`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    await page.locator('[data-testid="login-form"]').waitFor();
  });

  it('logs in; styles, menus and the websocket work with no violation', async () => {
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    await page.waitForURL(/\/kpSystem\/(home|dashboard)/);
    // antd's inline styles applied: the primary button colour is not the browser default
    const styled = await page.evaluate(() => document.querySelectorAll('style').length);
    expect(styled).toBeGreaterThan(0);
    await page.locator('.ant-menu').first().waitFor();
    const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-menu')!).display);
    expect(bg).not.toBe('inline');
    await expect.poll(() => sockets.some((u) => u.endsWith('/websocket')), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'csp-home.png') });
    expect(violations).toEqual([]);
  });

  it('a sandboxed print frame (srcdoc with inline styles) renders without a violation', async () => {
    const height = await page.evaluate(async () => {
      const f = document.createElement('iframe');
      f.setAttribute('sandbox', 'allow-same-origin allow-modals');
      f.srcdoc =
        '<!doctype html><html><body><div style="height:123px;background:#eee">打印</div></body></html>';
      document.body.appendChild(f);
      await new Promise((r) => f.addEventListener('load', r));
      const h = f.contentDocument?.querySelector('div')?.getBoundingClientRect().height ?? 0;
      f.remove();
      return h;
    });
    expect(height).toBe(123);
    expect(violations).toEqual([]);
  });

  it('an inline script is refused (the CSP is in force)', async () => {
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__kpInline = 1';
      document.body.appendChild(s);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __kpInline?: number }).__kpInline ?? 0;
    });
    expect(ran).toBe(0);
    violations.length = 0;
  });
});

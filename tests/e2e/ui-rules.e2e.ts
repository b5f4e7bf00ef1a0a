// Small rules of the shell a user meets (issue 35 item 11), in Chromium against the real server:
// the settings drawer offers the portal page's customise and reset (spec 1 §2.4), the scroll-to-top button
// brings the page back in 800 ms (spec 3/4 §9), and copy messages last 1500 ms (spec 4 §8) — the code
// generator's preview copies each file.
import { fieldConfig, formConfig } from '@kp/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { byTest, settled, useSuite } from './suite';

const suite = useSuite('ui-rules');

async function openSettings(page: Page) {
  await byTest(page, 'tool-settings').click();
  await page.locator('.ant-drawer-open [data-testid="toggle-tagsView"]').waitFor();
  await settled(page);
}

describe('shell rules', () => {
  it('the settings drawer offers the portal page’s customise and reset, and only on a portal page', async () => {
    const page = await suite.session('zhangwei', { viewport: { width: 1440, height: 900 } });
    await page.waitForURL(/\/kpSystem\/home/, { timeout: 60_000 });
    await byTest(page, 'portal-customize').waitFor();
    await openSettings(page);
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('[data-testid="settings-portal"]').waitFor();
    expect(await drawer.locator('[data-testid="settings-portal-customize"]').textContent()).toContain(
      '自定义门户',
    );
    // customise: the drawer closes and the portal designer opens (the page's own handler)
    await drawer.locator('[data-testid="settings-portal-customize"]').click();
    const dialog = byTest(page, 'customize-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    expect(await page.locator('.ant-drawer-open').count()).toBe(0);
    await byTest(page, 'customize-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    // reset: the page's confirmation
    await openSettings(page);
    await page.locator('.ant-drawer-open [data-testid="settings-portal-reset"]').click();
    const text = byTest(page, 'reset-confirm-text');
    await text.waitFor();
    expect(await text.textContent()).toBe('是否重置为默认布局？重置后无法恢复');
    await page.locator('.ant-modal-confirm .ant-btn:not(.ant-btn-primary)').click();
    await text.waitFor({ state: 'detached' });
    // the group portal has them too
    await page.goto(`${suite.kp.base}/kpSystem/portal`);
    await byTest(page, 'group-portal').waitFor({ timeout: 60_000 });
    await byTest(page, 'portal-customize').waitFor();
    await openSettings(page);
    await page.locator('.ant-drawer-open [data-testid="settings-portal"]').waitFor();
    // not on a page that is no portal
    await page.goto(`${suite.kp.base}/kpSystem/profile`);
    await page.locator('[data-testid="main-layout"]').waitFor({ timeout: 60_000 });
    await openSettings(page);
    await page.locator('.ant-drawer-open [data-testid="toggle-tagsView"]').waitFor();
    expect(await page.locator('.ant-drawer-open [data-testid="settings-portal"]').count()).toBe(0);
  });

  it('the scroll-to-top button shows once the page is scrolled and scrolls back in 800 ms', async () => {
    const page = await suite.session('zhangwei', { viewport: { width: 1280, height: 420 } });
    await page.waitForURL(/\/kpSystem\/home/, { timeout: 60_000 });
    await byTest(page, 'portal-grid-view').waitFor();
    expect(await byTest(page, 'back-top').count()).toBe(0);
    await page.evaluate(() => {
      // enough room below the widgets to scroll well past the button's threshold
      const pad = document.createElement('div');
      pad.style.height = '3000px';
      document.querySelector('[data-testid="home-page"]')?.appendChild(pad);
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const button = byTest(page, 'back-top');
    await button.waitFor();
    await settled(page);
    const from = await page.evaluate(() => window.scrollY);
    expect(from).toBeGreaterThan(1000);
    // the time from the click until the page is at the top, measured in the page
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const el = document.querySelector<HTMLElement>('[data-testid="back-top"]');
          const t0 = performance.now();
          el?.click();
          const tick = () => {
            if (window.scrollY === 0) resolve(performance.now() - t0);
            else if (performance.now() - t0 > 5000) resolve(Number.POSITIVE_INFINITY);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    expect(ms).toBeGreaterThan(700);
    expect(ms).toBeLessThan(1300);
    await button.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('the code generator’s preview copies a file; the copy message shows for 1.5 s', async () => {
    const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
    const id = await suite.must<string>(admin, 'POST', '/api/visualdev/Base', {
      fullName: '复制测试',
      enCode: 'copyRule',
      formData: formConfig([
        { __config__: fieldConfig('comInput', '标题', { formId: 101 }), __vModel__: 'title' },
      ]),
      columnData: {
        columnList: [{ prop: 'title', label: '标题', width: 120, align: 'left' }],
        searchList: [],
        btnsList: [],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      },
    });
    const files = await suite.must<{ list: Array<{ fileName: string; fileContent: string }> }>(
      admin,
      'POST',
      `/api/visualdev/Generater/${id}/Actions/CodePreview`,
      { module: 'extend' },
    );
    const first = files.list[0];
    if (!first) throw new Error('no generated file');
    const page = await suite.session('admin', { password: 'admin123' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.kp.base });
    await suite.go(page, 'generator/webForm');
    await byTest(page, 'gen-preview-copyRule').click();
    await byTest(page, 'gen-ok').click();
    const copy = byTest(page, `gen-copy-${first.fileName}`);
    await copy.waitFor();
    await settled(page);
    await copy.click();
    const t0 = Date.now();
    const msg = page.locator('.ant-message-notice').filter({ hasText: '复制成功' });
    await msg.waitFor({ timeout: 1000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.fileContent);
    await page.waitForTimeout(Math.max(0, 1200 - (Date.now() - t0)));
    expect(await msg.count()).toBe(1);
    await msg.waitFor({ state: 'detached', timeout: 2500 - (Date.now() - t0) });
    expect(Date.now() - t0).toBeLessThan(2500);
  });
});

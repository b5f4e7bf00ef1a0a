// Designer and shell rough edges (issue 16): the form design dialog fits a 1366×768 screen, the designer's
// save checks speak the spec's texts in the host, the header search goes to a page on Enter, and the open
// tags survive a refresh of the page.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { byTest, useSuite } from './suite';

const suite = useSuite('rough-edges');
const admin = (width = 1366, height = 768): Promise<Page> =>
  suite.session('admin', { password: 'admin123', viewport: { width, height } });

async function openNewDesign(page: Page) {
  await page.goto(`${suite.kp.base}/kpSystem/onlineDev/webDesign`);
  await byTest(page, 'webdesign-add').click();
  await byTest(page, 'webdesign-name').fill('边角检查');
  await byTest(page, 'webdesign-code').fill('roughEdges');
  await byTest(page, 'webdesign-next').click();
  await byTest(page, 'webdesign-form').waitFor();
}

describe('designer and shell rough edges', () => {
  it('the design dialog fits 1366×768: palette and canvas end above the footer, the palette scrolls', async () => {
    const page = await admin();
    await openNewDesign(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'rough-designer-1366.png') });
    const m = await page.evaluate(() => {
      const area = document.querySelector('[data-testid="webdesign-form"]') as HTMLElement;
      const footer = area.closest('[role="dialog"]')?.querySelector('[data-testid="webdesign-save"]')
        ?.parentElement as HTMLElement;
      const palette = area.querySelector('[data-testid="palette"]') as HTMLElement | null;
      const boxes = [...area.querySelectorAll<HTMLElement>('*')].filter((e) => {
        const s = getComputedStyle(e);
        return (s.overflowY === 'auto' || s.overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1;
      });
      return {
        areaBottom: area.getBoundingClientRect().bottom,
        footerTop: footer.getBoundingClientRect().top,
        viewport: window.innerHeight,
        paletteBottom: palette?.getBoundingClientRect().bottom ?? 0,
        scrollers: boxes.length,
        pageScroll: document.documentElement.scrollHeight - window.innerHeight,
      };
    });
    expect(m.areaBottom).toBeLessThanOrEqual(m.footerTop + 1);
    expect(m.footerTop).toBeLessThan(m.viewport);
    expect(m.paletteBottom).toBeLessThanOrEqual(m.footerTop + 1);
    // what does not fit scrolls inside the designer, not past the dialog
    expect(m.scrollers).toBeGreaterThan(0);
    // the last palette group can be reached
    const last = page.locator('[data-testid="webdesign-form"] [data-testid^="palette-"]').last();
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(m.footerTop + 1);
    // a calculate field's formula editor (the last property of the field) is reachable above the footer
    await page.locator('[data-testid="webdesign-form"] [data-testid="palette-calculate"]').click();
    const formula = page.locator('[data-testid="webdesign-form"] [data-testid="expression-text"]');
    await formula.scrollIntoViewIfNeeded();
    const f = await formula.boundingBox();
    expect(f).not.toBeNull();
    expect((f?.y ?? 0) + (f?.height ?? 0)).toBeLessThanOrEqual(m.footerTop + 1);
    await formula.click();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'rough-designer-calculate-1366.png') });
  });

  it('the save checks show the spec texts: an empty form is 表单不允许为空', async () => {
    const page = await admin(1440, 900);
    await openNewDesign(page);
    await byTest(page, 'webdesign-save').click();
    await page.locator('.ant-message').getByText('表单不允许为空').waitFor();
    // next from the form step is refused the same way
    await byTest(page, 'webdesign-next').click();
    await expect
      .poll(() => page.locator('.ant-message').getByText('表单不允许为空').count())
      .toBeGreaterThan(0);
    expect(await byTest(page, 'webdesign-form').isVisible()).toBe(true);
  });

  it('header search: typing a menu name and Enter opens that page', async () => {
    const page = await admin(1440, 900);
    await page.goto(`${suite.kp.base}/kpSystem/home`);
    const input = page
      .locator('[data-testid="header-search"] input, input[data-testid="header-search"]')
      .first();
    await input.fill('用户管理');
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith('/permission/user'));
  });

  it('open tags survive a refresh', async () => {
    const page = await admin(1440, 900);
    await page.goto(`${suite.kp.base}/kpSystem/permission/user`);
    await page.locator('.kp-tag', { hasText: '用户管理' }).waitFor();
    await page.goto(`${suite.kp.base}/kpSystem/permission/role`);
    await page.locator('.kp-tag', { hasText: '角色管理' }).waitFor();
    await page.reload();
    await page.locator('.kp-tag', { hasText: '角色管理' }).waitFor();
    await page.locator('.kp-tag', { hasText: '用户管理' }).waitFor({ timeout: 10_000 });
  });

  it('a wrong old password shows the server message under the field, no uncaught error', async () => {
    const page = await admin(1440, 900);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${suite.kp.base}/kpSystem/profile?action=password`);
    const form = byTest(page, 'password-form');
    const inputs = form.locator('input[type="password"]');
    await inputs.nth(0).fill('not-the-password-1');
    await inputs.nth(1).fill('Kp12345678a');
    await inputs.nth(2).fill('Kp12345678a');
    await form.getByRole('button').last().click();
    await form.getByText('旧密码错误').first().waitFor();
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
    expect(page.url()).toContain('/profile');
  });

  it('a page the user has no menu for is 暂无权限; an unknown path stays 404', async () => {
    const page = await suite.session('zhangwei');
    await page.goto(`${suite.kp.base}/kpSystem/permission/user`);
    await byTest(page, 'no-permission').getByText('暂无权限').waitFor();
    expect(await byTest(page, 'not-found').count()).toBe(0);
    await page.goto(`${suite.kp.base}/kpSystem/no/such/page`);
    await page.waitForURL(/\/kpSystem\/404$/);
    await byTest(page, 'not-found').waitFor();
  });

  it('bill rule 预览 shows the next number in a dialog', async () => {
    const page = await admin(1440, 900);
    await page.goto(`${suite.kp.base}/kpSystem/systemData/billRule`);
    const row = page.locator('[data-testid="page-billRule"] .ant-table-row', { hasText: 'documentNo' });
    await row
      .getByRole('button', { name: '预 览' })
      .or(row.getByRole('button', { name: '预览' }))
      .first()
      .click();
    const shown = byTest(page, 'bill-preview');
    await shown.waitFor();
    expect(await shown.innerText()).toMatch(/^GW\d{8}$/);
  });

  it('门户设计 lists the portals: a new one is listed, opens in the portal designer and is released', async () => {
    const page = await admin(1366, 768);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${suite.kp.base}/kpSystem/onlineDev/portal`);
    await byTest(page, 'portal-design-page').waitFor();
    expect(await page.getByText('页面尚未提供').count()).toBe(0);
    await byTest(page, 'portal-new').click();
    await byTest(page, 'portal-name').fill('边角门户');
    await byTest(page, 'portal-code').fill('roughPortal');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const row = byTest(page, 'portal-row-roughPortal');
    await row.waitFor();
    await row.locator('[data-testid="portal-design"]').click();
    await byTest(page, 'portal-designer-dialog').waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'rough-portal-designer.png') });
    await page.keyboard.press('Escape');
    await byTest(page, 'portal-designer-dialog').waitFor({ state: 'detached' });
    await row.locator('[data-testid="portal-release"]').click();
    await page.locator('tr', { hasText: 'roughPortal' }).getByText('已发布').waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'rough-portal-list.png') });
    expect(errors).toEqual([]);
  });
});

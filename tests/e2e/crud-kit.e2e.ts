// The admin list kit (issue 23) and the spec's column-settings drawer (spec 3 §3, 320 px; issue 20): on the
// role list an administrator hides a column in the drawer, the table follows, and after a reload the
// server's saved copy (Authority/SetColumnsByModuleId) still hides it; then shows it again. Screenshots of
// two lists on the kit and of the drawer go to e2e-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSuite } from './suite';

const suite = useSuite('crud-kit');
const T = 60_000;

const { shot } = suite;
const headers = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] thead th`).allInnerTexts();

describe('CRUD kit lists', () => {
  it('the column-settings drawer hides a column, saves it per user and module, and shows it again', async () => {
    const page = await suite.session('admin', { password: 'admin123' });
    const ctx = page.context();
    try {
      await page.goto(`${suite.kp.base}/kpSystem/permission/role`);
      const role = page.locator('[data-testid="page-role"]');
      await role.locator('.ant-table-row').first().waitFor({ timeout: T });
      expect(await headers(page, 'page-role')).toContain('编码');
      await shot(page, 'role-list');

      await role.locator('[data-testid="btn-column-settings"]').click();
      const drawer = page.locator('[data-testid="column-settings"]');
      await drawer.getByText('列设置').waitFor({ timeout: T });
      expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(320);
      const saved = page.waitForResponse((r) => r.url().includes('/Authority/SetColumnsByModuleId'));
      await drawer.getByLabel('编码').click();
      expect((await (await saved).json()).code).toBe(200);
      await expect.poll(() => headers(page, 'page-role')).not.toContain('编码');
      await shot(page, 'column-settings-drawer');

      // the saved copy survives a reload
      await page.reload();
      await role.locator('.ant-table-row').first().waitFor({ timeout: T });
      await expect.poll(() => headers(page, 'page-role')).not.toContain('编码');
      expect(await headers(page, 'page-role')).toContain('名称');

      // and shows the column again
      await role.locator('[data-testid="btn-column-settings"]').click();
      await drawer.getByText('列设置').waitFor({ timeout: T });
      await drawer.getByLabel('编码').click();
      await expect.poll(() => headers(page, 'page-role')).toContain('编码');
      await page.keyboard.press('Escape');

      await page.goto(`${suite.kp.base}/kpSystem/systemData/billRule`);
      await page.locator('[data-testid="page-billRule"] .ant-table-row').first().waitFor({ timeout: T });
      await shot(page, 'billrule-list');
    } catch (e) {
      await shot(page, 'failure');
      throw e;
    } finally {
      await ctx.close();
    }
  }, 600_000);
});

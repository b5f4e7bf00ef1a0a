// Pages spec 1 §2.1 names (issue 20): /group, the personal groups page the user-by-department picker
// links to — an employee without any group menu opens it, creates a group of his own and finds it listed;
// another employee does not see it.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken, loginAs } from './harness';
import { useSuite } from './suite';

const suite = useSuite('spec-pages');
let page: Page;

beforeAll(async () => {
  const ctx = await suite.context({ viewport: { width: 1366, height: 800 } });
  page = await ctx.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, suite.kp.base, 'zhangwei', 'kp123456');
});

describe('/group', () => {
  it('lets an employee keep personal groups of his own', async () => {
    await page.goto(`${suite.kp.base}/kpSystem/group`);
    const view = page.getByTestId('page-personal-group');
    await view.waitFor();
    expect(await view.getByRole('tab').count()).toBe(0);
    await view.getByTestId('btn-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('项目部骨干');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await view.getByRole('cell', { name: '项目部骨干' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'spec-pages-group.png') });
    // Personal groups are their owner's: another employee's list does not hold it.
    const other = await apiToken(suite.kp.base, 'wangjianguo', 'kp123456');
    const res = await fetch(`${suite.kp.base}/api/system/groupcustom?type=0`, {
      headers: { authorization: `Bearer ${other}` },
    });
    const body = (await res.json()) as { data: { list: Array<{ fullName: string }> } };
    expect(body.data.list.map((g) => g.fullName)).not.toContain('项目部骨干');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateFormConfig, validatePortalLayout } from '@kp/schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { useViteApp } from './vite-app';

// Builds packages/designer/e2e-app with vite, serves its dist on 127.0.0.1:0 and drives the form and flow
// designers in Chromium with real HTML5 drag and drop.
const app = useViteApp('packages/designer/e2e-app');

const byTest = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm .ant-btn-primary');

async function drag(page: Page, from: string, to: string) {
  await page.locator(from).first().dragTo(page.locator(to).first());
}

async function exportJson(page: Page): Promise<Record<string, unknown>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byTest(page, 'btn-export-json').click(),
  ]);
  const file = await download.path();
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe('form designer', () => {
  it('drags three controls and a two-column table, sets a required rule, previews, exports valid JSON and re-imports it', async () => {
    const { page, errors } = await app.open({ acceptDownloads: true });
    try {
      await page.goto(app.base);
      await byTest(page, 'palette').waitFor();
      const canvasList = '[data-testid="canvas"] [data-holder="root"]';

      // three controls and a table, dragged from the palette onto the canvas
      await drag(page, '[data-testid="palette-comInput"]', canvasList);
      await byTest(page, 'field-101').waitFor();
      await drag(page, '[data-testid="palette-numInput"]', canvasList);
      await byTest(page, 'field-102').waitFor();
      await drag(page, '[data-testid="palette-select"]', canvasList);
      await byTest(page, 'field-103').waitFor();
      await drag(page, '[data-testid="palette-table"]', canvasList);
      await byTest(page, 'field-104').waitFor();

      // a table not linked to a data table refuses drops: 子表请先关联数据表
      await drag(page, '[data-testid="palette-comInput"]', '[data-holder="104"]');
      await page.getByText('子表请先关联数据表').first().waitFor();
      expect(await byTest(page, 'field-105').count()).toBe(0);

      // link the table, then drag two columns into it
      await byTest(page, 'field-104').click({ position: { x: 20, y: 10 } });
      await byTest(page, 'prop-tablename').fill('order_items');
      await drag(page, '[data-testid="palette-comInput"]', '[data-holder="104"]');
      await page.locator('[data-holder="104"] [data-testid="field-105"]').waitFor();
      await drag(page, '[data-testid="palette-numInput"]', '[data-holder="104"]');
      await page.locator('[data-holder="104"] [data-testid="field-106"]').waitFor();

      // layout containers cannot go into a table
      await drag(page, '[data-testid="palette-row"]', '[data-holder="104"]');
      await page.getByText('布局和子表控件不能放入子表').first().waitFor();

      // reorder: move the select before the text input
      await page.locator('[data-testid="field-103"]').dragTo(page.locator('[data-testid="field-101"]'), {
        targetPosition: { x: 30, y: 3 },
      });
      await expect
        .poll(async () =>
          page
            .locator('[data-holder="root"] > .kp-chunk > [data-testid^="field-"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
        )
        .toEqual(['field-103', 'field-101', 'field-102', 'field-104']);

      // required rule on the text input
      await byTest(page, 'field-101').click();
      await byTest(page, 'prop-required').click();
      await page.locator('[data-testid="field-101"] .kp-field-label span').first().waitFor();

      // preview through @kp/renderer: submitting empty shows the required message
      await byTest(page, 'btn-preview').click();
      const preview = byTest(page, 'form-preview');
      await preview.waitFor();
      await preview.getByText('单行输入').first().waitFor();
      const submit = preview.locator('.kp-form-buttons .ant-btn-primary');
      await submit.first().click();
      await preview.getByText('单行输入不能为空').first().waitFor();
      await page.screenshot({ path: path.join(RESULTS_DIR, 'designer-preview.png') });
      await page.locator('.ant-modal-close').first().click();
      await preview.waitFor({ state: 'detached' });

      // form properties: beside the onLoad script, the fields it may relax (scriptEffects)
      await page.getByRole('tab', { name: '表单属性' }).click();
      const effects = byTest(page, 'script-effects-onLoad');
      await effects.getByText('此脚本可能隐藏、禁用或设为非必填的字段').scrollIntoViewIfNeeded();
      await effects.locator('.ant-select').click();
      const option = (label: string) =>
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: new RegExp(`^${label}$`),
        });
      await option('单行输入').click();
      await option('设计子表 / 数字输入').click();
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await effects.locator('.ant-select-selection-item', { hasText: '设计子表 / 数字输入' }).waitFor();
      await byTest(page, 'property-panel').screenshot({
        path: path.join(RESULTS_DIR, 'designer-script-effects.png'),
      });

      // export a JSON file that validates
      const exported = await exportJson(page);
      const v = validateFormConfig(exported);
      expect(v.ok ? [] : v.errors).toEqual([]);
      const fields = exported.fields as Array<{ __config__: Record<string, unknown>; __vModel__?: string }>;
      expect(fields.map((f) => f.__config__.jnpfKey)).toEqual(['select', 'comInput', 'numInput', 'table']);
      expect(fields[1]!.__config__.required).toBe(true);
      const cols = fields[3]!.__config__.children as Array<{ __config__: Record<string, unknown> }>;
      expect(
        cols.map((c) => [c.__config__.jnpfKey, c.__config__.isSubTable, c.__config__.relationTable]),
      ).toEqual([
        ['comInput', true, 'order_items'],
        ['numInput', true, 'order_items'],
      ]);
      const col = cols[1] as { __vModel__?: string };
      expect(exported.scriptEffects).toEqual({
        onLoad: [fields[1]!.__vModel__, `${fields[3]!.__vModel__}.${col.__vModel__}`],
      });

      // clear (with confirmation), then re-import the exported JSON in the JSON editor
      await byTest(page, 'btn-clear').click();
      await page.getByText('确定要清空所有组件吗？').waitFor();
      await confirmOk(page).click();
      await expect.poll(() => page.locator('[data-testid="canvas"] [data-testid^="field-"]').count()).toBe(0);

      await byTest(page, 'btn-json-editor').click();
      const editor = page.locator('[data-testid="json-editor"] .cm-content');
      await editor.waitFor();
      await page.locator('[data-testid="json-editor"] .cm-lineNumbers').first().waitFor();
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText('{"fields": [oops');
      await page.locator('[data-testid="json-editor"] .cm-lint-marker-error').first().waitFor();
      await byTest(page, 'json-import-ok').click();
      await page.getByText('错误 / JSON格式错误，请检查').first().waitFor();

      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(JSON.stringify(exported));
      await byTest(page, 'json-import-ok').click();
      await page.locator('[data-holder="104"] [data-testid="field-106"]').waitFor();
      expect(await page.locator('[data-testid="canvas"] [data-testid^="field-"]').count()).toBe(6);
      const again = await exportJson(page);
      expect(again).toEqual(exported);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('form designer in English', () => {
  it('the scripts panel: a field picked as one the onLoad script may relax', async () => {
    const { page, errors } = await app.open();
    try {
      await page.goto(`${app.base}#form-en`);
      await byTest(page, 'palette-comInput').click();
      await byTest(page, 'palette-numInput').click();
      await byTest(page, 'field-102').waitFor();
      await page.getByRole('tab', { name: 'Form properties' }).click();
      const effects = byTest(page, 'script-effects-onLoad');
      await effects
        .getByText('Fields this script may hide, disable or make optional')
        .scrollIntoViewIfNeeded();
      await effects.locator('.ant-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Number' })
        .click();
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await effects.locator('.ant-select-selection-item', { hasText: 'Number' }).waitFor();
      await byTest(page, 'property-panel').screenshot({
        path: path.join(RESULTS_DIR, 'designer-script-effects-en.png'),
      });
      // the debounced local save (340 ms) holds the list
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('kp-form-draft')))
        .toContain('scriptEffects');
      expect(
        JSON.parse((await page.evaluate(() => localStorage.getItem('kp-form-draft')))!).scriptEffects,
      ).toEqual({
        onLoad: ['numInputField102'],
      });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('flow designer', () => {
  it('builds a two-branch flow; verify mode flags the approver node with no approvers', async () => {
    const { page, errors } = await app.open();
    try {
      await page.goto(`${app.base}#flow`);
      await byTest(page, 'node-start').waitFor();
      await byTest(page, 'add-after-start').click();
      await page.locator('.ant-popover:visible [data-testid="add-condition"]').last().click();
      const b1 = byTest(page, 'node-condition_1');
      const b2 = byTest(page, 'node-condition_2');
      await b1.waitFor();
      await b2.waitFor();
      // branches side by side, the default branch last
      const [r1, r2] = [await b1.boundingBox(), await b2.boundingBox()];
      expect(Math.abs(r1!.y - r2!.y)).toBeLessThan(2);
      expect(r2!.x).toBeGreaterThan(r1!.x);
      await b2.getByText('其他情况进入此流程').waitFor();
      await b1.getByText('优先级1').waitFor();

      // an approver in the first branch, a copy node in the second
      await byTest(page, 'add-after-condition_1').click();
      await page.locator('.ant-popover:visible [data-testid="add-approver"]').last().click();
      await byTest(page, 'node-approver_1').waitFor();
      await byTest(page, 'add-after-condition_2').click();
      await page.locator('.ant-popover:visible [data-testid="add-copy"]').last().click();
      await byTest(page, 'node-copy_1').waitFor();

      // zoom slider starts at 100 %
      expect(await byTest(page, 'flow-zoom-value').textContent()).toBe('100%');

      await byTest(page, 'flow-verify').click();
      const approver = byTest(page, 'node-approver_1');
      await expect.poll(() => approver.getAttribute('class')).toContain('kp-flow-node-invalid');
      expect(await byTest(page, 'node-error-approver_1').textContent()).toContain('请设置审批人');
      expect(await byTest(page, 'node-error-condition_1').textContent()).toContain('请设置条件');
      await page.screenshot({ path: path.join(RESULTS_DIR, 'designer-flow-verify.png') });

      // choosing an approver in the organisation tree clears the approver's mark
      await approver.locator('button').first().click();
      const drawer = page.locator('[data-testid="node-drawer"][data-node="approver_1"]');
      await drawer.waitFor();
      await drawer.locator('[data-testid="approver-users"] [data-testid="org-picker-open"]').click();
      const dialog = page.locator('[data-testid="org-picker-dialog"]:visible');
      await dialog.waitFor();
      const row = (name: string) => dialog.locator('.ant-tree-treenode', { hasText: name }).last();
      await row('总部').locator('.ant-tree-switcher').click();
      await row('财务部').locator('.ant-tree-switcher').click();
      await row('张三').locator('.ant-tree-checkbox').click();
      await dialog.getByText('已选：1').waitFor();
      await page.locator('[data-testid="org-picker-ok"]:visible').click();
      await drawer
        .locator('[data-testid="approver-users"] [data-testid="org-picked"]', { hasText: '张三' })
        .waitFor();
      await expect.poll(() => approver.getAttribute('class')).not.toContain('kp-flow-node-invalid');
      expect(await byTest(page, 'node-error-approver_1').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('portal designer', () => {
  it('drops widgets on any grid cell, moves one onto another (which moves below), resizes by the corner and saves a valid layout', async () => {
    const { page, errors } = await app.open();
    try {
      await page.goto(`${app.base}#portal`);
      const grid = byTest(page, 'portal-grid-cells');
      await grid.waitFor();
      const col = async () => (await grid.boundingBox())!.width / 24;
      const item = (kind: string) => page.locator(`.kp-portal-grid [data-kind="${kind}"]`).first();
      const pos = async (kind: string) => ({
        x: await item(kind).getAttribute('data-x'),
        y: await item(kind).getAttribute('data-y'),
        w: await item(kind).getAttribute('data-w'),
        height: await item(kind).getAttribute('data-height'),
      });

      // news to the top-left cell, notices to the right half of the first row
      await byTest(page, 'portal-palette-portalNews').dragTo(grid, { targetPosition: { x: 4, y: 4 } });
      await item('portalNews').waitFor();
      await byTest(page, 'portal-palette-portalNotices').dragTo(grid, {
        targetPosition: { x: (await col()) * 13, y: 4 },
      });
      await item('portalNotices').waitFor();
      expect(await pos('portalNews')).toMatchObject({ x: '0', y: '0', w: '12' });
      expect(await pos('portalNotices')).toMatchObject({ x: '12', y: '0', w: '12' });

      // news dragged by its top-left corner onto the notices' cell: it takes the cell, notices go below
      await item('portalNews').dragTo(grid, {
        sourcePosition: { x: 8, y: 8 },
        targetPosition: { x: (await col()) * 12 + 8, y: 8 },
      });
      await expect.poll(async () => (await pos('portalNews')).x).toBe('12');
      expect(await pos('portalNews')).toMatchObject({ x: '12', y: '0' });
      expect(await pos('portalNotices')).toMatchObject({ x: '12', y: '30' });

      // resize news from its corner: 6 columns narrower (12 -> 6), 100 px taller (300 -> 400)
      const handle = page.locator('[data-testid^="portal-resize-"]').first();
      const news = item('portalNews');
      const h = (await news.locator('[data-testid^="portal-resize-"]').boundingBox())!;
      const c = await col();
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2 - c * 3, h.y + h.height / 2 + 50, { steps: 4 });
      await page.mouse.move(h.x + h.width / 2 - c * 6, h.y + h.height / 2 + 100, { steps: 4 });
      await page.mouse.up();
      await expect.poll(async () => (await pos('portalNews')).w).toBe('6');
      expect(await pos('portalNews')).toMatchObject({ x: '12', y: '0', w: '6', height: '400' });
      expect(await pos('portalNotices')).toMatchObject({ x: '12', y: '40' });
      expect(await handle.count()).toBeGreaterThan(0);

      await byTest(page, 'portal-save').click();
      const saved = (await page.evaluate(
        () => (window as unknown as { __saved: unknown[] }).__saved,
      )) as Array<{
        layout: Array<{ jnpfKey: string; x: number; y: number; w: number; height: number }>;
      }>;
      expect(saved).toHaveLength(1);
      const layout = saved[0]!;
      const r = validatePortalLayout(layout);
      expect(r.ok ? [] : r.errors).toEqual([]);
      expect(layout.layout.map((x) => [x.jnpfKey, x.x, x.y, x.w, x.height])).toEqual([
        ['portalNews', 12, 0, 6, 400],
        ['portalNotices', 12, 40, 12, 300],
      ]);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'designer-portal-grid.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

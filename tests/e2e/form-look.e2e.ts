// The look of a generated form in the host, read from computed styles in Chromium: the required asterisk, the
// red message under a field, labels beside their controls, spacing between items, and labels that name their
// controls (selects included). At phone width the page does not scroll sideways.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { useSuite } from './suite';

const suite = useSuite('form-look');

async function leaveForm(width: number, height: number): Promise<Page> {
  const page = await suite.session('zhangwei', { viewport: { width, height } });
  await page.goto(`${suite.kp.base}/kpSystem/workFlow/flowLaunch/FlowIndex`);
  await page.getByTestId('wf-launch-leave').click();
  await page.getByTestId('wf-form').waitFor();
  await page.locator('[data-field="applicant"]').getByText('张伟').first().waitFor();
  return page;
}

const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);
/** r, g, b of a CSS colour as Chromium computes it. */
const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
const isRed = (css: string) => {
  const [r, g, b] = rgb(css);
  return r > 150 && g < 100 && b < 100;
};

describe('form look (computed styles)', () => {
  it('required asterisk, label beside its control, spacing, red message, labels name the controls', async () => {
    const page = await leaveForm(1440, 900);
    const label = item(page, 'leaveType').locator('label').first();
    await label.waitFor();
    // the required mark is antd's: a red "*" before the label text
    const mark = await label.evaluate((el) => {
      const s = getComputedStyle(el, '::before');
      return { content: s.content, color: s.color, display: s.display };
    });
    expect(mark.content).toBe('"*"');
    expect(mark.display).not.toBe('none');
    expect(isRed(mark.color), mark.color).toBe(true);
    // a field that is not required has no mark
    const plain = await item(page, 'attachments')
      .locator('label')
      .first()
      .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(plain === 'none' || plain === 'normal' || plain === '""').toBe(true);

    // label and control side by side on one line, the label right-aligned in its column
    const box = await item(page, 'leaveType').evaluate((row) => {
      const lab = row.querySelector('label') as HTMLElement;
      const ctl = row.querySelector('.ant-select') as HTMLElement;
      const l = lab.getBoundingClientRect();
      const c = ctl.getBoundingClientRect();
      return {
        labelRight: l.right,
        controlLeft: c.left,
        dy: Math.abs(l.top + l.height / 2 - (c.top + c.height / 2)),
        align: getComputedStyle(lab.parentElement as HTMLElement).textAlign,
        rowDisplay: getComputedStyle(row).display,
      };
    });
    expect(box.labelRight).toBeLessThanOrEqual(box.controlLeft + 1);
    expect(box.dy).toBeLessThan(6);
    expect(['right', 'end']).toContain(box.align);
    expect(box.rowDisplay).toBe('flex');

    // spacing: each item keeps antd's bottom margin, so two stacked fields do not touch
    const gap = await page.evaluate(() => {
      const a = document.querySelector('[data-field="leaveType"]')?.parentElement as HTMLElement;
      return Number.parseFloat(getComputedStyle(a).marginBottom);
    });
    expect(gap).toBeGreaterThanOrEqual(16);

    // a required field left empty: red message under the control, red border on the control
    // (the start node of the leave flow requires 请假类型; 请假天数 is computed, 请假事由 optional at launch)
    // submitting validates every field: the empty required ones show their message (and nothing is sent)
    await page.getByTestId('wf-btn-submit').click();
    const message = item(page, 'leaveType').getByRole('alert');
    await message.waitFor();
    // the spec's required message names the field
    expect(await message.textContent()).toMatch(/请假类型/);
    await page.waitForTimeout(400); // antd's fade-in of the message
    const look = await item(page, 'leaveType').evaluate((row) => {
      const msg = row.querySelector('[role="alert"]') as HTMLElement;
      let box = row.querySelector('input') as HTMLElement;
      // the bordered box around the input (antd wraps it)
      while (box.parentElement && getComputedStyle(box).borderTopWidth === '0px') box = box.parentElement;
      const m = msg.getBoundingClientRect();
      const t = box.getBoundingClientRect();
      return {
        color: getComputedStyle(msg).color,
        border: getComputedStyle(box).borderTopColor,
        below: m.top >= t.bottom - 1,
        left: Math.abs(m.left - t.left),
      };
    });
    expect(isRed(look.color), look.color).toBe(true);
    expect(isRed(look.border), look.border).toBe(true);
    expect(look.below).toBe(true);
    expect(look.left).toBeLessThan(2);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'form-look.png') });

    // the labels name their controls: selects and pickers are found by their label
    for (const name of ['申请人', '所属部门', '请假类型'])
      expect(await page.getByRole('combobox', { name }).count(), name).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: '请假事由' }).count()).toBe(1);
    // 请假天数 is a calculate field: read-only, filled from start and end
    expect(
      await item(page, 'days')
        .locator('input')
        .first()
        .evaluate((e) => (e as HTMLInputElement).readOnly || (e as HTMLInputElement).disabled),
    ).toBe(true);
  });

  it('at phone width (390 px) the form fits: no horizontal scroll of the page', async () => {
    const page = await leaveForm(390, 844);
    await item(page, 'reason').waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'form-look-390.png'), fullPage: true });
    const overflow = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      body: document.body.scrollWidth - document.body.clientWidth,
      form: (() => {
        const f = document.querySelector('[data-testid="wf-form"]') as HTMLElement;
        return f.getBoundingClientRect().right - window.innerWidth;
      })(),
    }));
    expect(overflow.doc).toBeLessThanOrEqual(0);
    expect(overflow.body).toBeLessThanOrEqual(0);
    expect(overflow.form).toBeLessThanOrEqual(1);
    // the fields are usable: the reason box is at least half the screen wide
    const w = await item(page, 'reason')
      .locator('textarea')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(w).toBeGreaterThan(195);
  });
});

// Issue 20: every language whole. Walks the main screens in en and zhtw — portal, launch list, to-do, a flow's
// launch dialog with its buttons and the generated form's validation messages, user administration, the form
// designer and the flow designer — and fails on any chrome string in the wrong script: for en any Han
// character, for zhtw any character opencc-js (simplified → traditional) would change. Chrome is the header,
// menu, position bar, tags, tabs, buttons, table headers, card titles, form labels, dialogs and validation
// messages; user data (names, the system name, table cells, seeded records) is left out by selector.
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../apps/server/src/domains/auth/settings';
import { launchBrowser, RESULTS_DIR } from './browser';
import { type KpServer, loginAs, startKp } from './harness';

let kp: KpServer;
let browser: Browser;

beforeAll(async () => {
  kp = await startKp('languages');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await kp?.close();
});

/** Chrome: what the product writes, not what users typed. */
const CHROME = [
  '[data-testid="main-layout"] header',
  '[data-testid="side-menu"]',
  '[data-testid="top-menu"]',
  '[data-testid="position"]',
  '[data-testid="tags-view"]',
  '.ant-tabs-tab',
  'button',
  '.ant-table-thead th',
  '.ant-card-head-title',
  '.ant-form-item-label',
  '.ant-modal-title',
  '.ant-modal-footer',
  '.ant-modal-confirm-content',
  '.ant-drawer-title',
  '.ant-form-item-explain-error',
  '.ant-empty-description',
  '.ant-pagination',
  'input[placeholder]',
].join(', ');
/**
 * User data inside chrome: the user's and the system's names, seeded records' own names. `[data-user-data]`
 * also marks a flow designer node's summary when it lists the organisation's users, positions or roles (the
 * seeded expense flow's 会计): org names as the administrators typed them. The node titles themselves, and
 * summaries the designer writes (所有人, 发起者主管), stay chrome.
 */
const USER_DATA = [
  '[data-testid="logo"]',
  '.kp-user-name',
  '[data-testid="last-login"]',
  '.kp-data',
  '[data-user-data]',
].join(', ');

/** The visible texts of the chrome on the page (placeholders included), user data left out. */
async function chromeTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ chrome, userData }) => {
      const out = new Set<string>();
      const visible = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
      };
      for (const el of document.querySelectorAll(chrome)) {
        if (!visible(el)) continue;
        if (el instanceof HTMLInputElement) {
          if (!el.closest(userData)) out.add(el.placeholder);
          continue;
        }
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const parent = n.parentElement;
          if (!parent || parent.closest(userData) || !visible(parent)) continue;
          const t = (n.textContent ?? '').trim();
          if (t) out.add(t);
        }
      }
      return [...out];
    },
    { chrome: CHROME, userData: USER_DATA },
  );
}

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Characters that are also correct traditional text. */
const BOTH = new Set('只台干里范着后面系松斗谷丑才冲云准于余卷布占制征采向咸姜表');
/** Language names written in their own script (the switcher's 简体中文). */
const OWN_SCRIPT = ['简体中文', '繁體中文', 'English'];

/** Configured names shown as they are (the system name of the settings). */
const CONFIGURED = new Set([DEFAULT_SETTINGS.sysName]);

function wrongScript(lang: 'en' | 'zhtw', texts: string[]): string[] {
  const bad: string[] = [];
  for (const raw of texts) {
    if (CONFIGURED.has(raw)) continue;
    let t = raw;
    for (const own of OWN_SCRIPT) t = t.replaceAll(own, '');
    if (lang === 'en') {
      if (/[\u4e00-\u9fff]/.test(t)) bad.push(raw);
    } else {
      const conv = [...convert(t)];
      if ([...t].some((c, i) => !BOTH.has(c) && conv[i] !== c)) bad.push(raw);
    }
  }
  return bad;
}

for (const lang of ['en', 'zhtw'] as const) {
  describe(`chrome in ${lang}`, () => {
    let page: Page;
    const found = new Map<string, string[]>();
    const check = async (screen: string) => {
      await page.waitForTimeout(300);
      const bad = wrongScript(lang, await chromeTexts(page));
      if (bad.length) found.set(screen, bad);
      await page.screenshot({ path: path.join(RESULTS_DIR, `languages-${lang}-${screen}.png`) });
    };
    const go = async (p: string, ready: string) => {
      await page.goto(`${kp.base}/kpSystem/${p}`);
      await page.locator(ready).first().waitFor();
    };
    /** The options of the select under `select`, opened; they are seeded data named in every language. */
    // Opens a select and reads its options. A click that lands while a dialog is still opening can be
    // undone when antd's Modal moves focus into itself at the end of its animation (the select blurs and
    // its drop-down closes: seen once in CI as an empty list), so a read that finds no options opens the
    // select again (at most three times).
    const optionsOf = async (select: string) => {
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      let texts: string[] = [];
      for (let attempt = 0; attempt < 3 && texts.length === 0; attempt++) {
        if (!(await options.first().isVisible())) await page.locator(select).first().click();
        await options.first().waitFor();
        texts = (await options.allInnerTexts()).map((x) => x.trim()).filter(Boolean);
      }
      await page.keyboard.press('Escape');
      return texts;
    };

    beforeAll(async () => {
      const ctx = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: lang === 'en' ? 'en-US' : 'zh-TW',
      });
      await ctx.addInitScript((l) => localStorage.setItem('jnpf_language', JSON.stringify(l)), lang);
      page = await ctx.newPage();
      page.setDefaultTimeout(30_000);
      await loginAs(page, kp.base, 'admin', 'admin123');
    });
    afterAll(async () => page?.context().close());

    it('portal (home)', async () => {
      await go('home', '[data-testid="main-layout"]');
      await page.locator('.ant-card').first().waitFor();
      await check('home');
    });

    it('launch list and a flow launch dialog with its buttons and validation messages', async () => {
      await go('workFlow/flowLaunch/FlowIndex', '[data-testid="wf-launch-index"]');
      await check('launch-index');
      await page.getByTestId('wf-launch-leave').click();
      await page.getByTestId('wf-form').waitFor();
      await check('launch-dialog');
      // the leave form's 请假类型 options in the page's language
      const types = await optionsOf('.ant-modal [data-field="leaveType"] .ant-select');
      expect(types).toContain(lang === 'en' ? 'Annual leave' : '調休');
      expect(wrongScript(lang, types)).toEqual([]);
      // Submitting the empty form shows each required field's message, select fields' included.
      await page.getByTestId('wf-btn-submit').click();
      await page.locator('.ant-form-item-explain-error').first().waitFor();
      await check('launch-validation');
    });

    it('a select fed by a dictionary: the meeting booking dialog and its meeting types', async () => {
      await go('oa/conference', '[data-testid="conference-page"]');
      await page.getByTestId('booking-new').click();
      await page.getByTestId('booking-type').waitFor();
      await check('booking-dialog');
      // /api/system/DictionaryData/dict-meeting-type/Data/Selector answers in the request's language
      const types = await optionsOf('[data-testid="booking-type"]');
      expect(types).toContain(lang === 'en' ? 'Regular meeting' : '例會');
      expect(wrongScript(lang, types)).toEqual([]);
      // confirming the empty booking shows the required fields' messages (请输入会议主题 …)
      await page.getByTestId('booking-ok').click();
      await page.locator('.ant-modal .ant-form-item-explain-error').first().waitFor();
      await check('booking-validation');
    });

    it('my launched list and the to-do list', async () => {
      await go('workFlow/flowLaunch', '[data-testid="wf-launched"]');
      await check('launched');
      await go('workFlow/flowTodo', '[data-testid="wf-list-1"]');
      await check('todo');
    });

    it('user administration with its dialog', async () => {
      await go('permission/user', '[data-testid="page-user"]');
      await page.locator('.ant-table-row').first().waitFor();
      await check('users');
      await page.getByTestId('btn-add').click();
      await page.getByTestId('user-account').waitFor();
      await check('user-dialog');
    });

    it('the form designer and the flow designer', async () => {
      await go('workFlow/flowEngine', '[data-testid="wf-engine"]');
      await page.locator('[data-testid="wf-engine"] .ant-table-row').first().waitFor();
      await check('flow-engine');
      await page
        .locator('[data-testid="wf-engine"] .ant-table-row')
        .first()
        .locator('button')
        .first()
        .click();
      const tabs = page.locator('.ant-modal:visible .ant-tabs-tab');
      await tabs.nth(1).click();
      await page.waitForTimeout(500);
      await check('form-designer');
      await tabs.nth(2).click();
      await page.getByTestId('node-start').waitFor();
      await check('flow-designer');
    });

    it('has no chrome string in the wrong script', () => {
      expect(Object.fromEntries(found)).toEqual({});
    });
  });
}

describe('spec rules (zh)', () => {
  it('forcing a session offline asks 确定要注销该账号? first (spec 4 §6)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    await loginAs(page, kp.base, 'admin', 'admin123');
    await page.goto(`${kp.base}/kpSystem/permission/onlineUser`);
    await page.getByTestId('page-onlineUser').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('page-onlineUser').locator('.ant-table-row button').first().click();
    await page.locator('.ant-modal-confirm').getByText('确定要注销该账号?').waitFor();
    // Cancelling keeps the session (the only one is the admin's own).
    await page.locator('.ant-modal-confirm .ant-btn').first().click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('page-onlineUser').locator('.ant-table-row').count()).toBeGreaterThan(0);
    await ctx.close();
  });
});

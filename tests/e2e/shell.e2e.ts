// The shell of apps/host end to end: a real server (PGlite in a temp folder, port 0) serving the built host,
// driven in Chromium. Login (wrong password, admin), the four layouts, three languages, lock and unlock,
// logout, 404, the guard, and a phone-sized screen. Screenshots go to e2e-results/.
import path from 'node:path';
import { MSG } from '@kp/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RESULTS_DIR } from './browser';
import { apiToken, type KpServer, startKp } from './harness';

interface Menu {
  type: number;
  urlAddress?: string;
  children?: Menu[];
}

let kp: KpServer;
let base: string;
let browser: Browser;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(RESULTS_DIR, `shell-${name}.png`) });

async function login(page: Page, account: string, password: string) {
  await page.goto(`${base}/kpSystem/login`);
  await page.fill('input[name="account"]', account);
  await page.fill('input[name="password"]', password);
  await page.click('[data-testid="login-submit"]');
}

async function openUserMenu(page: Page, item: string) {
  await page.hover('[data-testid="user-menu"]');
  await page.getByRole('menuitem', { name: item }).click();
}

beforeAll(async () => {
  // The shared harness builds the host only when its dist is older than the sources (CI builds it first).
  kp = await startKp('shell');
  base = kp.base;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await kp?.close();
});

describe('shell (desktop 1366x800)', () => {
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => ctx?.close());

  it('sends a visitor without a token to /login with a redirect', async () => {
    await page.goto(`${base}/kpSystem/home`);
    await page.waitForURL(/\/kpSystem\/login\?redirect=%2Fhome$/);
    await page.locator('[data-testid="login-form"]').waitFor();
    await shot(page, 'login');
  });

  it("shows the server's msg for a wrong password", async () => {
    await login(page, 'admin', 'wrong-password-1');
    const alert = page.locator('.kp-login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(MSG.badCredentials);
    expect(await page.locator('.ant-message').textContent()).toContain(MSG.badCredentials);
    expect(page.url()).toContain('/kpSystem/login');
  });

  it('logs in as admin and lands on the redirect target with the classic layout', async () => {
    await login(page, 'admin', 'admin123');
    await page.waitForURL(/\/kpSystem\/home$/);
    await page.locator('[data-testid="main-layout"]').waitFor();
    expect(await page.locator('[data-testid="main-layout"]').getAttribute('data-layout')).toBe('classic');
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toMatch(/.+/);
    // The menu from CurrentUser is in the side menu; the home tab is fixed (no close icon).
    expect(
      await page
        .locator('[data-testid="side-menu"] .ant-menu-submenu, [data-testid="side-menu"] .ant-menu-item')
        .count(),
    ).toBeGreaterThan(0);
    const homeTag = page.locator('.kp-tag[data-path="/home"]');
    expect(await homeTag.count()).toBe(1);
    expect(await homeTag.locator('.kp-tag-close').count()).toBe(0);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('首页');
    await shot(page, 'home-classic');
  });

  it('finds a menu page with the header search: a tag appears, the title follows, unbuilt pages say so', async () => {
    await page.fill('[data-testid="header-search"] input, input[data-testid="header-search"]', '门户设计');
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    await option.click();
    await page.waitForURL(/\/kpSystem\/onlineDev\/portal$/);
    const tag = page.locator('.kp-tag[data-path="/onlineDev/portal"]');
    await tag.waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('门户设计');
    // Until its page is built, a menu entry shows the "not available yet" page naming it.
    const pending = page.locator('[data-testid="page-pending"]');
    if ((await pending.count()) > 0) expect(await pending.textContent()).toContain('门户设计');
    // The current-position bar shows the Chinese title.
    expect(await page.locator('[data-testid="position"]').textContent()).toContain('门户设计');
    // Closing the active tab goes to the last remaining one (home).
    await tag.locator('.kp-tag-close').click();
    await page.waitForURL(/\/kpSystem\/home$/);
    expect(await tag.count()).toBe(0);
  });

  it('tag bar right-click menu: close others, refresh', async () => {
    await openUserMenu(page, '个人信息');
    await page.waitForURL(/\/kpSystem\/profile$/);
    await page.locator('[data-testid="profile-page"]').waitFor();
    await page.fill('[data-testid="header-search"] input, input[data-testid="header-search"]', '门户设计');
    await page.locator('.ant-select-item-option').first().click();
    await page.waitForURL(/\/kpSystem\/onlineDev\/portal$/);
    await page.locator('.kp-tag[data-path="/onlineDev/portal"]').waitFor();
    expect(await page.locator('.kp-tag').count()).toBe(3);
    await page.locator('.kp-tag[data-path="/profile"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(/\/kpSystem\/profile$/);
    expect(
      await page.locator('.kp-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))),
    ).toEqual(['/home', '/profile']);
    await page.locator('.kp-tag[data-path="/profile"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await page.waitForURL(/\/kpSystem\/profile$/);
    await page.locator('[data-testid="profile-page"]').waitFor();
    await page.locator('.kp-tag[data-path="/profile"] .kp-tag-close').click();
    await page.waitForURL(/\/kpSystem\/home$/);
  });

  it('profile: base info from the server, ?action=password opens the password tab with its rule', async () => {
    await page.goto(`${base}/kpSystem/profile`);
    const baseInfo = page.locator('[data-testid="profile-base"]');
    await baseInfo.waitFor();
    expect(await baseInfo.textContent()).toContain('admin');
    await page.goto(`${base}/kpSystem/profile?action=password`);
    const form = page.locator('[data-testid="password-form"]');
    await form.waitFor();
    await form.locator('input').nth(0).fill('admin123');
    await form.locator('input').nth(1).fill('abcdef');
    await form.locator('input').nth(2).fill('abcdef');
    await form.locator('button[type="submit"]').click();
    await page.getByText('6-16位字符的密码（数字和字母组成）', { exact: true }).first().waitFor();
    expect(page.url()).toContain('/profile');
    await page.goto(`${base}/kpSystem/home`);
    await page.locator('[data-testid="main-layout"]').waitFor();
  });

  it('switches the four layouts from the settings drawer and stores the choice', async () => {
    await page.click('[data-testid="tool-settings"]');
    for (const layout of ['functional', 'plain', 'blend', 'classic'] as const) {
      await page.click(`[data-testid="layout-${layout}"]`);
      await page.waitForSelector(`[data-testid="main-layout"][data-layout="${layout}"]`);
      expect(await page.evaluate(() => localStorage.getItem('jnpf_layoutType'))).toBe(JSON.stringify(layout));
      if (layout === 'functional' || layout === 'blend') {
        // The top menu begins with the group-portal item.
        const first = page
          .locator('[data-testid="top-menu"] > .ant-menu-item, [data-testid="top-menu"] > .ant-menu-submenu')
          .first();
        expect((await first.textContent())?.trim()).toBe('集团门户');
      }
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      await shot(page, `layout-${layout}`);
      if (layout !== 'classic') await page.click('[data-testid="tool-settings"]');
    }
  });

  it('switches zh → en → zhtw → zh with the success texts', async () => {
    const expected = { en: 'Switch Language Success', zhtw: '切換成功', zh: '切换成功' } as const;
    for (const lang of ['en', 'zhtw', 'zh'] as const) {
      await page.hover('[data-testid="tool-language"]');
      await page.click(`[data-testid="lang-${lang}"]`);
      await page.locator('.ant-message-notice', { hasText: expected[lang] }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('jnpf_language'))).toBe(JSON.stringify(lang));
      const homeTag = (await page.locator('.kp-tag[data-path="/home"]').textContent())?.trim();
      expect(homeTag).toBe({ en: 'Home', zhtw: '首頁', zh: '首页' }[lang]);
      await shot(page, `lang-${lang}`);
    }
  });

  it('switches the component size with its success text and keeps it after a reload', async () => {
    await page.hover('[data-testid="tool-size"]');
    await page.locator('[data-testid="size-small"]').click();
    await page.getByText('Switch Size Success').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jnpf_size'))).toBe(JSON.stringify('small'));
    await page.reload();
    await page.locator('[data-testid="tool-size"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jnpf_size'))).toBe(JSON.stringify('small'));
    await page.hover('[data-testid="tool-size"]');
    await page.locator('[data-testid="size-default"]').click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('jnpf_size')))
      .toBe(JSON.stringify('default'));
  });

  it('shows about and statement dialogs', async () => {
    await openUserMenu(page, '关于平台');
    const about = page.locator('[data-testid="about-dialog"]');
    await about.waitFor();
    expect(await about.textContent()).toContain('V1.1.0');
    expect(await about.textContent()).toContain('信息管理部');
    await page.keyboard.press('Escape');
    await openUserMenu(page, '平台声明');
    const st = page.locator('[data-testid="statement-dialog"]');
    await st.waitFor();
    expect(await st.textContent()).toContain('内部员工');
    await page.keyboard.press('Escape');
  });

  it('locks the screen, keeps every path on /lockScreen, and unlocks with the password', async () => {
    await openUserMenu(page, '锁定屏幕');
    await page.waitForURL(/\/kpSystem\/lockScreen$/);
    expect(await page.evaluate(() => localStorage.getItem('jnpf_lock'))).toBe('1');
    await page.goto(`${base}/kpSystem/home`);
    await page.waitForURL(/\/kpSystem\/lockScreen$/);
    await shot(page, 'lock-screen');
    await page.fill('input[name="password"]', 'not-the-password');
    await page.click('[data-testid="unlock-submit"]');
    await page.locator('.kp-login-error').waitFor();
    expect(await page.locator('.kp-login-error').textContent()).toBe(MSG.badCredentials);
    await page.fill('input[name="password"]', 'admin123');
    await page.click('[data-testid="unlock-submit"]');
    await page.waitForURL(/\/kpSystem\/home$/);
    await page.locator('[data-testid="main-layout"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jnpf_lock'))).toBeNull();
  });

  it('sends unknown paths to /404', async () => {
    await page.goto(`${base}/kpSystem/no/such/page`);
    await page.waitForURL(/\/kpSystem\/404$/);
    await page.locator('[data-testid="not-found"]').waitFor();
  });

  it('logs out after the confirmation and clears the session', async () => {
    await page.goto(`${base}/kpSystem/home`);
    await page.locator('[data-testid="main-layout"]').waitFor();
    await openUserMenu(page, '退出登录');
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('您确定要退出应用程序吗?');
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL(/\/kpSystem\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();
    // The old session is gone on the server too: /home asks for login again.
    await page.goto(`${base}/kpSystem/home`);
    await page.waitForURL(/\/kpSystem\/login\?redirect=/);
  });

  it('shows the last-login notice on the next login', async () => {
    await login(page, 'admin', 'admin123');
    await page.waitForURL(/\/kpSystem\/home$/);
    const notice = page.locator('[data-testid="last-login"]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/IP/);
  });
});

describe('shell on a phone (390x844)', () => {
  it('logs in, opens the menu drawer, and the drawer closes on navigation', async () => {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    try {
      await login(page, 'admin', 'admin123');
      await page.waitForURL(/\/kpSystem\/home$/);
      await page.locator('[data-testid="main-layout"]').waitFor();
      // No page-wide horizontal scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(page, 'phone-home');
      await page.click('[data-testid="hamburger"]');
      const menu = page.locator('.ant-drawer-open [data-testid="side-menu"]');
      await menu.waitFor();
      await shot(page, 'phone-menu');
      // The first group is open on /home: pick its first page.
      await menu.locator('.ant-menu-submenu-open .ant-menu-item').first().click();
      await page.waitForFunction(() => !location.pathname.endsWith('/home'));
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
      await shot(page, 'phone-page');
    } finally {
      await ctx.close();
    }
  });
  it("every one of admin's menu pages fits the phone in en: no sideways page, nothing past the screen outside a scroller, no header squeezed to a letter per line", async () => {
    const token = await apiToken(base, 'admin', 'admin123');
    const me = (await (
      await fetch(`${base}/api/oauth/CurrentUser`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { menuList: Menu[] } };
    const urls: string[] = [];
    const collect = (list: Menu[] | undefined) => {
      for (const m of list ?? []) {
        if (m.type === 2 && m.urlAddress && !/^https?:/.test(m.urlAddress)) urls.push(m.urlAddress);
        collect(m.children);
      }
    };
    collect(me.data.menuList);
    expect(urls.length).toBeGreaterThan(25);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await ctx.addInitScript(() => localStorage.setItem('jnpf_language', JSON.stringify('en')));
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    const bad: string[] = [];
    try {
      await login(page, 'admin', 'admin123');
      await page.waitForURL(/\/kpSystem\/home$/);
      for (const url of urls) {
        await page.goto(`${base}/kpSystem/${url}`);
        await page.locator('[data-testid="main-layout"]').waitFor();
        await page.waitForLoadState('networkidle');
        const m = await page.evaluate(() => {
          // The page's own boxes (the content area, a view, an admin page's main column) may not scroll
          // sideways; past the screen's edge is a fault unless a scroller inside them (a table's, a
          // timeline's) holds it, or a box there that ends on the screen clips it (an ellipsis).
          const W = window.innerWidth + 1;
          const main = document.querySelector('main');
          const pageBoxes = [
            document.documentElement,
            ...(main ? [main, ...main.querySelectorAll('.kp-view, .kp-adm-main')] : []),
          ];
          const visiblePast = (e: Element) => {
            for (let a = e.parentElement; a && !pageBoxes.includes(a); a = a.parentElement) {
              const o = getComputedStyle(a).overflowX;
              if (o === 'auto' || o === 'scroll') return false;
              if (o !== 'visible' && a.getBoundingClientRect().right <= W) return false;
            }
            return true;
          };
          const past = [...document.querySelectorAll('main *')].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > W && visiblePast(e);
          });
          const heads = [...document.querySelectorAll<HTMLElement>('main th')].filter((th) =>
            th.innerText.trim(),
          );
          return {
            // (a box that does not scroll passes its overflow on to the one that does)
            page: Math.max(
              ...pageBoxes
                .filter(
                  (b) => b === document.documentElement || /auto|scroll/.test(getComputedStyle(b).overflowX),
                )
                .map((b) => b.scrollWidth - b.clientWidth),
            ),
            past: past.slice(0, 2).map((e) => `${e.tagName} ${e.getAttribute('data-testid') ?? ''}`),
            head: Math.max(0, ...heads.map((th) => th.getBoundingClientRect().height)),
          };
        });
        if (m.page > 1 || m.past.length || m.head >= 60) {
          bad.push(`${url} ${JSON.stringify(m)}`);
          await shot(page, `phone-bad-${url.replaceAll('/', '_')}`);
        }
      }
    } finally {
      await ctx.close();
    }
    expect(bad).toEqual([]);
  }, 600_000);
});

describe('login page languages (1366x800)', () => {
  it('fetches no zhtw or en catalogue for zh, switches zh → en → zhtw in place, opens in the stored one', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    // Every text the login title ever shows, from the first render on (raw keys or a zh flash would show).
    await ctx.addInitScript(() => {
      const w = window as unknown as { titles: string[] };
      w.titles = [];
      new MutationObserver(() => {
        const t = document.querySelector('.kp-login-title')?.textContent ?? null;
        if (t !== null && w.titles.at(-1) !== t) w.titles.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // The catalogues come late (a slow network): nothing may render before its language's texts are there.
    await ctx.route(/\/assets\/(en|zhtw)-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop() ?? '');
    });
    const titles = () => page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    const expected = {
      zh: { title: '账户密码登录', tab: '扫码登录', account: '请输入账号' },
      en: { title: 'Account login', tab: 'Scan QR code', account: 'Account' },
      zhtw: { title: '帳戶密碼登入', tab: '掃碼登入', account: '請輸入帳號' },
    };
    try {
      await page.goto(`${base}/kpSystem/login`);
      await page.locator('[data-testid="login-form"]').waitFor();
      expect(scripts.filter((s) => /^(en|zhtw|zh-tw|zh_TW)-/.test(s))).toEqual([]);
      for (const [lang, name] of [
        ['en', 'English'],
        ['zhtw', '繁體中文'],
      ] as const) {
        await page.locator('.kp-login-langs button', { hasText: name }).click();
        await page.locator('.kp-login-title', { hasText: expected[lang].title }).waitFor();
        await page.getByRole('tab', { name: expected[lang].tab }).waitFor();
        expect(await page.getAttribute('input[name="account"]', 'placeholder')).toBe(expected[lang].account);
        const body = await page.locator('body').innerText();
        expect(body).not.toMatch(/\b(login|common|lang|about)\.[a-zA-Z]+/);
      }
      expect(await titles()).toEqual([expected.zh.title, expected.en.title, expected.zhtw.title]);
      expect(await page.evaluate(() => localStorage.getItem('jnpf_language'))).toBe('"zhtw"');
      // stored zhtw: the first render already has the zhtw catalogue
      await page.reload();
      await page.locator('[data-testid="login-form"]').waitFor();
      expect(await titles()).toEqual([expected.zhtw.title]);
      await shot(page, 'login-zhtw');
    } finally {
      await ctx.close();
    }
  });
});

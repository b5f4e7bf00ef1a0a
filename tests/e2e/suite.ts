// The frame most browser suites share: one real server (startKp) and one Chromium for the file, pages in
// their own contexts (closed at the end), and the small helpers every suite wrote again — go to a host
// path, take a named screenshot, call the API with a token, wait for a toast.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, RESULTS_DIR } from './browser';
import { type KpServer, loginAs, startKp } from './harness';

/** A page's default wait (actions, locators): the machine is slow when suites run side by side. */
export const T = 60_000;

export interface Envelope<D> {
  code: number;
  msg: string;
  data: D;
}

export interface SessionOptions {
  /** Password (default kp123456, the seeded staff's; admin's is admin123). */
  password?: string;
  viewport?: { width: number; height: number };
  /** Browser locale (default zh-CN). */
  locale?: string;
  /** A phone: touch and the mobile viewport meta honoured. */
  isMobile?: boolean;
  /** Runs the pages without the site's Content-Security-Policy (only for calibrating detectors). */
  bypassCSP?: boolean;
  /** Called with each browser dialog (alert/confirm) before it is dismissed. */
  onDialog?: (message: string) => void;
}

export interface Suite {
  readonly kp: KpServer;
  readonly browser: Browser;
  /** A new browser context and page, signed in as `account` when one is given. */
  session(account?: string, opts?: SessionOptions): Promise<Page>;
  /** A new context (for suites that open pages themselves). */
  context(opts?: SessionOptions): Promise<BrowserContext>;
  /** Opens a host path: go(page, 'workFlow/flowTodo'). */
  go(page: Page, hostPath: string): ReturnType<Page['goto']>;
  /** A screenshot in e2e-results named `<suite>-<name>.png`. */
  shot(page: Page, name: string): Promise<Buffer>;
  /** Any API route's envelope with the bearer token (JSON body when given). */
  api<D = unknown>(token: string, method: string, url: string, body?: unknown): Promise<Envelope<D>>;
  /** An API call that must answer code 200; its data. */
  must<D = unknown>(token: string, method: string, url: string, body?: unknown): Promise<D>;
}

/** Waits for an antd message (toast) with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByText(text).first().waitFor({ timeout: T });

/**
 * Waits until no finite CSS animation or transition is running (a modal has finished zooming in or out), so a
 * click lands where Playwright aimed it: on a slow machine a click taken mid-animation can hit the modal's body.
 * Endless ones (a spinner, a processing badge) are left out.
 */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );

/** An element by data-testid. */
export const byTest = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/**
 * Starts the server and the browser before the file's tests and stops them after (contexts first).
 * `name` names the data folder and the screenshots. `after` runs first at the end (e.g. writing a report).
 */
export function useSuite(name: string, opts: { after?: () => void | Promise<void> } = {}): Suite {
  let kp: KpServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    kp = await startKp(name);
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await opts.after?.();
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await kp?.close();
  });
  const need = <V>(v: V | undefined, what: string): V => {
    if (!v) throw new Error(`${what} is not started (use the suite inside tests or hooks)`);
    return v;
  };
  const suite: Suite = {
    get kp() {
      return need(kp, 'the server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async context(o = {}) {
      const ctx = await suite.browser.newContext({
        viewport: o.viewport ?? { width: 1440, height: 900 },
        locale: o.locale ?? 'zh-CN',
        ...(o.bypassCSP ? { bypassCSP: true } : {}),
        ...(o.isMobile ? { isMobile: true } : {}),
      });
      contexts.push(ctx);
      return ctx;
    },
    async session(account, o = {}) {
      const ctx = await suite.context(o);
      const page = await ctx.newPage();
      page.setDefaultTimeout(T);
      if (o.onDialog) {
        const seen = o.onDialog;
        page.on('dialog', (d) => {
          seen(d.message());
          void d.dismiss();
        });
      }
      if (account) await loginAs(page, suite.kp.base, account, o.password ?? 'kp123456');
      return page;
    },
    go: (page, hostPath) => page.goto(`${suite.kp.base}/kpSystem/${hostPath}`),
    shot: (page, shotName) => page.screenshot({ path: path.join(RESULTS_DIR, `${name}-${shotName}.png`) }),
    async api<D>(token: string, method: string, url: string, body?: unknown) {
      const r = await fetch(`${suite.kp.base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await r.json()) as Envelope<D>;
    },
    async must<D>(token: string, method: string, url: string, body?: unknown) {
      const r = await suite.api<D>(token, method, url, body);
      expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
      return r.data;
    },
  };
  return suite;
}

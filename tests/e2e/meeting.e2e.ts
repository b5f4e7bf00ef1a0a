// Meeting-room booking end to end (oa/conference): a past slot is refused with the spec's text; a user books
// a room from the day timeline; a second user trying the same slot is refused with the server's msg; my
// bookings lists the booking and cancels it, which frees the slot.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { useSuite } from './suite';

const PASSWORD = 'kp123456';
const THEME = `E2E评审会${Date.now().toString(36)}`;

const suite = useSuite('meeting');
let a: Page;
let b: Page;
let dayText = '';

async function openConference(page: Page) {
  await page.goto(`${suite.kp.base}/kpSystem/oa/conference`);
  await page.locator('[data-testid="conference-page"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="room-row-room-101"]').waitFor({ timeout: 30_000 });
}

/** The text input of an antd DatePicker (the test id lands on the input or on its wrapper). */
const dateInput = (scope: Page | ReturnType<Page['locator']>, id: string) =>
  scope.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

/** Moves the timeline to tomorrow (never in the past while the test runs). */
async function toTomorrow(page: Page) {
  await page.click('[data-testid="day-next"]');
  await expect.poll(() => dateInput(page, 'day-picker').inputValue(), { timeout: 30_000 }).toBe(dayText);
}

/** Chooses an option of an antd Select by its visible label. */
async function choose(page: Page, testId: string, label: string) {
  await page.click(`[data-testid="${testId}"]`);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(label)
    .first()
    .click();
}

beforeAll(async () => {
  const d = new Date(Date.now() + 86_400_000);
  dayText = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const viewport = { width: 1440, height: 1000 };
  a = await suite.session('zhangwei', { password: PASSWORD, viewport });
  b = await suite.session('chenjing', { password: PASSWORD, viewport });
}, 300_000);

describe('meeting-room booking', () => {
  it('a past slot is refused with 过去的时间不可选择！', async () => {
    await openConference(a);
    await a.locator('[data-testid="slot-room-101-0000"]').click({ force: true });
    await a.getByText('过去的时间不可选择！').first().waitFor();
    expect(await a.locator('[data-testid="booking-form"]').count()).toBe(0);
  });

  it('a user books a room from the timeline with himself as default attendee; no page error', async () => {
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(String(e));
    a.on('pageerror', onError);
    await toTomorrow(a);
    await a.locator('[data-testid="slot-room-101-1000"]').click();
    const form = a.locator('[data-testid="booking-form"]');
    await form.waitFor();
    // defaults: the chosen room and slot, the current user as leader and attendee
    await form.locator('[data-testid="booking-attendees"]').getByText('张伟').waitFor();
    expect(await dateInput(form, 'booking-start').inputValue()).toBe(`${dayText} 10:00`);
    // required fields show the spec's messages
    await a.click('[data-testid="booking-ok"]');
    await form.getByText('请输入会议主题').waitFor();
    await form.getByText('请输入会议类型').waitFor();
    await form.locator('[data-testid="booking-theme"]').fill(THEME);
    await choose(a, 'booking-type', '评审会议');
    await a.click('[data-testid="booking-ok"]');
    await a.getByText('预约成功').first().waitFor();
    await form.waitFor({ state: 'detached' });
    await a
      .locator('[data-testid="room-row-room-101"] [data-testid="timeline-event"]')
      .getByText(THEME)
      .waitFor();
    await a.screenshot({ path: path.join(RESULTS_DIR, 'meeting-timeline.png') });
    a.off('pageerror', onError);
    expect(errors).toEqual([]);
  });

  it('a second booking of the same slot is refused with the server msg', async () => {
    await openConference(b);
    await toTomorrow(b);
    // the booked slot is drawn as taken for the other user too
    await b
      .locator('[data-testid="room-row-room-101"] [data-testid="timeline-event"]')
      .getByText(THEME)
      .waitFor();
    await b.click('[data-testid="booking-new"]');
    const form = b.locator('[data-testid="booking-form"]');
    await form.waitFor();
    await form.locator('[data-testid="booking-theme"]').fill('抢同一时段');
    await choose(b, 'booking-room', '第一会议室');
    await choose(b, 'booking-type', '例会');
    for (const [id, v] of [
      ['booking-start', `${dayText} 10:00`],
      ['booking-end', `${dayText} 11:00`],
    ] as const) {
      const input = dateInput(form, id);
      await input.click();
      await input.fill(v);
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe(v);
    }
    await b.keyboard.press('Escape').catch(() => {});
    await b.click('[data-testid="booking-ok"]');
    await b
      .getByText(/该时间段会议室已被预约/)
      .first()
      .waitFor();
    // the dialog stays open; nothing new was stored
    expect(await form.count()).toBe(1);
    const events = await b
      .locator('[data-testid="room-row-room-101"] [data-testid="timeline-event"]')
      .count();
    expect(events).toBe(1);
  });

  it('my bookings lists the booking; cancelling frees the slot', async () => {
    await a.click('[data-testid="tab-mine"]');
    const row = a.locator('[data-testid="my-bookings"] tr').filter({ hasText: THEME });
    await row.waitFor();
    await row.locator('[data-testid="booking-cancel"]').click();
    await a.click('[data-testid="cancel-ok"]');
    await a.getByText('取消成功').first().waitFor();
    await row.getByText('已取消').waitFor();
    await b.reload();
    await b.locator('[data-testid="room-row-room-101"]').waitFor({ timeout: 60_000 });
    await toTomorrow(b);
    await b.locator('[data-testid="slot-room-101-1000"]').waitFor();
    expect(
      await b
        .locator('[data-testid="room-row-room-101"] [data-testid="timeline-event"]')
        .getByText(THEME)
        .count(),
    ).toBe(0);
  });

  it('?id= opens a booking read-only (the target of the meeting widget and type-9 messages)', async () => {
    const list = await a.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('jnpf_token') ?? '""');
      const r = await fetch('/api/Bussiness/Conference?mine=true&close=true', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await r.json()) as { data: { list: Array<{ crbguid: string; crTheme: string }> } };
    });
    const id = list.data.list.find((x) => x.crTheme === THEME)?.crbguid;
    expect(id).toBeTruthy();
    await a.goto(`${suite.kp.base}/kpSystem/oa/conference?id=${id}`);
    const form = a.locator('[data-testid="booking-form"][data-mode="view"]');
    await form.waitFor({ timeout: 60_000 });
    await expect.poll(() => form.locator('[data-testid="booking-theme"]').inputValue()).toBe(THEME);
    expect(await form.locator('[data-testid="booking-theme"]').isDisabled()).toBe(true);
  });
});

// Issue 20: the title the server gives a task (`张伟的请假申请（…）`) reads in the reader's language in the
// to-do list, the launch list, the monitor, the flow detail, the portal and the notices; the stored zh
// title is what a keyword searches; a title the server did not make reads as stored. Migration 0182 gives
// the tasks launched before their parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsOfDefaultTitles } from '../../db/migrations/0182-task-title-parts';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { leaveData, workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';
const STAMP = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`;
const ZH = new RegExp(`^张伟的请假申请（${STAMP}）$`);
const ZHTW = new RegExp(`^张伟的請假申請（${STAMP}）$`);
const EN = new RegExp(`^Leave request by 张伟 \\(${STAMP}\\)$`);

type Page = { list: Array<{ id: string; processId?: string; fullName: string; title?: string }> };

describe(`task titles in the reader's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, idOf, pending, task } = workflowTestKit(() => t);
  let taskId = '';

  const get = async <T = Page>(account: string, url: string, lang: string) => {
    const r = await t.call<T>(await login(account), {
      method: 'GET',
      url,
      headers: { 'accept-language': lang },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  /** The task's title in a list page (matched by the task id). */
  const titleIn = (page: Page) => page.list.find((r) => (r.processId ?? r.id) === taskId)?.fullName;

  beforeAll(async () => {
    t = await createTestApp();
    const zw = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const r = await t.call<string>(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-leave', formData: leaveData(zw) },
    });
    expect(r.code, r.msg).toBe(200);
    taskId = r.data;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('stores the zh title and its parts', async () => {
    const row = await task(taskId);
    expect(row.full_name).toMatch(ZH);
    expect(JSON.parse(row.title_parts ?? 'null')).toMatchObject({
      by: '张伟',
      flow: { zh: '请假申请', zhtw: '請假申請', en: 'Leave request' },
    });
  });

  it('an en reader and a zh reader see the same to-do in their language (one cache entry each)', async () => {
    expect((await pending(taskId))[0]?.user_id).toBe(await idOf('wangjianguo'));
    const todo = `${B}/FlowBefore/List/1`;
    expect(titleIn(await get('wangjianguo', todo, 'zh'))).toMatch(ZH);
    // once the launch's writes are past the cache's hold, the zh page comes from the cache (Db.lists)…
    const hits = t.db.lists.hits;
    for (let i = 0; i < 50 && t.db.lists.hits === hits; i++) {
      await new Promise((r) => setTimeout(r, 100));
      expect(titleIn(await get('wangjianguo', todo, 'zh'))).toMatch(ZH);
    }
    expect(t.db.lists.hits).toBeGreaterThan(hits);
    // …and the en reader still gets his own
    expect(titleIn(await get('wangjianguo', todo, 'en'))).toMatch(EN);
    expect(titleIn(await get('wangjianguo', todo, 'zh-TW'))).toMatch(ZHTW);
    expect(titleIn(await get('wangjianguo', todo, 'zh'))).toMatch(ZH);
    // the keyword searches the stored zh title, whatever the reader's language
    expect(titleIn(await get('wangjianguo', `${todo}?keyword=请假`, 'en'))).toMatch(EN);
    expect((await get('wangjianguo', `${todo}?keyword=Leave`, 'en')).list).toEqual([]);
  });

  it('names it in the launch list, the monitor, the detail, the portal and the print data', async () => {
    expect(titleIn(await get('zhangwei', `${B}/FlowLaunch`, 'en'))).toMatch(EN);
    expect(titleIn(await get('zhangwei', `${B}/FlowLaunch`, 'zh'))).toMatch(ZH);
    expect(titleIn(await get('admin', `${B}/FlowMonitor`, 'en'))).toMatch(EN);
    const info = await get<{ flowTaskInfo: { fullName: string } }>(
      'zhangwei',
      `${B}/FlowBefore/${taskId}`,
      'en',
    );
    expect(info.flowTaskInfo.fullName).toMatch(EN);
    const portal = await get<Page>('wangjianguo', '/api/visualdev/Dashboard/FlowTodo', 'en');
    expect(portal.list.find((r) => r.processId === taskId)?.fullName).toMatch(EN);
    const print = await get<{ printData: { fullName: string }; printDataRaw: { fullName: string } }>(
      'zhangwei',
      `${B}/FlowGeneral/printData/${taskId}`,
      'en',
    );
    expect(print.printData.fullName).toMatch(EN);
    expect(print.printDataRaw.fullName).toMatch(ZH);
  });

  it('writes the to-do notice in every language', async () => {
    const notices = async (lang: string) =>
      (await get('wangjianguo', '/api/message?type=2', lang)).list.map((m) => m.title);
    expect(await notices('en')).toContainEqual(expect.stringMatching(/^New to-do: Leave request by 张伟 \(/));
    expect(await notices('zh')).toContainEqual(expect.stringMatching(/^您有一条待办事宜：张伟的请假申请（/));
    expect(await notices('zh-TW')).toContainEqual(
      expect.stringMatching(/^您有一條待辦事宜：张伟的請假申請（/),
    );
  });

  it('reads a title the server did not make as stored; 0182 gives parts to default titles launched before', async () => {
    const db = t.db.kysely;
    const stored = (await task(taskId)).full_name;
    // a task from before the migration: a default title without parts reads as stored, until 0182
    await db.updateTable('wf_task').set({ title_parts: null }).where('id', '=', taskId).execute();
    expect(titleIn(await get('zhangwei', `${B}/FlowLaunch`, 'en'))).toBe(stored);
    await partsOfDefaultTitles(db);
    expect(titleIn(await get('zhangwei', `${B}/FlowLaunch`, 'en'))).toMatch(EN);
    // a title not of the server's pattern keeps no parts and reads as typed
    await db
      .updateTable('wf_task')
      .set({ full_name: '我的年假', title_parts: null })
      .where('id', '=', taskId)
      .execute();
    await partsOfDefaultTitles(db);
    expect((await task(taskId)).title_parts).toBeNull();
    expect(titleIn(await get('zhangwei', `${B}/FlowLaunch`, 'en'))).toBe('我的年假');
  });

  it("groups the approval summary by the approvers' department and position in the reader's language", async () => {
    const op = (await pending(taskId))[0]!;
    const r = await t.call(await login('wangjianguo'), {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op.id}`,
      payload: { handleOpinion: '同意' },
    });
    expect(r.code, r.msg).toBe(200);
    const groups = async (category: number, lang: string) =>
      (
        await get<Array<{ fullName: string }>>(
          'zhangwei',
          `${B}/FlowBefore/Summary/${taskId}?category=${category}`,
          lang,
        )
      ).map((g) => g.fullName);
    expect(await groups(1, 'en')).toContain('Engineering management');
    expect(await groups(3, 'en')).toContain('Department manager');
    expect(await groups(1, 'zh')).toContain('工程管理部');
  });
});

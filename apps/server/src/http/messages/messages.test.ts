// Issue 20: the server answers msg in the request's language from a catalogue with stable codes. This
// reads every Chinese text the server can send (extract.ts walks the whole apps/server/src tree, wherever
// the routes live) and fails on one without a catalogue entry, and on an entry without zhtw/en text or
// whose zhtw keeps a simplified character (opencc-js, simplified → traditional).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';
import { MSG } from '../api-error';
import { languageIn } from '../i18n';
import { extractMessages, normalise } from './extract';
import { MESSAGES, type Message, messageCode, text, translateMessage } from './index';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const entries = Object.entries(MESSAGES) as [string, Message][];
const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Characters that are also correct traditional text, so opencc changing them is not a fault. */
const BOTH = new Set('只台干里范着后面系松斗谷丑才冲云准于余卷布占制征采向咸姜表');
const simplifiedIn = (v: string) => {
  const t = [...convert(v)];
  return [...v].filter((c, i) => !BOTH.has(c) && t[i] !== c);
};
const placeholders = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

describe('server message catalogue', () => {
  const found = extractMessages(SRC);

  it('finds the messages the server raises (the extraction itself works)', () => {
    const texts = new Set(found.map((f) => f.text));
    // One from each way a message is raised: a helper, a constant table, a local function, a field prefix.
    for (const t of [
      '任务不存在',
      '请输入审批意见！',
      '数据不存在',
      '功能未发布',
      '请选择{0}类型的文件',
      '编码只能输入数字',
    ])
      expect(texts).toContain(t);
    expect(found.length).toBeGreaterThan(200);
  });

  it('has an entry for every message the server can send', () => {
    const zh = new Set(entries.map(([, m]) => normalise(m.zh)));
    const missing = found.filter((f) => !zh.has(f.text) && messageCode(f.text) === null);
    expect(missing.map((f) => `${f.at} ${f.text}`)).toEqual([]);
  });

  it('has an entry for every text of MSG', () => {
    expect(Object.values(MSG).filter((v) => messageCode(v) === null)).toEqual([]);
  });

  it('uses stable dotted codes and one entry per zh text', () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
    const zh = entries.map(([, m]) => m.zh);
    expect(zh.filter((z, i) => zh.indexOf(z) !== i)).toEqual([]);
  });

  it('writes every entry in zhtw and en, with the same placeholders', () => {
    const faults: string[] = [];
    for (const [code, m] of entries) {
      if (!m.zhtw.trim()) faults.push(`${code}: no zhtw`);
      if (!m.en.trim()) faults.push(`${code}: no en`);
      if (/[\u4e00-\u9fff]/.test(m.en)) faults.push(`${code}: Chinese in en: ${m.en}`);
      const simplified = simplifiedIn(m.zhtw);
      if (simplified.length) faults.push(`${code}: simplified ${simplified.join('')} in zhtw: ${m.zhtw}`);
      const p = placeholders(m.zh).join();
      if (placeholders(m.zhtw).join() !== p || placeholders(m.en).join() !== p)
        faults.push(`${code}: placeholders differ`);
    }
    expect(faults).toEqual([]);
  });

  it('translates plain texts, field-prefixed texts, patterns and their values', () => {
    expect(translateMessage('任务不存在', 'en')).toBe('The task does not exist');
    expect(translateMessage('任务不存在', 'zhtw')).toBe('任務不存在');
    expect(translateMessage('任务不存在', 'zh')).toBe('任务不存在');
    expect(translateMessage('enCode: 编码只能输入数字', 'en')).toBe(
      'enCode: The code may only contain digits',
    );
    expect(translateMessage('columnData.searchList[3].prop: 字段abc不存在', 'en')).toBe(
      'columnData.searchList[3].prop: The field abc does not exist',
    );
    expect(translateMessage('消息不能超过2000个字符', 'en')).toBe('A message may not exceed 2000 characters');
    expect(translateMessage('字段: 不能为空', 'en')).toBe('field: must not be empty');
    expect(translateMessage('用户不存在：张三', 'en')).toBe('The user does not exist: 张三');
    // Not in the catalogue (user data, say): sent as written.
    expect(translateMessage('张三的请假单', 'en')).toBe('张三的请假单');
    expect(messageCode('请输入审批意见！')).toBe('flow.opinionRequired');
    expect(text('file.tooLarge', 'en', 50)).toBe('The file is larger than 50 MB');
  });

  it('reads the language of Accept-Language', () => {
    expect(languageIn('en-US,en;q=0.9')).toBe('en');
    expect(languageIn('zh-TW')).toBe('zhtw');
    expect(languageIn('zhtw')).toBe('zhtw');
    expect(languageIn('zh-CN,zh;q=0.9')).toBe('zh');
    expect(languageIn('fr')).toBeNull();
    expect(languageIn(undefined)).toBeNull();
  });
});

describe(`server messages in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
  });

  const ask = (lang: string | null, url: string) =>
    t.call(admin, { method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

  it('answers workflow, file and meeting messages in en and zhtw as asked', async () => {
    const task = '/api/workflow/Engine/FlowBefore/00000000000000000000000000000000';
    const zh = await ask('zh', task);
    expect(zh.msg).toBe('任务不存在');
    expect((await ask('en', task)).msg).toBe('The task does not exist');
    expect((await ask('zhtw', task)).msg).toBe('任務不存在');
    // Every answer's msg in en is free of Chinese for an unknown route and an unknown record.
    const missingRoute = await ask('en', '/api/no/such/route');
    expect(missingRoute.msg).toBe('No such API');
  });

  it('names the print fields a flow adds to its form in the asked language', async () => {
    const fields = (lang: string) =>
      t.call<{ list: Array<{ field: string; label: string }> }>(admin, {
        method: 'POST',
        url: '/api/system/printDev/Fields',
        headers: { 'accept-language': lang },
        payload: { type: 1, formId: 'wf-leave' },
      });
    const en = (await fields('en')).data.list;
    expect(en.find((f) => f.field === 'fullName')?.label).toBe('Flow title');
    expect(en.find((f) => f.field === 'approvalRecords')?.label).toBe('Approval records');
    expect((await fields('zhtw')).data.list.find((f) => f.field === 'creatorTime')?.label).toBe('發起時間');
    expect((await fields('zh')).data.list.find((f) => f.field === 'creatorUserName')?.label).toBe('发起人');
  });

  it("falls back to the user's saved language when the request names none", async () => {
    await t.db.kysely
      .updateTable('base_user')
      .set({ language: 'en' })
      .where('account', '=', 'admin')
      .execute();
    await t.ctx.authz.invalidate();
    const other = await t.login('admin');
    const r = await t.call(other, {
      method: 'GET',
      url: '/api/workflow/Engine/FlowBefore/00000000000000000000000000000000',
    });
    expect(r.msg).toBe('The task does not exist');
    await t.db.kysely
      .updateTable('base_user')
      .set({ language: null })
      .where('account', '=', 'admin')
      .execute();
  });

  it("refuses invalid form data with the form's own labels and messages in the asked language", async () => {
    const emp = await t.login('zhangwei');
    const launch = (lang: string) =>
      t.call(emp, {
        method: 'POST',
        url: '/api/workflow/Engine/FlowTask',
        headers: { 'accept-language': lang },
        payload: { flowId: 'wf-leave', status: 0, formData: { leaveType: 'annual' } },
      });
    const zh = await launch('zh');
    expect(zh.code).toBe(400);
    expect(zh.msg).toContain('startTime: 开始时间不能为空');
    const en = await launch('en');
    expect(en.code).toBe(400);
    expect(en.msg).toContain('startTime: Start is required');
    expect(en.msg).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await launch('zhtw')).msg).toContain('startTime: 開始時間不能為空');
  });
});

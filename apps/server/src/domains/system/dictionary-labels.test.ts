// Issue 20: the seeded dictionaries and print templates carry {zh, zhtw, en}. The read routes that feed
// pickers, selects and lists name them in the request's language; the edit dialogs' single-row reads keep the
// stored name; a rename, and every option an administrator creates without other names, shows as typed in
// every language. Administrators may type the zhtw and en names; those count also after a rename.
// Migration 0174 labels the seeded rows of a database seeded before.
import type { Kysely } from 'kysely';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_LABELS, PRINT_TEMPLATE_LABELS, seededDictionaryLabels } from '../../db/dictionary-labels';
import { relabelSeededRows } from '../../db/migrations/0174-dictionary-labels';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
const D = '/api/system/DictionaryData';
type Opt = { id: string; enCode: string; fullName: string; children?: Opt[] };

describe('seeded dictionary and print template labels', () => {
  it('has zh, zhtw (traditional) and en (no Han) for every one', () => {
    const { types, data } = seededDictionaryLabels();
    const faults: string[] = [];
    for (const [id, l] of [...types, ...data, ...PRINT_TEMPLATE_LABELS]) {
      if (!l.zh) faults.push(`${id}: no zh`);
      if (convert(l.zhtw) !== l.zhtw) faults.push(`${id}: simplified in zhtw ${l.zhtw}`);
      if (!l.en || /[\u4e00-\u9fff]/.test(l.en)) faults.push(`${id}: en ${l.en}`);
    }
    expect(faults).toEqual([]);
    expect(PRINT_TEMPLATE_LABELS.map(([id]) => id)).toEqual(['wf-leave-print', 'wf-expense-print']);
  });
});

describe(`dictionaries in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  // the administrator edits; an employee reads, as forms and pickers do
  const as = { admin: '', employee: '' };
  useTestApp(async (app) => {
    t = app;
    as.admin = await app.login('admin');
    as.employee = await app.login('zhangwei');
  });
  const get = <T>(url: string, lang?: string, token = as.employee) =>
    t.call<T>(token, { method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
  const names = async (url: string, lang?: string) =>
    (await get<{ list: Opt[] }>(url, lang)).data.list.map((o) => o.fullName);

  it('labels every dictionary row the seed wrote, by id, with the zh the seed named it', async () => {
    const k = t.db.kysely;
    const types = await k.selectFrom('sys_dictionary_type').select(['id', 'full_name']).execute();
    const data = await k.selectFrom('sys_dictionary_data').select(['id', 'full_name']).execute();
    const seeded = seededDictionaryLabels();
    const zhOf = (rows: Array<{ id: string; full_name: string }>) =>
      Object.fromEntries(rows.map((r) => [r.id, r.full_name]));
    const zhLabels = (l: typeof seeded.types) => Object.fromEntries(l.map(([id, x]) => [id, x.zh]));
    expect(zhLabels(seeded.types)).toEqual(zhOf(types));
    expect(zhLabels(seeded.data)).toEqual(zhOf(data));
  });

  it('answers the pickers and selects in zh, zhtw and en', async () => {
    const sel = `${D}/dict-leave-type/Data/Selector`;
    expect(await names(sel)).toEqual(['年假', '事假', '病假', '婚假', '产假', '丧假', '调休']);
    expect(await names(sel, 'zh-TW')).toEqual(['年假', '事假', '病假', '婚假', '產假', '喪假', '調休']);
    expect(await names(sel, 'en')).toEqual([
      'Annual leave',
      'Personal leave',
      'Sick leave',
      'Marriage leave',
      'Maternity leave',
      'Bereavement leave',
      'Time off in lieu',
    ]);
    // the selector's shape stays the spec's option: id, enCode, fullName
    const opts = (await get<{ list: Opt[] }>(sel, 'en')).data.list;
    expect(opts[0]).toEqual({ id: 'dict-leave-type-annual', enCode: 'annual', fullName: 'Annual leave' });
    // by type enCode, the list by type, the whole set, the type tree and the parent pickers
    expect(await names(`${D}/urgency`, 'en')).toEqual(['Normal', 'Urgent', 'Extra urgent']);
    expect(await names(`${D}/urgency`, 'zhtw')).toEqual(['普通', '緊急', '特急']);
    expect(await names(`${D}/dict-meeting-type/Selector/0`, 'en')).toContain('Regular meeting');
    const all = (await get<{ list: Array<Opt & { dictionaryList: Opt[] }> }>(`${D}/All`, 'en')).data.list;
    const expense = all.find((x) => x.enCode === 'expenseType');
    expect(expense?.fullName).toBe('Expense type');
    expect(expense?.dictionaryList.map((o) => o.fullName)).toContain('Hospitality');
    expect(await names('/api/system/DictionaryType', 'en')).toEqual(
      expect.arrayContaining(['Leave type', 'Expense type', 'Meeting type', 'Document type', 'Urgency']),
    );
    expect(await names('/api/system/DictionaryType/Selector/0', 'zhtw')).toContain('會議類型');
    // without Accept-Language: the user's saved language (the seeded users': none, so zh)
    expect(await names(`${D}/urgency`)).toEqual(['普通', '紧急', '特急']);
  });

  it('finds a row by its shown name, its stored name or its code', async () => {
    const find = (keyword: string, lang: string) =>
      names(`${D}/dict-leave-type?keyword=${encodeURIComponent(keyword)}`, lang);
    expect(await find('sick', 'en')).toEqual(['Sick leave']);
    expect(await find('病假', 'en')).toEqual(['Sick leave']);
    expect(await find('compensatory', 'zhtw')).toEqual(['調休']);
    expect(await find('喪假', 'zhtw')).toEqual(['喪假']);
  });

  it('keeps the stored name in the edit reads and the export; a rename and created options show as typed', async () => {
    const info = await get<Opt>(`${D}/dict-leave-type-annual/Info`, 'en', as.admin);
    expect(info.data.fullName).toBe('年假');
    const type = await get<Opt>('/api/system/DictionaryType/dict-leave-type', 'en', as.admin);
    expect(type.data.fullName).toBe('请假类型');

    // Saved unchanged from the edit dialog: the labels stay.
    const body = {
      dictionaryTypeId: 'dict-leave-type',
      fullName: '年假',
      enCode: 'annual',
      sortCode: 0,
      enabledMark: 1,
    };
    const put = (b: typeof body) =>
      t.call(as.admin, { method: 'PUT', url: `${D}/dict-leave-type-annual`, payload: b });
    expect((await put(body)).code).toBe(200);
    expect((await names(`${D}/dict-leave-type/Data/Selector`, 'en'))[0]).toBe('Annual leave');
    // Renamed: the new name in every language.
    expect((await put({ ...body, fullName: '带薪年假' })).code).toBe(200);
    expect((await names(`${D}/dict-leave-type/Data/Selector`, 'en'))[0]).toBe('带薪年假');
    expect((await names(`${D}/dict-leave-type/Data/Selector`, 'zhtw'))[0]).toBe('带薪年假');

    const made = await t.call<string>(as.admin, {
      method: 'POST',
      url: D,
      payload: { dictionaryTypeId: 'dict-urgency', fullName: '缓办', enCode: 'deferred', sortCode: 9 },
    });
    expect(made.code).toBe(200);
    expect(await names(`${D}/urgency`, 'en')).toEqual(['Normal', 'Urgent', 'Extra urgent', '缓办']);

    const file = await t.app.inject({
      method: 'GET',
      url: `${D}/dict-urgency/Action/Export`,
      headers: { authorization: `Bearer ${as.admin}`, 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('紧急程度');
    expect(file.body).toContain('特急');
    expect(file.body).not.toContain('Extra urgent');
  });

  it('names the seeded print templates in the request language', async () => {
    const list = (lang: string) =>
      names('/api/workflow/Engine/FlowGeneral/printList/wf-leave', lang).then((l) => l[0]);
    expect(await list('zh')).toBe('请假申请打印模板');
    expect(await list('zhtw')).toBe('請假申請列印模板');
    expect(await list('en')).toBe('Leave request print template');
  });

  it('takes the names an administrator types in zhtw and en; they count also after a rename', async () => {
    type Info = Opt & { fullNameI18n?: Record<string, string> };
    const send = <T = string>(method: 'POST' | 'PUT', url: string, payload: object) =>
      t.call<T>(as.admin, { method, url, payload });
    const T = '/api/system/DictionaryType';
    const type = await send('POST', T, {
      fullName: '项目阶段',
      enCode: 'projectPhase',
      fullNameI18n: { zhtw: '項目階段', en: 'Project phase' },
    });
    expect(type.code).toBe(200);
    expect(await names(T, 'en')).toContain('Project phase');
    expect(await names(T, 'zhtw')).toContain('項目階段');
    expect(await names(T, 'zh')).toContain('项目阶段');
    const typeInfo = (await get<Info>(`${T}/${type.data}`, 'en', as.admin)).data;
    expect(typeInfo.fullName).toBe('项目阶段');
    expect(typeInfo.fullNameI18n).toEqual({ zh: '项目阶段', zhtw: '項目階段', en: 'Project phase' });

    const item = { dictionaryTypeId: type.data, fullName: '立项', enCode: 'init' };
    // trimmed; the zh comes from fullName, whatever the object says
    const made = await send('POST', D, {
      ...item,
      fullNameI18n: { zhtw: ' 立項 ', en: 'Initiation', zh: 'x' },
    });
    expect(made.code).toBe(200);
    const sel = `${D}/projectPhase/Data/Selector`;
    const shown = async () => [await names(sel, 'zh'), await names(sel, 'zhtw'), await names(sel, 'en')];
    expect(await shown()).toEqual([['立项'], ['立項'], ['Initiation']]);

    // a rename without the object keeps the typed names (seeded ones would lapse: the test above)
    expect((await send('PUT', `${D}/${made.data}`, { ...item, fullName: '项目立项' })).code).toBe(200);
    expect(await shown()).toEqual([['项目立项'], ['立項'], ['Initiation']]);
    const info = (await get<Info>(`${D}/${made.data}/Info`, 'en', as.admin)).data;
    expect(info.fullNameI18n).toEqual({ zh: '项目立项', zhtw: '立項', en: 'Initiation' });
    // an emptied language shows the name; both emptied: no labels
    const put = (fullNameI18n: object) => send('PUT', `${D}/${made.data}`, { ...item, fullNameI18n });
    expect((await put({ zhtw: '立項', en: '  ' })).code).toBe(200);
    expect(await shown()).toEqual([['立项'], ['立項'], ['立项']]);
    expect((await put({})).code).toBe(200);
    expect(await shown()).toEqual([['立项'], ['立项'], ['立项']]);
    expect((await get<Info>(`${D}/${made.data}/Info`, 'en', as.admin)).data.fullNameI18n).toBeUndefined();

    // a seeded item edited in the dialog: its labels are offered, and what is saved is the administrator's
    const meal = `${D}/dict-expense-type-meal`;
    expect((await get<Info>(`${meal}/Info`, 'zh', as.admin)).data.fullNameI18n).toEqual({
      zh: '餐费',
      zhtw: '餐費',
      en: 'Meals',
    });
    const mealBody = { dictionaryTypeId: 'dict-expense-type', fullName: '工作餐', enCode: 'meal' };
    expect(
      (await send('PUT', meal, { ...mealBody, fullNameI18n: { zhtw: '工作餐', en: 'Working meals' } })).code,
    ).toBe(200);
    expect((await send('PUT', meal, { ...mealBody, fullName: '工作午餐' })).code).toBe(200);
    expect(await names(`${D}/expenseType`, 'en')).toContain('Working meals');

    // checked as the name is: strings of at most 100 characters
    for (const fullNameI18n of [{ en: 'e'.repeat(101) }, { zhtw: { text: '餐' } }, 'Meals']) {
      const bad = await t.call<unknown>(as.admin, {
        method: 'POST',
        url: D,
        payload: { ...item, enCode: 'bad', fullName: '坏', fullNameI18n },
      });
      expect(bad.code, JSON.stringify(fullNameI18n).slice(0, 40)).toBe(400);
      expect(bad.msg).toMatch(/^fullNameI18n/);
    }
  });

  it('labels the seeded rows of a database seeded before (migration 0174)', async () => {
    const k = t.db.kysely;
    for (const table of ['sys_dictionary_type', 'sys_dictionary_data', 'wf_print_template'] as const)
      await k.updateTable(table).set({ full_name_i18n: null }).execute();
    expect(await names(`${D}/dict-meeting-type/Data/Selector`, 'en')).toContain('例会');
    expect(await names('/api/workflow/Engine/FlowGeneral/printList/wf-expense', 'en')).toEqual([
      '费用报销打印模板',
    ]);

    await relabelSeededRows(k as unknown as Kysely<unknown>);
    expect(await names(`${D}/dict-meeting-type/Data/Selector`, 'en')).toEqual(
      Object.values(DICTIONARY_LABELS['dict-meeting-type']!.items).map((l) => l.en),
    );
    expect(await names('/api/workflow/Engine/FlowGeneral/printList/wf-expense', 'en')).toEqual([
      'Expense claim print template',
    ]);
    // the renamed item of the test before, and the created one, keep their names
    const rows = await k
      .selectFrom('sys_dictionary_data')
      .select(['id', 'full_name_i18n'])
      .where('id', '=', 'dict-leave-type-annual')
      .execute();
    expect(rows[0]?.full_name_i18n).toBeNull();
    expect(await names(`${D}/urgency`, 'en')).toEqual(['Normal', 'Urgent', 'Extra urgent', '缓办']);
  });
});

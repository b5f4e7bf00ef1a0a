import type { ProjectBaseInfo, ProjectCategoryNode } from '@kp/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
const get = async <T>(url: string, headers: Record<string, string> = {}) =>
  (await t.call(token, { method: 'GET', url, headers })) as { code: number; msg: string; data: T };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhangwei');
});
afterAll(async () => t?.close());

type Page = { list: ProjectBaseInfo[]; pagination: { currentPage: number; pageSize: number; total: number } };

describe('project lookups', () => {
  it('selector lists one business line, with its company, category and manager by name', async () => {
    const ly = await get<Page>('/api/ly/project/selector');
    expect(ly.code).toBe(200);
    expect(ly.data.pagination.total).toBe(5);
    expect(ly.data.list.every((p) => p.line === 'ly')).toBe(true);
    const park = ly.data.list.find((p) => p.enCode === 'LY-2024-001')!;
    expect(park).toMatchObject({
      fullName: '滨江花园二期住宅工程',
      categoryName: '住宅',
      organizeName: '第一工程有限公司',
      status: 1,
      startDate: '2024-03-01',
      endDate: null,
      contractAmount: '268500000.00',
    });
    expect(park.managerName).toBeTruthy();
    const zy = await get<Page>('/api/zy/project/selector?pageSize=2&currentPage=2');
    expect(zy.data.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    expect(zy.data.list).toHaveLength(2);
    expect(zy.data.list.every((p) => p.line === 'zy')).toBe(true);
  });

  it('filters by keyword (wildcards typed are literal), by category and below, and by company', async () => {
    const kw = await get<Page>(`/api/zy/project/selector?keyword=${encodeURIComponent('隧道')}`);
    expect(kw.data.list.map((p) => p.enCode)).toEqual(['ZY-2023-011']);
    const pct = await get<Page>(`/api/ly/project/selector?keyword=${encodeURIComponent('%')}`);
    expect(pct.data.pagination.total).toBe(0);
    const tree = await get<ProjectCategoryNode[]>('/api/Permission/projectcategory');
    const housing = tree.data.find((c) => c.enCode === 'FJ')!;
    const byCat = await get<Page>(`/api/ly/project/selector?categoryId=${housing.id}`);
    expect(byCat.data.pagination.total).toBe(5);
    const homes = housing.children.find((c) => c.enCode === 'FJ-ZZ')!;
    const onlyHomes = await get<Page>(`/api/ly/project/selector?categoryId=${homes.id}`);
    expect(onlyHomes.data.list.map((p) => p.enCode).sort()).toEqual(['LY-2024-001', 'LY-2025-003']);
    const yj = onlyHomes.data.list.find((p) => p.enCode === 'LY-2024-001')!.organizeId!;
    const byCompany = await get<Page>(`/api/ly/project/selector?organizeId=${yj}`);
    expect(byCompany.data.list.every((p) => p.organizeId === yj)).toBe(true);
    expect(byCompany.data.pagination.total).toBe(3);
  });

  it('getBaseInfoListByIds answers in the order asked, without unknown ids or the other line', async () => {
    const ly = (await get<Page>('/api/ly/project/selector')).data.list;
    const zy = (await get<Page>('/api/zy/project/selector')).data.list;
    const ids = [ly[2].id, 'no-such-id', ly[0].id, zy[0].id, ly[2].id].join(',');
    const res = await get<ProjectBaseInfo[]>(`/api/ly/project/getBaseInfoListByIds?ids=${ids}`);
    expect(res.code).toBe(200);
    expect(res.data.map((p) => p.id)).toEqual([ly[2].id, ly[0].id]);
    const many = Array.from({ length: 501 }, (_, i) => `p${i}`).join(',');
    const refused = await get(`/api/zy/project/getBaseInfoListByIds?ids=${many}`, {
      'accept-language': 'en',
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('ids: at most 500 projects at a time');
    const missing = await get('/api/zy/project/getBaseInfoListByIds');
    expect(missing.code).not.toBe(200);
  });

  it('the category tree nests categories under their parent', async () => {
    const tree = await get<ProjectCategoryNode[]>('/api/Permission/projectcategory');
    expect(tree.data.map((c) => c.enCode)).toEqual(['FJ', 'JC', 'ZY']);
    expect(tree.data[1].children.map((c) => c.fullName)).toEqual(['市政道路', '桥梁', '隧道']);
    expect(tree.data[1].hasChildren).toBe(true);
  });

  it('needs a session', async () => {
    const res = (await t.call(null, { method: 'GET', url: '/api/ly/project/selector' })) as { code: number };
    expect(res.code).toBe(602);
  });
});

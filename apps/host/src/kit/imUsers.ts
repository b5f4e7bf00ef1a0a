import { http } from '../api/http';
import type { PagedOption } from './PagedSelect';
import type { PageQuery } from './usePagedScroll';

/** A row of the user pickers' list (GET /api/permission/Users/ImUser: enabled users but oneself). */
export interface ImUserRow {
  id: string;
  realName: string;
  account: string;
  department?: string;
}

/** One page of the user pickers' list for usePagedScroll (keyword on account or name). */
export const imUserPage = (q: PageQuery) =>
  http
    .get<{ list: ImUserRow[] }>(
      '/api/permission/Users/ImUser',
      { keyword: q.keyword || undefined, currentPage: q.currentPage, pageSize: q.pageSize },
      { silent: true },
    )
    .then((r) => r.data.list ?? []);

/** The same page as select options labelled 姓名/账号 (PagedSelect). */
export const imUserOptions = (q: PageQuery): Promise<PagedOption[]> =>
  imUserPage(q).then((list) => list.map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` })));

import type { OrgProvider } from '@kp/designer';
import { walkFields } from '@kp/engine';
import type { FormProviders } from '@kp/renderer';
import { http } from '../../api/http';
import { httpFormProviders } from '../../services/formProviders';
import { sessionStore } from '../../store/session';

/** The flow forms' providers: the host's HTTP-backed set (pickers, options, uploads, bill numbers). */
export function wfProviders(): FormProviders {
  return httpFormProviders();
}

interface UserListRow {
  id: string;
  account: string;
  realName: string;
  enabledMark: number;
}

/**
 * The flow designer's organisation pickers: the form providers plus a paged user search (the 候选人员 way
 * with large lists) over the user list API (GET /api/permission/Users: keyword, currentPage, pageSize). A
 * designer without the user list's menu searches the picker tree instead, paged here.
 */
export function wfOrgProvider(): OrgProvider {
  const p = httpFormProviders();
  return {
    ...p,
    async userPage(q) {
      try {
        const r = await http.get<{ list: UserListRow[]; pagination: { total: number } }>(
          '/api/permission/Users',
          { keyword: q.keyword, currentPage: q.currentPage, pageSize: q.pageSize },
          { silent: true },
        );
        return {
          list: r.data.list.map((u) => ({
            id: u.id,
            fullName: u.realName && u.account ? `${u.realName}/${u.account}` : u.realName || u.id,
            type: 'user',
            enabledMark: u.enabledMark,
          })),
          total: r.data.pagination.total,
        };
      } catch {
        const all = (await p.users.tree('0', q.keyword)).filter((n) => n.type === 'user');
        const from = (q.currentPage - 1) * q.pageSize;
        return { list: all.slice(from, from + q.pageSize), total: all.length };
      }
    },
  };
}

/** Launch defaults: an empty single user picker gets the current user, a department picker his department. */
export function launchDefaults(form: { fields?: unknown[] } | null | undefined): Record<string, unknown> {
  const u = sessionStore.get().userInfo;
  const out: Record<string, unknown> = {};
  if (!u) return out;
  walkFields(form?.fields, (f, _path, table) => {
    if (table) return; // a sub-table's columns start empty in every row
    const key = f.__config__.jnpfKey;
    const dv = f.__config__.defaultValue;
    const empty = dv === undefined || dv === null || dv === '' || (Array.isArray(dv) && !dv.length);
    const vModel = f.__vModel__;
    if (typeof vModel !== 'string' || !vModel || !empty || f.multiple) return;
    if (key === 'userSelect') out[vModel] = u.userId;
    if (key === 'depSelect' && u.departmentId) out[vModel] = u.departmentId;
  });
  return out;
}

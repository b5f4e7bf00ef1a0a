// HTTP-backed providers for every form the host renders (flow forms, online-development forms): the
// renderer's pickers, option lists, uploads and scripts reach the real server through these. One instance
// per screen; trees a picker browses are fetched once per instance.
import type {
  ChunkResult,
  Envelope,
  FormProviders,
  MergeResult,
  OrgTreeKind,
  Row,
  TreeNode,
} from '@kp/renderer';
import type { ApiResponse } from '@kp/schema';
import { type Method, postFormData, request } from '../api/http';
import { sessionStore } from '../store/session';
import { mediaUrl } from './downloadCodes';

/** A node of the server's selector trees (organisations, departments, positions, roles, groups). */
interface SelNode {
  id: string;
  fullName: string;
  type?: string;
  enabledMark?: number;
  icon?: string;
  onlyId?: string;
  children?: SelNode[];
}

const quiet = { silent: true } as const;
const get = <T>(url: string, data?: Record<string, unknown>) =>
  request<T>({ url, method: 'GET', data, ...quiet }).then((r) => r.data);
const post = <T>(url: string, data?: Record<string, unknown> | unknown[]) =>
  request<T>({ url, method: 'POST', data, ...quiet }).then((r) => r.data);

/** Where each organisation picker kind reads its whole tree, and which node type it picks. */
const TREES: Record<OrgTreeKind, { url: (auth: boolean) => string; pick: (n: SelNode) => boolean }> = {
  organize: { url: () => '/api/permission/Organize/Selector/0', pick: () => true },
  department: {
    url: (auth) => `/api/permission/Organize/Department/${auth ? 'SelectorByAuth' : 'Selector'}/0`,
    pick: (n) => n.type === 'department',
  },
  position: { url: () => '/api/permission/Position/Selector', pick: (n) => n.type === 'position' },
  role: { url: () => '/api/permission/Role/Selector', pick: (n) => n.type === 'role' },
  group: { url: () => '/api/system/groupcustom/tree/1', pick: () => true },
};

/**
 * The role tree's 全局角色 root comes with id '0', the id that asks for the roots: the pickers see it as
 * GLOBAL_ROLES, so opening it (or the role picker's global tab) lists the global roles.
 */
export const GLOBAL_ROLES = '@globalRoles';
const isGlobalRoot = (n: SelNode) => n.type === 'global' && n.id === '0';

function flatten(list: SelNode[], out: Map<string, SelNode> = new Map()): Map<string, SelNode> {
  for (const n of list) {
    out.set(n.id, n);
    if (n.children?.length) flatten(n.children, out);
  }
  return out;
}

const treeNode = (n: SelNode): TreeNode => ({
  id: n.id,
  fullName: n.fullName,
  type: n.type,
  icon: n.icon,
  onlyId: n.onlyId,
  enabledMark: n.enabledMark,
  hasChildren: !!n.children?.length,
  isLeaf: !n.children?.length,
});

/** A user row of the lazy user picker (POST /api/permission/Users/ImUser/Selector/{unit}). */
interface UserRow {
  id: string;
  fullName?: string;
  realName?: string;
  account?: string;
  type?: string;
  hasChildren?: boolean;
  enabledMark?: number;
  icon?: string;
}
const userNode = (u: UserRow): TreeNode => {
  const isUnit = u.hasChildren === true;
  return {
    id: u.id,
    fullName: u.fullName ?? (u.realName && u.account ? `${u.realName}/${u.account}` : (u.realName ?? u.id)),
    type: isUnit ? (u.type ?? 'department') : 'user',
    icon: u.icon,
    enabledMark: u.enabledMark,
    hasChildren: isUnit,
    isLeaf: !isUnit,
  };
};

/** Turns an envelope-returning call into the renderer's Envelope without throwing on a refusal. */
async function envelope<T>(call: () => Promise<ApiResponse<T>>): Promise<Envelope<T>> {
  try {
    const r = await call();
    return { code: r.code, msg: r.msg, data: r.data };
  } catch (e) {
    const res = (e as { response?: ApiResponse<T>; message?: string }).response;
    return { code: res?.code ?? 0, msg: res?.msg ?? (e as Error).message, data: res?.data as T };
  }
}

/** Paths a form script's `request(url, method, data)` may call: our own API, never another origin. */
export function scriptRequestAllowed(url: string): boolean {
  return /^\/api\/[A-Za-z0-9/_\-.?=&%]*$/.test(url) && !url.includes('..');
}

export function httpFormProviders(): FormProviders {
  const trees = new Map<string, Promise<Map<string, SelNode> & { roots: SelNode[] }>>();
  const treeOf = (kind: OrgTreeKind, auth: boolean) => {
    const url = TREES[kind].url(auth);
    let p = trees.get(url);
    if (!p) {
      p = get<{ list: SelNode[] }>(url).then(
        (d) => Object.assign(flatten(d.list ?? []), { roots: d.list ?? [] }),
        (e) => {
          trees.delete(url);
          throw e;
        },
      );
      trees.set(url, p);
    }
    return p;
  };

  return {
    async currentUser() {
      const u = sessionStore.get().userInfo;
      return {
        userId: u?.userId ?? '',
        userName: u?.userName ?? '',
        organizeId: u?.organizeId,
        organizeName: u?.organizeName,
        departmentId: u?.departmentId,
        departmentName: u?.departmentName,
        positionId: u?.positionIds?.[0],
      };
    },
    async dictionary(typeId) {
      const d = await get<{ list: Array<{ id: string; enCode: string; fullName: string }> }>(
        `/api/system/DictionaryData/${encodeURIComponent(typeId)}/Data/Selector`,
      );
      return d.list ?? [];
    },
    async dataInterface(interfaceId, params) {
      const d = await post<{ list: Row[] }>(
        `/api/system/DataInterface/${encodeURIComponent(interfaceId)}/Actions/List`,
        { paramList: params ?? {}, currentPage: 1, pageSize: 10_000 },
      );
      return d.list ?? [];
    },
    async request(url, method, data) {
      if (!scriptRequestAllowed(url)) throw new Error(`request: ${url} is not an address of this platform`);
      const m = (method || 'GET').toUpperCase() as Method;
      const r = await request<unknown>({
        url,
        method: m,
        data: data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined,
        ...quiet,
      });
      return r.data;
    },
    async orgTree(kind, parentId, options) {
      const tree = await treeOf(kind, options?.auth === true);
      const kw = options?.keyword?.trim();
      if (kw)
        return [...tree.values()].filter((n) => TREES[kind].pick(n) && n.fullName.includes(kw)).map(treeNode);
      if (parentId === GLOBAL_ROLES) return (tree.roots.find(isGlobalRoot)?.children ?? []).map(treeNode);
      const list = parentId === '0' || parentId === '-1' ? tree.roots : (tree.get(parentId)?.children ?? []);
      return list.map((n) => (isGlobalRoot(n) ? { ...treeNode(n), id: GLOBAL_ROLES } : treeNode(n)));
    },
    async orgNames(kind, ids) {
      const tree = await treeOf(kind, false);
      return ids.map((id) => {
        const n = tree.get(id);
        return n ? treeNode(n) : { id, fullName: id };
      });
    },
    users: {
      async tree(parentId, keyword) {
        const d = await post<{ list: UserRow[] }>(
          `/api/permission/Users/ImUser/Selector/${encodeURIComponent(parentId || '0')}`,
          keyword ? { keyword } : {},
        );
        return (d.list ?? []).map(userNode);
      },
      async byOrganize(organizeId, keyword) {
        const d = await post<{ list: UserRow[] }>(
          `/api/permission/Users/ImUser/Selector/${encodeURIComponent(organizeId || '0')}`,
          keyword ? { keyword } : {},
        );
        return (d.list ?? []).map(userNode);
      },
      async subordinates(keyword) {
        const d = await post<{ list: UserRow[] }>(
          '/api/permission/Users/getSubordinates',
          keyword ? { keyword } : {},
        );
        return (d.list ?? []).map((u) => userNode({ ...u, hasChildren: false }));
      },
      async byIds(ids) {
        if (!ids.length) return [];
        const d = await post<{ list: UserRow[] }>('/api/permission/Users/getUserList', { userId: ids });
        return (d.list ?? []).map((u) => userNode({ ...u, hasChildren: false }));
      },
    },
    address: {
      async children(parentId) {
        const d = await get<{ list: Array<SelNode & { hasChildren?: boolean; isLeaf?: boolean }> }>(
          `/api/system/Area/${encodeURIComponent(parentId || '-1')}/Selector/0`,
        );
        return (d.list ?? []).map((n) => ({
          id: n.id,
          fullName: n.fullName,
          enabledMark: n.enabledMark,
          hasChildren: n.hasChildren,
          isLeaf: n.isLeaf ?? !n.hasChildren,
        }));
      },
      async names(paths) {
        const clean = paths.filter((p) => Array.isArray(p) && p.length);
        if (!clean.length) return paths.map(() => []);
        const named = await post<string[][]>('/api/system/Area/GetAreaByIds', { idsList: clean });
        let i = 0;
        return paths.map((p) => (Array.isArray(p) && p.length ? (named[i++] ?? []) : []));
      },
    },
    popup: {
      async list(q) {
        const d = await post<{ list: Row[]; pagination: { total: number } }>(
          `/api/system/DataInterface/${encodeURIComponent(q.interfaceId)}/Actions/List`,
          {
            keyword: q.keyword || undefined,
            currentPage: q.currentPage,
            pageSize: q.pageSize,
            propsValue: q.propsValue || undefined,
            relationField: q.relationField || undefined,
          },
        );
        return { list: d.list ?? [], total: d.pagination?.total ?? 0 };
      },
      async byId(interfaceId, id, propsValue) {
        return post<Row | null>(`/api/system/DataInterface/${encodeURIComponent(interfaceId)}/Actions/Info`, {
          id,
          propsValue,
        });
      },
    },
    relation: {
      async list(q) {
        const d = await post<{ list: Row[]; pagination: { total: number } }>(
          `/api/visualdev/OnlineDev/${encodeURIComponent(q.modelId)}/List`,
          { keyword: q.keyword || undefined, currentPage: q.currentPage, pageSize: q.pageSize },
        );
        return { list: d.list ?? [], total: d.pagination?.total ?? 0 };
      },
      async record(modelId, id) {
        const d = await get<{ id: string; data: Row }>(
          `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(id)}`,
        ).catch(() => null);
        return d ? { ...d.data, id: d.id } : null;
      },
    },
    /** A preview of the rule's next number: the server takes the real one when the form is saved. */
    billNumber: (rule) => get<string>(`/api/system/BillRule/${encodeURIComponent(rule)}/Actions/Preview`),
    upload: {
      chunk(req) {
        const form = new FormData();
        form.append('identifier', req.identifier);
        form.append('chunkNumber', String(req.chunkNumber));
        form.append('totalChunks', String(req.totalChunks));
        form.append('chunkSize', String(req.chunkSize));
        form.append('currentChunkSize', String(req.currentChunkSize));
        form.append('totalSize', String(req.totalSize));
        form.append('filename', req.filename);
        form.append('file', req.file, req.filename);
        const q = new URLSearchParams({ fileType: req.fileType, extension: req.extension });
        return envelope(() => postFormData<ChunkResult>(`/api/file/chunk?${q}`, form));
      },
      merge(payload) {
        return envelope(() =>
          request<MergeResult>({ url: '/api/file/merge', method: 'POST', data: { ...payload }, ...quiet }),
        );
      },
      // form uploads are a checked kind: images and links carry the media code, never the token
      src: mediaUrl,
    },
  };
}

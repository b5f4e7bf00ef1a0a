import type { FormProviders, TreeNode } from '@kp/renderer';
import { http } from '../../api/http';
import { sessionStore } from '../../store/session';

interface SelNode {
  id: string;
  fullName: string;
  type?: string;
  children?: SelNode[];
  organizeId?: string;
}

let treeCache: Promise<SelNode[]> | null = null;
/** The unit tree with users as leaves (GET /api/permission/Users/Selector), fetched once per page load. */
function selectorTree(): Promise<SelNode[]> {
  treeCache ??= http
    .get<{ list: SelNode[] }>('/api/permission/Users/Selector', undefined, { silent: true })
    .then((r) => r.data.list)
    .catch(() => {
      treeCache = null;
      return [];
    });
  return treeCache;
}

function flat(list: SelNode[], out: SelNode[] = []): SelNode[] {
  for (const n of list) {
    out.push(n);
    if (n.children) flat(n.children, out);
  }
  return out;
}

const node = (n: SelNode, usersToo: boolean): TreeNode => {
  const kids = (n.children ?? []).filter((c) => usersToo || c.type !== 'user');
  return {
    id: n.id,
    fullName: n.fullName,
    type: n.type,
    hasChildren: kids.length > 0,
    isLeaf: kids.length === 0,
  };
};

async function childrenOf(parentId: string, usersToo: boolean, keyword?: string): Promise<TreeNode[]> {
  const tree = await selectorTree();
  if (keyword) {
    return flat(tree)
      .filter((n) => (usersToo ? n.type === 'user' : n.type !== 'user') && n.fullName.includes(keyword))
      .map((n) => node(n, usersToo));
  }
  const list =
    parentId === '0' || parentId === '-1'
      ? tree
      : (flat(tree).find((n) => n.id === parentId)?.children ?? []);
  return list.filter((c) => usersToo || c.type !== 'user').map((n) => node(n, usersToo));
}

/** HTTP-backed providers for the flow forms (organisation and user pickers; others answer empty). */
export function wfProviders(): FormProviders {
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
      };
    },
    async dictionary() {
      return [];
    },
    async dataInterface() {
      return [];
    },
    orgTree: (_kind, parentId, o) => childrenOf(parentId, false, o?.keyword),
    async orgNames(_kind, ids) {
      const all = flat(await selectorTree());
      return ids.map((id) => {
        const n = all.find((x) => x.id === id);
        return n ? node(n, false) : { id, fullName: id };
      });
    },
    users: {
      tree: (parentId, keyword) => childrenOf(parentId, true, keyword),
      byOrganize: (organizeId, keyword) => childrenOf(organizeId, true, keyword),
      subordinates: async () => [],
      async byIds(ids) {
        if (!ids.length) return [];
        const r = await http.post<{ list: Array<{ id: string; fullName: string }> }>(
          '/api/permission/Users/getUserList',
          { userId: ids },
          { silent: true },
        );
        return r.data.list.map((u) => ({ id: u.id, fullName: u.fullName, type: 'user', isLeaf: true }));
      },
    },
    address: { children: async () => [], names: async (paths) => paths.map(() => []) },
    popup: { list: async () => ({ list: [], total: 0 }), byId: async () => null },
    relation: { list: async () => ({ list: [], total: 0 }), record: async () => null },
    billNumber: async () => '',
    upload: {
      chunk: async () => ({ code: 400, msg: 'upload unavailable', data: {} }),
      merge: async () => ({ code: 400, msg: 'upload unavailable', data: { name: '', url: '' } }),
    },
  };
}

/** Launch defaults: an empty single user picker gets the current user, a department picker his department. */
export function launchDefaults(form: { fields?: unknown[] } | null | undefined): Record<string, unknown> {
  const u = sessionStore.get().userInfo;
  const out: Record<string, unknown> = {};
  if (!u) return out;
  const walk = (list: unknown) => {
    for (const f of (Array.isArray(list) ? list : []) as Array<Record<string, any>>) {
      const key = f.__config__?.jnpfKey;
      const dv = f.__config__?.defaultValue;
      const empty = dv === undefined || dv === null || dv === '' || (Array.isArray(dv) && !dv.length);
      if (f.__vModel__ && empty && !f.multiple) {
        if (key === 'userSelect') out[f.__vModel__] = u.userId;
        if (key === 'depSelect' && u.departmentId) out[f.__vModel__] = u.departmentId;
      }
      walk(f.__config__?.children);
    }
  };
  walk(form?.fields);
  return out;
}

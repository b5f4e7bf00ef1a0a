import type {
  ChunkRequest,
  CurrentUser,
  DictionaryOption,
  FormProviders,
  OrgTreeKind,
  Paged,
  Row,
  TreeNode,
} from './types';

/** Data for in-memory providers: trees are given whole and served level by level. */
export interface MemoryData {
  currentUser?: CurrentUser;
  dictionaries?: Record<string, DictionaryOption[]>;
  dataInterfaces?: Record<string, Row[]>;
  /** Answers of `request(url, method, data)` by `METHOD url` (e.g. `GET /api/x`); a function gets the data. */
  requests?: Record<string, unknown | ((data: unknown) => unknown)>;
  orgTrees?: Partial<Record<OrgTreeKind, TreeNode[]>>;
  /** Organisation tree whose leaves are users (type 'user'). */
  userTree?: TreeNode[];
  /** User ids of the current user's subordinates. */
  subordinates?: string[];
  regions?: TreeNode[];
  /** Rows of each popup data interface. */
  popupRows?: Record<string, Row[]>;
  /** Records of each relation form (model id), each with an `id`. */
  relationRecords?: Record<string, Row[]>;
  billRules?: Record<string, string>;
  /** Answers the merge call with this code and msg when set (to test error paths). */
  failMerge?: { code: number; msg: string };
  /** Answers an editor image upload with this code and msg when set. */
  failAnnex?: { code: number; msg: string };
  /** Answers a chunk call with this code and msg when set. */
  failChunk?: { code: number; msg: string };
  /** Simulated latency per call in ms (default 0). */
  latency?: number;
}

const strip = (n: TreeNode): TreeNode => {
  const { children, ...rest } = n;
  const has = Array.isArray(children) && children.length > 0;
  return { ...rest, hasChildren: has, isLeaf: rest.isLeaf ?? !has };
};

function childrenOf(tree: TreeNode[], parentId: string, root: string): TreeNode[] {
  if (parentId === root) return tree.map(strip);
  const stack = [...tree];
  while (stack.length) {
    const n = stack.pop() as TreeNode;
    if (n.id === parentId) return (n.children ?? []).map(strip);
    if (n.children) stack.push(...n.children);
  }
  return [];
}

function flatten(tree: TreeNode[]): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (ns: TreeNode[]) => {
    for (const n of ns) {
      out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

const matches = (n: { fullName?: unknown }, keyword?: string) =>
  !keyword || String(n.fullName ?? '').includes(keyword);

function page<T>(rows: T[], currentPage: number, pageSize: number): Paged<T> {
  const start = (Math.max(1, currentPage) - 1) * pageSize;
  return { list: rows.slice(start, start + pageSize), total: rows.length };
}

/**
 * In-memory providers for tests, demos and examples/embed-renderer. Uploads are kept in memory: chunks are
 * stored per identifier and merge answers a `memory://` url.
 */
export function createMemoryProviders(data: MemoryData = {}): FormProviders & {
  uploads: Map<string, { chunks: Map<number, Blob>; merged?: boolean }>;
} {
  const delay = <T>(v: T): Promise<T> =>
    new Promise((res) => (data.latency ? setTimeout(() => res(v), data.latency) : res(v)));
  const uploads = new Map<string, { chunks: Map<number, Blob>; merged?: boolean }>();
  const user: CurrentUser = data.currentUser ?? { userId: 'admin', userName: '管理员' };
  return {
    uploads,
    currentUser: () => delay(user),
    dictionary: (typeId) => delay(data.dictionaries?.[typeId] ?? []),
    // With params: the rows whose fields equal every given param (as text), like a filtered query.
    dataInterface: (id, params) =>
      delay(
        (data.dataInterfaces?.[id] ?? []).filter((r) =>
          Object.entries(params ?? {}).every(([k, v]) => v == null || v === '' || String(r[k]) === String(v)),
        ),
      ),
    request: (url, method, body) => {
      const key = `${method.toUpperCase()} ${url}`;
      if (!data.requests || !(key in data.requests)) return Promise.reject(new Error(`no answer for ${key}`));
      const a = data.requests[key];
      return delay(typeof a === 'function' ? (a as (d: unknown) => unknown)(body) : a);
    },
    orgTree: (kind, parentId, options) => {
      const tree = data.orgTrees?.[kind] ?? [];
      if (options?.keyword)
        return delay(
          flatten(tree)
            .filter((n) => matches(n, options.keyword))
            .map(strip),
        );
      return delay(childrenOf(tree, parentId, '0'));
    },
    orgNames: (kind, ids) =>
      delay(
        flatten(data.orgTrees?.[kind] ?? [])
          .filter((n) => ids.includes(n.id))
          .map(strip),
      ),
    users: {
      tree: (parentId, keyword) => {
        const tree = data.userTree ?? [];
        if (keyword)
          return delay(
            flatten(tree)
              .filter((n) => n.type === 'user' && matches(n, keyword))
              .map(strip),
          );
        return delay(childrenOf(tree, parentId, '0'));
      },
      byOrganize: (organizeId, keyword) => {
        const org = flatten(data.userTree ?? []).find((n) => n.id === organizeId);
        return delay(
          flatten(org?.children ?? [])
            .filter((n) => n.type === 'user' && matches(n, keyword))
            .map(strip),
        );
      },
      subordinates: (keyword) => {
        const subs = new Set(data.subordinates ?? []);
        return delay(
          flatten(data.userTree ?? [])
            .filter((n) => n.type === 'user' && subs.has(n.id) && matches(n, keyword))
            .map(strip),
        );
      },
      byIds: (ids) =>
        delay(
          flatten(data.userTree ?? [])
            .filter((n) => n.type === 'user' && ids.includes(n.id))
            .map(strip),
        ),
    },
    address: {
      children: (parentId) => delay(childrenOf(data.regions ?? [], parentId, '-1')),
      names: (paths) => {
        const all = flatten(data.regions ?? []);
        return delay(paths.map((p) => p.map((id) => all.find((n) => n.id === id)?.fullName ?? id)));
      },
    },
    popup: {
      list: (q) => {
        const rows = (data.popupRows?.[q.interfaceId] ?? []).filter(
          (r) => !q.keyword || Object.values(r).some((v) => String(v ?? '').includes(q.keyword)),
        );
        return delay(page(rows, q.currentPage, q.pageSize));
      },
      byId: (interfaceId, id, propsValue) =>
        delay(
          (data.popupRows?.[interfaceId] ?? []).find((r) => String(r[propsValue]) === String(id)) ?? null,
        ),
    },
    relation: {
      list: (q) => {
        const rows = (data.relationRecords?.[q.modelId] ?? []).filter(
          (r) => !q.keyword || Object.values(r).some((v) => String(v ?? '').includes(q.keyword)),
        );
        return delay(page(rows, q.currentPage, q.pageSize));
      },
      record: (modelId, id) =>
        delay((data.relationRecords?.[modelId] ?? []).find((r) => String(r.id) === String(id)) ?? null),
    },
    billNumber: (rule) => delay(data.billRules?.[rule] ?? `${rule}${Date.now()}`),
    upload: {
      chunk: (req: ChunkRequest) => {
        if (data.failChunk) return delay({ ...data.failChunk, data: {} });
        const entry = uploads.get(req.identifier) ?? { chunks: new Map() };
        entry.chunks.set(req.chunkNumber, req.file);
        uploads.set(req.identifier, entry);
        const done = entry.chunks.size === req.totalChunks;
        return delay({ code: 200, msg: 'Success', data: { uploaded: done, merge: done } });
      },
      merge: (p) => {
        if (data.failMerge) return delay({ ...data.failMerge, data: { name: '', url: '' } });
        const entry = uploads.get(p.identifier);
        if (entry) entry.merged = true;
        return delay({
          code: 200,
          msg: 'Success',
          data: {
            name: p.identifier,
            fileVersionId: `v-${p.identifier}`,
            url: `memory://${p.fileName}`,
            size: p.fileSize,
          },
        });
      },
      // Editor images: answered with a data: URL of the file itself (nothing leaves the page).
      annex: (file) => {
        if (data.failAnnex) return delay({ ...data.failAnnex, data: { url: '' } });
        return new Promise((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve({ code: 200, msg: 'Success', data: { url: String(reader.result) } });
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        });
      },
    },
  };
}

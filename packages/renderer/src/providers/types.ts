/**
 * Everything the renderer needs from outside reaches it through these providers. The host passes
 * HTTP-backed ones; tests and examples/embed-renderer pass `createMemoryProviders(data)`. The package holds
 * no URL and imports nothing of the host.
 */

/** Tree node of the organisation, user, region and other pickers (spec 3 §3 "Tree node"). */
export interface TreeNode {
  id: string;
  fullName: string;
  children?: TreeNode[];
  hasChildren?: boolean;
  /** 0 means disabled: picking it is refused. */
  enabledMark?: number;
  /** user, position, role, department, company ... */
  type?: string;
  icon?: string;
  onlyId?: string;
  isLeaf?: boolean;
}

export interface DictionaryOption {
  id: string;
  enCode: string;
  fullName: string;
}

export interface CurrentUser {
  userId: string;
  userName: string;
  organizeId?: string;
  organizeName?: string;
  departmentId?: string;
  departmentName?: string;
  positionId?: string;
  positionName?: string;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

export type Row = Record<string, unknown>;

export interface PopupQuery {
  interfaceId: string;
  keyword: string;
  currentPage: number;
  pageSize: number;
  propsValue: string;
  relationField: string;
}

export interface RelationQuery {
  modelId: string;
  keyword: string;
  currentPage: number;
  pageSize: number;
  relationField: string;
  /** Column keys, comma-joined as the spec's call passes them. */
  columnOptions: string;
}

/** Kinds of organisation tree a picker can browse. */
export type OrgTreeKind = 'organize' | 'department' | 'position' | 'role' | 'group';

/** The `{code, msg, data}` envelope, kept for upload calls whose msg is shown to the user. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One chunk of POST /api/file/chunk (query fileType, extension). */
export interface ChunkRequest {
  identifier: string;
  filename: string;
  chunkNumber: number;
  totalChunks: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  fileType: string;
  extension: string;
  file: Blob;
}

export interface ChunkResult {
  uploaded?: boolean;
  merge?: boolean;
  chunkNumbers?: number[];
}

/** Body of POST /api/file/merge (spec 3 §3 "Merge payload"). */
export interface MergePayload {
  identifier: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  extension: string;
  type: string;
}

export interface MergeResult {
  name: string;
  /** The stored file's id (KP's server answers it; without it the stored name stands for the id). */
  fileId?: string;
  fileVersionId?: string;
  url: string;
  size?: number;
}

export interface FormProviders {
  currentUser(): Promise<CurrentUser>;
  /** Dictionary entries of a dictionary type. */
  dictionary(typeId: string): Promise<DictionaryOption[]>;
  /**
   * Rows of a data interface: options of a dataType dynamic field (no params), or a form script's
   * `callInterface(id, params)` (params become the interface's query parameters).
   */
  dataInterface(interfaceId: string, params?: Record<string, unknown>): Promise<Row[]>;
  /**
   * A form script's `request(url, method, data)` (spec 3 §7: custom scripts can issue requests with a method,
   * default GET, and data). Optional: without it the call stops the script. The host decides which
   * addresses it serves; the answer (its `data`) goes back to the script.
   */
  request?(url: string, method: string, data: unknown): Promise<unknown>;
  /** Children of `parentId` ('0' for the roots) in an organisation tree, optionally filtered by keyword. */
  orgTree(
    kind: OrgTreeKind,
    parentId: string,
    options?: { keyword?: string; auth?: boolean },
  ): Promise<TreeNode[]>;
  /** Nodes for ids already chosen (to show their names). */
  orgNames(kind: OrgTreeKind, ids: string[]): Promise<TreeNode[]>;
  users: {
    /** All data tab: lazy organisation tree whose leaves are users (type 'user'). */
    tree(parentId: string, keyword?: string): Promise<TreeNode[]>;
    /** Current organisation tab. */
    byOrganize(organizeId: string, keyword?: string): Promise<TreeNode[]>;
    /** My subordinates tab. */
    subordinates(keyword?: string): Promise<TreeNode[]>;
    /** Selected users by id. */
    byIds(ids: string[]): Promise<TreeNode[]>;
  };
  address: {
    /** Children of a region ('-1' is the root). */
    children(parentId: string): Promise<TreeNode[]>;
    /** Names of the given id paths, one name list per path. */
    names(paths: string[][]): Promise<string[][]>;
  };
  popup: {
    list(query: PopupQuery): Promise<Paged<Row>>;
    /** The row whose propsValue is `id`, or null. */
    byId(interfaceId: string, id: string, propsValue: string): Promise<Row | null>;
  };
  relation: {
    list(query: RelationQuery): Promise<Paged<Row>>;
    record(modelId: string, id: string): Promise<Row | null>;
  };
  /** The next bill number of a bill rule (the server assigns the real one on save). */
  billNumber(rule: string): Promise<string>;
  upload: {
    chunk(req: ChunkRequest): Promise<Envelope<ChunkResult>>;
    merge(payload: MergePayload): Promise<Envelope<MergeResult>>;
    /**
     * Optional: one image of the rich-text editor (POST /api/File/Uploader/annex, multipart). The answer's
     * data.url is inserted; without this provider the editor has no image button.
     */
    annex?(file: File): Promise<Envelope<{ url: string }>>;
    /**
     * Optional: the address that shows or opens a stored file (form uploads are a checked kind: the host adds
     * its short-lived media code). Without it the stored url is used as it is.
     */
    src?(url: string): string;
  };
}

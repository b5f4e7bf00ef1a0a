import type { FlowNode, FormConfig, WfLaunchInfo } from '@kp/schema';
import { http } from '../../api/http';

export const WF = '/api/workflow/Engine';

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** Workflow task row of the to-do, done and circulated lists (spec 2 §3). */
export interface TaskRow {
  id: string;
  processId: string;
  flowCode?: string;
  flowId: string;
  formType?: number;
  thisStepId?: string;
  thisStep?: string;
  fullName: string;
  status: number;
  flowUrgent?: number;
  userName?: string;
  creatorTime?: number;
  pressMark?: number;
  isOut?: number;
  webUrl?: string | null;
}

export interface LaunchedRow {
  id: string;
  flowId: string;
  flowCode?: string;
  fullName: string;
  status: number;
  thisStep?: string;
  flowUrgent?: number;
  creatorTime?: number;
  endTime?: number | null;
  pressMark?: number;
}

export interface TemplateRow {
  id: string;
  enCode: string;
  fullName: string;
  /** The name in every language (detail only; zh is fullName). */
  fullNameI18n?: { zh?: string; zhtw?: string; en?: string };
  category: string;
  type?: number;
  formType?: number;
  version?: number;
  enabledMark?: number;
  sortCode?: number;
  creatorTime?: number;
  formData?: FormConfig | null;
  flowTemplateJson?: FlowNode | null;
  propertyJson?: Record<string, unknown>;
  visibleUserIds?: string[];
}

export interface OperatorRecord {
  id: string;
  nodeCode?: string;
  nodeName: string;
  userId?: string;
  userName: string;
  entrustedBy?: string | null;
  entrustedByName?: string | null;
  handleTime: number;
  handleStatus: number;
  handleOpinion?: string | null;
  signImg?: string | null;
  status?: number | null;
  operatorId?: string | null;
}

export interface TaskNodeRow {
  nodeCode: string;
  nodeName: string;
  nodeType: string;
  type: number | null;
  userName: string;
}

export interface BeforeInfo {
  flowFormInfo: {
    id: string;
    enCode: string;
    fullName: string;
    formType: number;
    propertyJson: FormConfig | null;
  };
  flowTaskInfo: {
    id: string;
    fullName: string;
    thisStep?: string;
    flowUrgent?: number;
    status: number;
    completion?: number;
    endTime?: number | null;
    flowTemplateJson: FlowNode;
    flowId: string;
    suspended?: number;
    creatorUserId?: string;
    creatorTime?: number;
  };
  flowHasComment: boolean;
  draftData: Record<string, unknown> | null;
  formData: Record<string, unknown>;
  flowTaskNodeList: TaskNodeRow[];
  flowTaskOperatorRecordList: OperatorRecord[];
  approversProperties: Record<string, unknown>;
  /** The flow template's own properties (flow-wide button flags and texts). */
  flowProperties?: Record<string, unknown>;
  formOperates: Array<{ id: string; read?: boolean; write?: boolean; required?: boolean }>;
}

/** One comment attachment (an upload of /api/file/Uploader/comment). */
export interface CommentAttachment {
  fileId: string;
  url: string;
  name: string;
  size?: number;
}

export interface CommentRow {
  id: string;
  text?: string;
  /** JSON list of CommentAttachment (or the list itself). */
  file?: string | CommentAttachment[];
  image?: string | CommentAttachment[];
  taskId: string;
  creatorUserName?: string;
  creatorUserHeadIcon?: string;
  creatorTime?: number;
  isDel?: boolean;
}

export interface UserOption {
  id: string;
  fullName: string;
  account?: string;
}

export interface ListQuery {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  status?: number;
  flowId?: string;
  category?: string;
}

const clean = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export const wfApi = {
  // lists
  list: (category: string, q: ListQuery) =>
    http.get<Paged<TaskRow>>(`${WF}/FlowBefore/List/${category}`, clean(q)).then((r) => r.data),
  launched: (q: ListQuery) => http.get<Paged<LaunchedRow>>(`${WF}/FlowLaunch`, clean(q)).then((r) => r.data),
  launchable: () => http.get<{ list: TemplateRow[] }>(`${WF}/FlowEngine/ListAll`).then((r) => r.data.list),
  categories: () =>
    http
      .get<Array<{ id: string; fullName: string }>>(`${WF}/FlowEngine/GetWorkFlowCategory`)
      .then((r) => r.data),
  // templates (designer)
  templates: (q: ListQuery) => http.get<Paged<TemplateRow>>(`${WF}/FlowEngine`, clean(q)).then((r) => r.data),
  template: (id: string, silent = false) =>
    http.get<TemplateRow>(`${WF}/FlowEngine/${id}`, undefined, { silent }).then((r) => r.data),
  createTemplate: (b: object) =>
    http.post<string>(`${WF}/FlowEngine`, b as Record<string, unknown>, { showSuccess: true }),
  updateTemplate: (id: string, b: object) =>
    http.put<string>(`${WF}/FlowEngine/${id}`, b as Record<string, unknown>, { showSuccess: true }),
  deleteTemplate: (id: string) => http.delete(`${WF}/FlowEngine/${id}`, undefined, { showSuccess: true }),
  copyTemplate: (id: string) =>
    http.post(`${WF}/FlowEngine/${id}/Actions/Copy`, undefined, { showSuccess: true }),
  exportTemplate: (id: string) =>
    http.get<unknown>(`${WF}/FlowEngine/${id}/Actions/ExportData`).then((r) => r.data),
  release: (id: string) => http.post(`${WF}/FlowEngine/Release/${id}`, undefined, { showSuccess: true }),
  stop: (id: string) => http.post(`${WF}/FlowEngine/Stop/${id}`, undefined, { showSuccess: true }),
  // tasks
  submit: (b: Record<string, unknown>) => http.post<string>(`${WF}/FlowTask`, b, { showSuccess: true }),
  resubmit: (id: string, b: Record<string, unknown>, silent = false) =>
    http.put<string>(`${WF}/FlowTask/${id}`, b, { showSuccess: !silent, silent }),
  /** What the launch dialog needs (form, tree, start-node writability) for anyone allowed to launch. */
  launchInfo: (flowId: string) =>
    http.get<WfLaunchInfo>(`${WF}/FlowTask/LaunchInfo/${flowId}`).then((r) => r.data),
  info: (id: string, taskOperatorId?: string) =>
    http
      .get<BeforeInfo>(`${WF}/FlowBefore/${id}/Info`, taskOperatorId ? { taskOperatorId } : undefined)
      .then((r) => r.data),
  records: (id: string) =>
    http.get<OperatorRecord[]>(`${WF}/FlowBefore/RecordList/${id}`).then((r) => r.data),
  audit: (opId: string, b: Record<string, unknown>) =>
    http.post(`${WF}/FlowBefore/Audit/${opId}`, b, { showSuccess: true }),
  saveAudit: (opId: string, b: Record<string, unknown>) =>
    http.post(`${WF}/FlowBefore/SaveAudit/${opId}`, b, { showSuccess: true }),
  reject: (opId: string, b: Record<string, unknown>) =>
    http.post(`${WF}/FlowBefore/Reject/${opId}`, b, { showSuccess: true }),
  transfer: (opId: string, b: Record<string, unknown>) =>
    http.post(`${WF}/FlowBefore/Transfer/${opId}`, b, { showSuccess: true }),
  recall: (opId: string, reason: string) =>
    http.post(`${WF}/FlowBefore/Recall/${opId}`, { handleOpinion: reason }, { showSuccess: true }),
  cancel: (taskId: string, reason?: string) =>
    http.post(`${WF}/FlowBefore/Cancel/${taskId}`, { handleOpinion: reason }, { showSuccess: true }),
  assign: (taskId: string, nodeCode: string, userId: string) =>
    http.post(
      `${WF}/FlowBefore/Assign/${taskId}`,
      { nodeCode, freeApproverUserId: userId },
      { showSuccess: true },
    ),
  nodeSelector: (taskId: string) =>
    http
      .get<Array<{ nodeId: string; nodeName: string }>>(`${WF}/FlowBefore/NodeSelector/${taskId}`)
      .then((r) => r.data),
  circulateRead: (id: string) =>
    http.get(`${WF}/FlowBefore/Circulate/IsRead/${id}`, undefined, { silent: true }),
  /** The caller's pending to-dos and unread circulated items (the header badges). */
  counts: () =>
    http
      .get<{ toBeReviewed: number; flowCirculate: number }>(
        '/api/visualdev/Dashboard/FlowTodoCount',
        undefined,
        {
          silent: true,
        },
      )
      .then((r) => r.data),
  /** Nodes needing candidates before a launch ({taskId} '0' + flowId) or an audit ({taskId} = operator id). */
  candidates: (taskId: string, b: { formData?: Record<string, unknown>; flowId?: string }) =>
    http
      .post<{ list: Array<{ nodeId: string; nodeName: string }> }>(`${WF}/FlowBefore/Candidates/${taskId}`, b)
      .then((r) => r.data.list ?? []),
  candidateUsers: (
    id: string,
    b: {
      nodeCode: string;
      keyword?: string;
      currentPage?: number;
      pageSize?: number;
      flowId?: string;
      formData?: Record<string, unknown>;
    },
  ) =>
    http
      .post<Paged<{ id: string; fullName: string }>>(`${WF}/FlowBefore/CandidateUser/${id}`, b, {
        silent: true,
      })
      .then((r) => r.data),
  addSigner: (opId: string, userIds: string[], handleOpinion?: string) =>
    http.post(
      `${WF}/FlowBefore/AddSigner/${opId}`,
      { freeApproverUserId: userIds, handleOpinion },
      { showSuccess: true },
    ),
  summary: (id: string, category: '1' | '3') =>
    http
      .get<Array<{ fullName: string; list: OperatorRecord[] }>>(`${WF}/FlowBefore/Summary/${id}`, {
        category,
      })
      .then((r) => r.data),
  batch: (ids: string[], batchType: 0 | 1, handleOpinion: string) =>
    http.post<{ success: number; failed: Array<{ id: string; msg: string }> }>(
      `${WF}/FlowBefore/BatchOperation`,
      { ids, batchType, handleOpinion },
      { showSuccess: true },
    ),
  rearchive: (id: string, formData: Record<string, unknown>) =>
    http.post(`${WF}/FlowLaunch/rearchive/${id}`, { formData }, { showSuccess: true }),
  // launched
  deleteLaunched: (id: string, silent = false) =>
    http.delete(`${WF}/FlowLaunch/${id}`, undefined, { showSuccess: !silent, silent }),
  withdraw: (id: string, reason: string) =>
    http.put(`${WF}/FlowLaunch/${id}/Actions/Withdraw`, { handleOpinion: reason }, { showSuccess: true }),
  press: (id: string) => http.post(`${WF}/FlowLaunch/Press/${id}`, undefined, { showSuccess: true }),
  notify: (id: string, userIds: string[]) =>
    http.post(`${WF}/FlowLaunch/Notify/${id}`, { userIds }, { showSuccess: true }),
  notifyUsers: (id: string) =>
    http
      .get<{ list: Array<{ userId: string; fullName: string }> }>(`${WF}/FlowLaunch/GetNotifyUserList/${id}`)
      .then((r) => r.data.list),
  // comments
  comments: (taskId: string, currentPage: number) =>
    http
      .get<Paged<CommentRow>>(`${WF}/FlowComment`, { taskId, currentPage, pageSize: 20, sort: 'desc' })
      .then((r) => r.data),
  addComment: (taskId: string, c: { text: string; image: CommentAttachment[]; file: CommentAttachment[] }) =>
    http.post(`${WF}/FlowComment`, { taskId, ...c }, { showSuccess: true }),
  deleteComment: (id: string) => http.delete(`${WF}/FlowComment/${id}`, undefined, { showSuccess: true }),
  // print
  printData: (taskId: string, formId?: string) =>
    http
      .get<{
        printTemplate: string | null;
        /** What the template shows: display values (user and department names, dictionary labels). */
        printData: Record<string, unknown>;
        /** The stored values (ids), for the form drawn read-only; absent from older servers. */
        printDataRaw?: Record<string, unknown>;
        operatorRecordList: OperatorRecord[];
      }>(`${WF}/FlowGeneral/printData/${taskId}`, formId ? { formId } : undefined)
      .then((r) => r.data),
  /** Print configs offered on a task (the node's or every node's templates). */
  printConfig: (taskId: string, taskNodeId?: string) =>
    http
      .get<{ list: Array<{ id: string; fullName: string; taskNodeId?: string | null }> }>(
        `${WF}/FlowGeneral/printConfig/${taskId}`,
        taskNodeId ? { taskNodeId } : undefined,
      )
      .then((r) => r.data.list ?? []),
  // entrust
  entrusts: () =>
    http
      .get<{ list: Array<Record<string, unknown>> } | Array<Record<string, unknown>>>(`${WF}/FlowEntrust`)
      .then((r) => (Array.isArray(r.data) ? r.data : (r.data.list ?? []))),
  addEntrust: (b: Record<string, unknown>) => http.post(`${WF}/FlowEntrust`, b, { showSuccess: true }),
  deleteEntrust: (id: string) => http.delete(`${WF}/FlowEntrust/${id}`, undefined, { showSuccess: true }),
  // monitor
  monitor: (q: ListQuery) =>
    http
      .get<Paged<LaunchedRow & { userName?: string; suspended?: number }>>(`${WF}/FlowMonitor`, clean(q))
      .then((r) => r.data),
  suspend: (id: string) =>
    http.put(`${WF}/FlowMonitor/${id}/Actions/Suspend`, undefined, { showSuccess: true }),
  resume: (id: string) =>
    http.put(`${WF}/FlowMonitor/${id}/Actions/Resume`, undefined, { showSuccess: true }),
  // users for the pickers
  users: () =>
    http
      .get<{ list: Array<{ id: string; fullName?: string; realName?: string; account?: string }> }>(
        '/api/permission/Users/All',
      )
      .then((r) =>
        r.data.list.map((u) => ({
          id: u.id,
          fullName: u.fullName ?? u.realName ?? u.account ?? u.id,
          account: u.account,
        })),
      ),
};

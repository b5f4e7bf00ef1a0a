import type { FlowTemplate } from '@kp/schema';
import type { FlowTextCode } from './messages';
import type { OrgDirectory } from './org';

/** Flow status: 0 draft (not launched yet; our addition), 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel. */
export type FlowStatus = 0 | 1 | 2 | 3 | 4 | 5;
export const FLOW_STATUS = { draft: 0, wait: 1, adopt: 2, reject: 3, revoke: 4, cancel: 5 } as const;

/** handleStatus of operator records (spec 2 §4 reading A). */
export const HANDLE_STATUS = {
  rejected: 0,
  approved: 1,
  initiated: 2,
  withdrawn: 3,
  terminated: 4,
  assigned: 5,
  addedSigner: 6,
  transferred: 7,
} as const;
export type HandleStatus = (typeof HANDLE_STATUS)[keyof typeof HANDLE_STATUS];

export type TaskStatus = 'pending' | 'done' | 'closed';
export type CounterSign = 'or' | 'and' | 'ratio' | 'sequential';

export interface Task {
  id: string;
  nodeId: string;
  userId: string;
  status: TaskStatus;
  /** approver: counts in the node's countersign; signer: added by an approver (child task). */
  kind: 'approver' | 'signer';
  result?: 'approve' | 'reject';
  parentId?: string;
  /** Added signers before: the parent waits (blocked) until its signers have acted. */
  signerMode?: 'before' | 'after';
  blocked?: boolean;
  /** Approved by a rule (initiator / already approved / overdue), not by a person. */
  auto?: boolean;
  createdAt: string;
  createdVersion: number;
  doneVersion?: number;
}

/** Countersign bookkeeping of a waiting node. */
export interface NodeRun {
  nodeId: string;
  kind: 'approver' | 'timer' | 'subflow';
  mode?: CounterSign;
  ratio?: number;
  /** Number of approvers the thresholds count from. */
  total: number;
  approvals: number;
  rejections: number;
  /** Sequential countersign: the approvers still to come, in order. */
  queue: string[];
  reminders: number;
  /** Sync subflows: children started and finished. */
  expected?: number;
  finished?: number;
  enteredVersion: number;
}

export interface OperatorRecord {
  id: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  handleStatus: HandleStatus;
  handleOpinion?: string;
  handleTime: string;
  /** 1 marks a record made by an added approver (signer). */
  status?: number;
  /** Assignee, signer(s) or transferee. */
  targetUserIds?: string[];
  taskId?: string;
  signImg?: string;
}

export interface Deadline {
  /** `timer:<nodeId>` or `overdue:<nodeId>`. */
  id: string;
  nodeId: string;
  kind: 'timer' | 'overdue';
  at: string;
}

export interface JoinCounter {
  expected: number;
  arrived: number;
}

interface UndoPoint {
  taskId: string;
  version: number;
  current: string[];
  runs: Record<string, NodeRun>;
  joins: Record<string, JoinCounter>;
  deadlines: Deadline[];
  trail: string[];
}

export interface FlowState {
  version: number;
  status: FlowStatus;
  /** Revoked after adoption: final, cannot be resubmitted. */
  closed: boolean;
  initiatorId: string | null;
  formData: Record<string, unknown>;
  /** Nodes waiting now (approver, timer, sync subflow), in the order they were entered. */
  current: string[];
  runs: Record<string, NodeRun>;
  tasks: Task[];
  joins: Record<string, JoinCounter>;
  deadlines: Deadline[];
  records: OperatorRecord[];
  /** Candidates chosen at submit or by an approver: node id -> users. */
  candidates: Record<string, string[]>;
  /** Approver nodes entered since the last (re)start, in order (for reject to the previous node). */
  trail: string[];
  /** The node that rejected to the start (for resubmit jumpBack). */
  rejectedFrom: string | null;
  seq: number;
  /** What the last audit changed, so the handler can recall it while nothing else has happened. */
  undo: UndoPoint | null;
}

export type Effect =
  | { type: 'createTask'; task: Task }
  | { type: 'closeTask'; taskId: string; status: 'done' | 'closed'; result?: 'approve' | 'reject' }
  | { type: 'record'; record: OperatorRecord }
  | { type: 'cc'; nodeId: string; userIds: string[] }
  | {
      type: 'message';
      to: string[];
      kind: 'todo' | 'press' | 'overdue' | 'rejected' | 'adopted' | 'withdrawn' | 'terminated' | 'cc';
      nodeId?: string;
    }
  | { type: 'setDeadline'; deadline: Deadline }
  | { type: 'clearDeadline'; deadlineId: string }
  | { type: 'startSubflow'; nodeId: string; flowId: string; initiators: string[]; async: boolean }
  | { type: 'setStatus'; status: FlowStatus }
  | { type: 'flowFinished'; status: FlowStatus };

export interface Base {
  userId: string;
}
export type FlowAction =
  | (Base & {
      type: 'submit';
      /** 0 submit, 1 save as draft, 2 manager save. */
      status?: 0 | 1 | 2;
      formData?: Record<string, unknown>;
      candidates?: Record<string, string[]>;
      copyIds?: string[];
    })
  | (Base & { type: 'save'; taskId: string; formData?: Record<string, unknown> })
  | (Base & {
      type: 'audit';
      taskId: string;
      opinion?: string;
      formData?: Record<string, unknown>;
      candidates?: Record<string, string[]>;
      freeApproverUserId?: string | string[];
      copyIds?: string[];
      signImg?: string;
    })
  | (Base & { type: 'reject'; taskId: string; opinion?: string; rejectTo?: string; signImg?: string })
  | (Base & { type: 'transfer'; taskId: string; toUserId?: string; opinion?: string })
  | (Base & { type: 'assign'; nodeId?: string; toUserId?: string; opinion?: string })
  | (Base & {
      type: 'addSigner';
      taskId: string;
      signerIds: string[];
      position: 'before' | 'after';
      opinion?: string;
    })
  | (Base & { type: 'recall'; taskId: string; reason?: string })
  | (Base & { type: 'withdraw'; reason?: string })
  | (Base & { type: 'press' })
  | (Base & { type: 'terminate'; reason?: string })
  | (Base & { type: 'revoke'; reason?: string })
  | (Base & { type: 'refile'; formData?: Record<string, unknown> })
  /** A flow manager saves the form data of a running or adopted flow where it stands (submit status 2). */
  | (Base & { type: 'managerSave'; formData?: Record<string, unknown> })
  | (Base & { type: 'timerFired'; nodeId: string })
  | (Base & { type: 'subflowFinished'; nodeId: string; childStatus?: FlowStatus })
  | (Base & { type: 'overdueReminder'; nodeId: string });

export type FlowActionType = FlowAction['type'];

export interface FlowContext {
  template: FlowTemplate;
  org: OrgDirectory;
  /** The time of this transition (ISO 8601); the interpreter never reads a clock. */
  now: string;
  /** Users allowed manager operations (opType 4); also the hand-over target of empty approver sets. */
  managers?: string[];
  /**
   * Values the form computes (calculate fields, sums), recomputed after every merge of submitted data and
   * before any condition reads it, so a flow never routes on a total the client sent. Pure; optional.
   */
  deriveForm?: (formData: Record<string, unknown>) => Record<string, unknown>;
}

export interface FlowError {
  code: FlowTextCode;
  message: string;
  nodeId?: string;
  nodeName?: string;
}

export type TransitionResult =
  | { ok: true; state: FlowState; effects: Effect[] }
  | { ok: false; error: FlowError };

/** The system user id used for records the engine makes by itself (auto nodes, empty approver sets). */
export const SYSTEM_USER = 'system';

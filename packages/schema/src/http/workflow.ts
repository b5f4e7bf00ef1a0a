import { type Static, Type } from '@sinclair/typebox';
import { FormOperate } from '../flow/node';

/** Workflow engine API (spec 2 §3 payloads, §7 paths); base /api/workflow/Engine. */
const Str = (max = 500) => Type.String({ maxLength: max });
const Opt = Type.Optional;
/** candidateList: node id -> selected user ids. */
export const WfCandidateList = Type.Record(Type.String(), Type.Array(Type.String()));

/** POST/PUT /api/workflow/Engine/FlowEngine: a template. */
export const WfTemplateBody = Type.Object({
  enCode: Type.String({ minLength: 1, maxLength: 100 }),
  fullName: Type.String({ minLength: 1, maxLength: 200 }),
  /** The name in zhtw and en (zh is fullName); absent: the stored labels stay. */
  fullNameI18n: Opt(Type.Object({ zhtw: Opt(Str(200)), en: Opt(Str(200)) })),
  category: Opt(Str(100)),
  type: Opt(Type.Integer({ minimum: 0, maximum: 9 })),
  formType: Opt(Type.Integer({ minimum: 1, maximum: 2 })),
  sortCode: Opt(Type.Integer()),
  /** The form config (FormConfig of @kp/schema), checked with validateFormConfig. */
  formData: Type.Unknown(),
  /** The designer node tree, checked with validateFlowTree and @kp/flow validateFlow. */
  flowTemplateJson: Type.Unknown(),
  propertyJson: Opt(Type.Record(Type.String(), Type.Unknown())),
  /** Empty: everyone may launch. */
  visibleUserIds: Opt(Type.Array(Type.String())),
});
export type WfTemplateBody = Static<typeof WfTemplateBody>;

export const WfListQuery = Type.Object({
  currentPage: Opt(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Opt(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Opt(Str(100)),
  category: Opt(Str(100)),
  status: Opt(Type.Integer()),
  flowId: Opt(Str(50)),
  type: Opt(Type.Integer()),
  sort: Opt(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type WfListQuery = Static<typeof WfListQuery>;

/** POST /FlowTask and PUT /FlowTask/{id} (submit payload). */
export const WfSubmitBody = Type.Object({
  flowId: Type.String({ minLength: 1, maxLength: 50 }),
  /** 0 submit, 1 save as draft, 2 manager save (PUT only: a flow manager saves a running or adopted flow's data). */
  status: Opt(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  flowUrgent: Opt(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  formData: Opt(Type.Record(Type.String(), Type.Unknown())),
  data: Opt(Type.Record(Type.String(), Type.Unknown())),
  copyIds: Opt(Str(5000)),
  candidateList: Opt(WfCandidateList),
  id: Opt(Str(50)),
  /** A system form's (formType 1) submit status: 0 submit, 1 save as draft (spec 2 §4); agrees with status when both come. */
  flowState: Opt(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type WfSubmitBody = Static<typeof WfSubmitBody>;

/** POST /FlowBefore/Audit|SaveAudit|Reject/{taskId} (approval payload). */
export const WfAuditBody = Type.Object({
  handleOpinion: Opt(Str(2000)),
  formData: Opt(Type.Record(Type.String(), Type.Unknown())),
  enCode: Opt(Str(100)),
  signImg: Opt(Type.String({ maxLength: 2_000_000 })),
  copyIds: Opt(Str(5000)),
  candidateList: Opt(WfCandidateList),
  freeApproverUserId: Opt(Type.Union([Str(50), Type.Array(Str(50))])),
  /** Reject: the node to return to when the node lets the handler choose. */
  rejectTo: Opt(Str(100)),
});
export type WfAuditBody = Static<typeof WfAuditBody>;

/** Withdraw, Recall, Cancel: a reason (required for withdraw and recall: 输入不能为空). */
export const WfReasonBody = Type.Object({ handleOpinion: Opt(Str(2000)), reason: Opt(Str(2000)) });
export type WfReasonBody = Static<typeof WfReasonBody>;

/** Transfer: freeApproverUserId; Assign: nodeCode + freeApproverUserId. */
export const WfAssignBody = Type.Object({
  nodeCode: Opt(Str(100)),
  freeApproverUserId: Opt(Str(50)),
  handleOpinion: Opt(Str(2000)),
});
export type WfAssignBody = Static<typeof WfAssignBody>;

export const WfNotifyBody = Type.Object({
  userIds: Type.Array(Str(50), { maxItems: 500 }),
  taskNodeId: Opt(Str(100)),
  taskOperatorId: Opt(Str(50)),
  /** The dialog's operation type the sender had the flow open with (spec 2 §2: -1 … 4). */
  opType: Opt(Type.Integer({ minimum: -1, maximum: 4 })),
});
export type WfNotifyBody = Static<typeof WfNotifyBody>;

export const WfCommentBody = Type.Object({
  taskId: Type.String({ minLength: 1, maxLength: 50 }),
  text: Opt(Str(5000)),
  /**
   * Attachments: a JSON list (text or array) of `{ fileId | url, name, size }` naming uploads of
   * /api/file; at most 9, checked by the route (not a schema union: Ajv's array coercion would turn a
   * one-element array into its element while trying the text branch).
   */
  file: Opt(Type.Unknown()),
  image: Opt(Type.Unknown()),
});
export type WfCommentBody = Static<typeof WfCommentBody>;

export const WfEntrustBody = Type.Object({
  toUserId: Type.String({ minLength: 1, maxLength: 50 }),
  flowId: Opt(Str(50)),
  startTime: Type.Union([Type.Integer(), Type.String({ maxLength: 40 })]),
  endTime: Type.Union([Type.Integer(), Type.String({ maxLength: 40 })]),
  description: Opt(Str(500)),
});
export type WfEntrustBody = Static<typeof WfEntrustBody>;

export const WfBatchBody = Type.Object({
  ids: Type.Array(Str(50), { minItems: 1, maxItems: 200 }),
  /** 1 approve, 0 reject. */
  batchType: Type.Union([Type.Literal(0), Type.Literal(1)]),
  handleOpinion: Opt(Str(2000)),
});
export type WfBatchBody = Static<typeof WfBatchBody>;

/** GET /FlowTask/LaunchInfo/{flowId}: params. */
export const WfLaunchInfoParams = Type.Object({ flowId: Type.String({ minLength: 1, maxLength: 50 }) });
export type WfLaunchInfoParams = Static<typeof WfLaunchInfoParams>;

/**
 * GET /FlowTask/LaunchInfo/{flowId} (our path): what the launch dialog needs, without creating a draft.
 * Session + the start node's initiator rules (and the template's visible users); 403 otherwise, 404 when
 * the flow is unknown, deleted or not released.
 */
export const WfLaunchInfo = Type.Object({
  flowId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  /** 1 system form, 2 custom form. */
  formType: Type.Integer(),
  /** The form config the renderer takes (FormConfig; same as FlowBefore info's flowFormInfo.propertyJson). */
  formConf: Type.Unknown(),
  /** The start node's formOperates (field writability at launch). */
  formOperates: Type.Array(FormOperate),
  /** The designer node tree (read-only diagram). */
  flowTemplateJson: Type.Unknown(),
  /** Print templates offered at the start node (node-less ones included). */
  printIds: Type.Array(Type.String()),
  /** The start node's properties as designed (button flags, texts, isCustomCopy, hasSign, …) minus formOperates. */
  startNodeProperties: Type.Record(Type.String(), Type.Unknown()),
  /** The flow template's own properties (isComment, isSummary, resubmitMode, …). */
  flowProperties: Type.Record(Type.String(), Type.Unknown()),
});
export type WfLaunchInfo = Static<typeof WfLaunchInfo>;

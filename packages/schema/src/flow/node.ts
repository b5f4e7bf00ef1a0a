import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from '../common';

/** Node types of the designer tree (spec 2 §3 Designer node tree). */
export const FLOW_NODE_TYPES = [
  'start',
  'approver',
  'copy',
  'timer',
  'subFlow',
  'interflow',
  'condition',
  'branch',
  'empty',
  'auto',
] as const;
export const FlowNodeType = Type.Union(
  FLOW_NODE_TYPES.map((t) => Type.Literal(t)),
  { description: 'Node type' },
);
export type FlowNodeType = Static<typeof FlowNodeType>;

/**
 * The kind of a branch point (a node with conditionNodes): `condition` exclusive (first match by
 * priority, else the default branch), `interflow` parallel (every branch, joined before going on),
 * `branch` inclusive (every matching branch in parallel, the default if none match).
 */
export const ConditionType = Type.Union([
  Type.Literal('condition'),
  Type.Literal('interflow'),
  Type.Literal('branch'),
]);
export type ConditionType = Static<typeof ConditionType>;

/** What a condition item looks at: a form field, or the initiator's identity, department, positions, roles. */
export const ConditionFieldType = Type.Union([
  Type.Literal('form'),
  Type.Literal('initiator'),
  Type.Literal('department'),
  Type.Literal('position'),
  Type.Literal('role'),
]);
export type ConditionFieldType = Static<typeof ConditionFieldType>;

export const NUMBER_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'between'] as const;
export const TEXT_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'empty',
  'notEmpty',
] as const;
export const LIST_OPERATORS = ['in', 'notIn', 'includesAny', 'includesAll'] as const;
export const CONDITION_OPERATORS = [...NUMBER_OPERATORS, ...TEXT_OPERATORS, ...LIST_OPERATORS] as const;
export const ConditionOperator = Type.Union(CONDITION_OPERATORS.map((o) => Type.Literal(o)));
export type ConditionOperator = Static<typeof ConditionOperator>;

/**
 * One comparison. `valueType` says how the operands compare: number (numeric), date (instants; the
 * number operators apply), text, list. `value2` is the upper bound of `between` (inclusive).
 */
export const ConditionItem = Type.Object({
  fieldType: ConditionFieldType,
  field: Type.Optional(Type.String({ description: 'Form field __vModel__ when fieldType is form' })),
  fieldName: Type.Optional(Type.String()),
  valueType: Type.Optional(
    Type.Union([Type.Literal('number'), Type.Literal('date'), Type.Literal('text'), Type.Literal('list')]),
  ),
  operator: ConditionOperator,
  value: Type.Optional(Type.Unknown()),
  value2: Type.Optional(Type.Unknown()),
});
export type ConditionItem = Static<typeof ConditionItem>;

/** A group of items joined by `logic` (default and). Groups of a node join by the node's groupsLogic (default or). */
export const ConditionGroup = Type.Object({
  logic: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('or')])),
  items: Type.Array(ConditionItem),
});
export type ConditionGroup = Static<typeof ConditionGroup>;

/** Field permission of a node: which form fields are readable, writable, required. */
export const FormOperate = Type.Object({
  id: Type.String(),
  name: Type.Optional(Type.String()),
  read: Type.Boolean(),
  write: Type.Boolean(),
  required: Type.Optional(Type.Boolean()),
});
export type FormOperate = Static<typeof FormOperate>;

const Ids = Type.Array(Type.String());
/** Time fields of a timer or a limit: whole numbers or multiples of 0.5 (checked by validateFlow). */
const TimeValue = Type.Number({ minimum: 0, default: 0 });

/** Approval time limit of a node: first deadline after `duration` hours, reminders every `remindEvery` hours. */
export const TimeLimit = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  duration: Type.Number({ minimum: 0, description: 'Hours until the node is overdue' }),
  remindEvery: Type.Optional(Type.Number({ minimum: 0, description: 'Hours between reminders' })),
  autoApproveAfter: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Auto-approve after this many reminders; 0 never' }),
  ),
});
export type TimeLimit = Static<typeof TimeLimit>;

/** The buttons of the task dialog (shown or not, their texts) a node or the whole flow sets. */
export const FLOW_BUTTON_PROPERTIES = {
  hasTransferBtn: Type.Optional(Type.Boolean()),
  hasAuditBtn: Type.Optional(Type.Boolean()),
  hasSaveBtn: Type.Optional(Type.Boolean()),
  hasRejectBtn: Type.Optional(Type.Boolean()),
  hasPressBtn: Type.Optional(Type.Boolean()),
  hasRevokeBtn: Type.Optional(Type.Boolean()),
  hasSign: Type.Optional(Type.Boolean()),
  hasFreeApprover: Type.Optional(Type.Boolean()),
  isCustomCopy: Type.Optional(Type.Boolean()),
  printBtnText: Type.Optional(Type.String()),
  submitBtnText: Type.Optional(Type.String()),
  saveBtnText: Type.Optional(Type.String()),
  auditBtnText: Type.Optional(Type.String()),
  rejectBtnText: Type.Optional(Type.String()),
  transferBtnText: Type.Optional(Type.String()),
  pressBtnText: Type.Optional(Type.String()),
  revokeBtnText: Type.Optional(Type.String()),
};

/**
 * Node properties. Spec fields: title … second, isAsync, state. The rest are what the interpreter needs;
 * all optional (see the @kp/flow README for defaults). `menbers` keeps the spec's spelling.
 */
export const FlowNodeProperties = Type.Object(
  {
    /** The node's name: a plain string or {zh, zhtw, en} (issue 20: seeded flows carry all three). */
    title: Type.Optional(I18nText),
    initiator: Type.Optional(Ids),
    initiatePos: Type.Optional(Ids),
    initiateRole: Type.Optional(Ids),
    approvers: Type.Optional(Ids),
    approverPos: Type.Optional(Ids),
    approverRole: Type.Optional(Ids),
    /**
     * Unset or any other value: the named users, positions and roles above (union).
     * 6: relative to the initiator (initiatorLevel 0 = the initiator, n = department head n levels up).
     * 7: chosen at run time (dynamicType formField | candidate | free).
     */
    assigneeType: Type.Optional(Type.Integer()),
    /** 'initiator': position and role members only from the initiator's own organisation (below the top unit). */
    approverScope: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('initiator')])),
    initiatorLevel: Type.Optional(Type.Integer({ minimum: 0 })),
    dynamicType: Type.Optional(
      Type.Union([Type.Literal('formField'), Type.Literal('candidate'), Type.Literal('free')]),
    ),
    formField: Type.Optional(Type.String({ description: '__vModel__ of a user field (user id or ids)' })),
    flowId: Type.Optional(Type.String()),
    initiateType: Type.Optional(Type.Integer()),
    conditions: Type.Optional(Type.Array(ConditionGroup)),
    groupsLogic: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('or')])),
    isDefault: Type.Optional(Type.Boolean()),
    priority: Type.Optional(Type.Integer({ minimum: 1 })),
    menbers: Type.Optional(Ids),
    userOptional: Type.Optional(Type.Boolean()),
    day: Type.Optional(TimeValue),
    hour: Type.Optional(TimeValue),
    minute: Type.Optional(TimeValue),
    second: Type.Optional(TimeValue),
    isAsync: Type.Optional(Type.Boolean()),
    state: Type.Optional(Type.Unknown()),
    counterSign: Type.Optional(
      Type.Union([
        Type.Literal('or'),
        Type.Literal('and'),
        Type.Literal('ratio'),
        Type.Literal('sequential'),
      ]),
    ),
    counterRatio: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
    emptyApprover: Type.Optional(
      Type.Union([Type.Literal('pass'), Type.Literal('admin'), Type.Literal('refuse')]),
    ),
    rejectTarget: Type.Optional(
      Type.Union([Type.Literal('start'), Type.Literal('previous'), Type.Literal('choose')]),
    ),
    timeLimit: Type.Optional(TimeLimit),
    formOperates: Type.Optional(Type.Array(FormOperate)),
    copyUsers: Type.Optional(Ids),
    isComment: Type.Optional(Type.Boolean()),
    isSummary: Type.Optional(Type.Boolean()),
    summaryType: Type.Optional(Type.Integer()),
    ...FLOW_BUTTON_PROPERTIES,
  },
  { additionalProperties: true },
);
export type FlowNodeProperties = Static<typeof FlowNodeProperties>;

/**
 * A node of the designer tree. `childNode` is the next node; a node with `conditionNodes` is a branch
 * point (its type is `empty`), each branch node (condition | interflow | branch) heads its own chain in
 * its childNode, and the branch point's childNode runs once the branches are done.
 */
export const FlowNode = Type.Recursive(
  (This) =>
    Type.Object(
      {
        nodeId: Type.String({ minLength: 1 }),
        prevId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        type: FlowNodeType,
        content: Type.Optional(Type.String()),
        properties: FlowNodeProperties,
        childNode: Type.Optional(Type.Union([This, Type.Null()])),
        conditionNodes: Type.Optional(Type.Array(This)),
        conditionType: Type.Optional(ConditionType),
        error: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: true },
    ),
  { $id: 'KpFlowNode' },
);
export type FlowNode = Static<typeof FlowNode>;

import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { FlowNode, FormOperate } from './node';

/**
 * Flow template properties (spec 2 §3 Flow template properties) plus the interpreter's template-wide
 * rules: `resubmitMode` (after a reject to the start: `restart` re-approves everything, `jumpBack`
 * goes straight back to the rejecting node) and the auto-agree flags.
 */
export const FlowTemplateProperties = Type.Object(
  {
    isComment: Type.Optional(Type.Boolean()),
    isSummary: Type.Optional(Type.Boolean()),
    summaryType: Type.Optional(Type.Integer()),
    formOperates: Type.Optional(Type.Array(FormOperate)),
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
    resubmitMode: Type.Optional(Type.Union([Type.Literal('restart'), Type.Literal('jumpBack')])),
    autoAgreeInitiator: Type.Optional(Type.Boolean()),
    autoAgreeApproved: Type.Optional(Type.Boolean()),
    admins: Type.Optional(
      Type.Array(Type.String(), { description: 'Flow administrators (empty-approver hand-over)' }),
    ),
  },
  { additionalProperties: true },
);
export type FlowTemplateProperties = Static<typeof FlowTemplateProperties>;

/** A flow template as the interpreter reads it: the designer tree and the template properties. */
export const FlowTemplate = Type.Object({
  flowId: Type.Optional(Type.String()),
  fullName: Type.Optional(I18nText),
  tree: FlowNode,
  properties: FlowTemplateProperties,
});
export type FlowTemplate = Static<typeof FlowTemplate>;

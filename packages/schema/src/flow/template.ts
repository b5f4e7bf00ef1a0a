import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { FLOW_BUTTON_PROPERTIES, FlowNode, FormOperate } from './node';

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
    ...FLOW_BUTTON_PROPERTIES,
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

import type { FlowNode, FlowTemplate, FormOperate } from '@kp/schema';
import { type FlowTextCode, flowText } from './messages';
import type { FlowStatus, Task } from './types';

/** Dialog operation type (spec 2 §2): -1 launch, 0 my initiated, 1 to-approve, 2 handled, 3 cc, 4 manager. */
export type OpType = -1 | 0 | 1 | 2 | 3 | 4;

export type ButtonKey =
  | 'submit'
  | 'save'
  | 'transfer'
  | 'audit'
  | 'reject'
  | 'press'
  | 'withdraw'
  | 'recall'
  | 'refile'
  | 'assign'
  | 'terminate'
  | 'copy'
  | 'cancel';

export interface FlowButton {
  key: ButtonKey;
  /** The template's text when it gives one, else the default zh text (i18n code in `code`). */
  text: string;
  code: FlowTextCode;
}

export interface ButtonUser {
  id: string;
  /** A flow administrator (manager operations). */
  isManager?: boolean;
}

export interface ButtonContext {
  /** The flow's status (needed for opType 0 and 4). */
  status: FlowStatus;
  /** The node of the task, whose flags override the template's (to-approve and handled tasks). */
  node?: FlowNode;
  initiatorId?: string | null;
}

/**
 * The buttons a dialog shows (spec 2 §2 Button visibility). Node flags override template flags.
 * Defaults: audit and reject shown, save and transfer hidden unless set; the initiator's press and
 * withdraw shown unless hasPressBtn / hasRevokeBtn is false; a handled task's recall only when
 * hasRevokeBtn is true; the cc button for everyone; cancel always.
 */
export function buttonsFor(
  opType: OpType,
  task: Task | null,
  template: FlowTemplate,
  user: ButtonUser,
  ctx: ButtonContext = { status: 1 },
): FlowButton[] {
  const tp = template.properties;
  const np = ctx.node?.properties ?? {};
  const flag = (k: keyof typeof tp & keyof typeof np, dflt: boolean): boolean =>
    (np[k] as boolean | undefined) ?? (tp[k] as boolean | undefined) ?? dflt;
  const txt = (
    k:
      | 'submitBtnText'
      | 'saveBtnText'
      | 'auditBtnText'
      | 'rejectBtnText'
      | 'transferBtnText'
      | 'pressBtnText'
      | 'revokeBtnText',
    code: FlowTextCode,
  ) => (np[k] as string | undefined) || tp[k] || flowText(code);
  const out: FlowButton[] = [];
  const add = (key: ButtonKey, code: FlowTextCode, text = flowText(code)) => out.push({ key, text, code });
  switch (opType) {
    case -1:
      add('submit', 'BTN_SUBMIT', txt('submitBtnText', 'BTN_SUBMIT'));
      add('save', 'BTN_SAVE', txt('saveBtnText', 'BTN_SAVE'));
      break;
    case 0:
      if (ctx.status === 1 && (!ctx.initiatorId || ctx.initiatorId === user.id)) {
        if (flag('hasPressBtn', true)) add('press', 'BTN_PRESS', txt('pressBtnText', 'BTN_PRESS'));
        if (flag('hasRevokeBtn', true)) add('withdraw', 'BTN_WITHDRAW', txt('revokeBtnText', 'BTN_WITHDRAW'));
      }
      break;
    case 1:
      if (task && task.status === 'pending' && task.userId === user.id) {
        if (flag('hasTransferBtn', false))
          add('transfer', 'BTN_TRANSFER', txt('transferBtnText', 'BTN_TRANSFER'));
        if (flag('hasAuditBtn', true)) add('audit', 'BTN_AUDIT', txt('auditBtnText', 'BTN_AUDIT'));
        if (flag('hasSaveBtn', false)) add('save', 'BTN_SAVE', txt('saveBtnText', 'BTN_SAVE'));
        if (flag('hasRejectBtn', true)) add('reject', 'BTN_REJECT', txt('rejectBtnText', 'BTN_REJECT'));
      }
      break;
    case 2:
      if (task && task.status === 'done' && ctx.status === 1 && (np.hasRevokeBtn ?? tp.hasRevokeBtn) === true)
        add('recall', 'BTN_RECALL', txt('revokeBtnText', 'BTN_RECALL'));
      break;
    case 4:
      if (user.isManager) {
        add('save', 'BTN_SAVE', txt('saveBtnText', 'BTN_SAVE'));
        if (ctx.status === 2) add('refile', 'BTN_REFILE');
        if (ctx.status === 1) {
          add('assign', 'BTN_ASSIGN');
          add('terminate', 'BTN_TERMINATE');
        }
      }
      break;
  }
  add('copy', 'BTN_COPY');
  add('cancel', 'BTN_CANCEL');
  return out;
}

export interface FormWritability {
  /** The whole form is read-only. */
  readonly: boolean;
  /** Per-field operates (write forced false when the form is read-only, except for opType 4). */
  operates: FormOperate[];
}

/**
 * Form writability (spec 2 §2): read-only unless opType is 1 (per the node's formOperates), editable
 * for 4; with opType 0 every operate is forced to non-writable.
 */
export function formWritability(
  opType: OpType,
  node: FlowNode | null | undefined,
  template?: FlowTemplate,
): FormWritability {
  const ops = node?.properties.formOperates ?? template?.properties.formOperates ?? [];
  if (opType === 4) return { readonly: false, operates: ops.map((o) => ({ ...o })) };
  if (opType === 1) return { readonly: false, operates: ops.map((o) => ({ ...o })) };
  if (opType === -1) return { readonly: false, operates: ops.map((o) => ({ ...o })) };
  return { readonly: true, operates: ops.map((o) => ({ ...o, write: false })) };
}

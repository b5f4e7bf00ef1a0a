/**
 * Every user-visible text of @kp/flow, keyed by code, in zh (default, the spec's wording), zhtw and en.
 * The UI registers `flowI18nResources` with i18next under the `flow` namespace; the pure code returns
 * the zh text in `message` and the code beside it so a caller can translate.
 */
export const FLOW_TEXTS = {
  // designer checks (spec 2 §5)
  START_NO_INITIATOR: { zh: '请设置发起人', zhtw: '請設定發起人', en: 'Set who may initiate' },
  CONDITION_EMPTY: { zh: '请设置条件', zhtw: '請設定條件', en: 'Set the conditions' },
  SUBFLOW_NO_FLOW: { zh: '请选择子流程', zhtw: '請選擇子流程', en: 'Choose the sub-flow' },
  SUBFLOW_NO_INITIATOR: {
    zh: '请设置子流程发起人',
    zhtw: '請設定子流程發起人',
    en: 'Set the sub-flow initiator',
  },
  APPROVER_EMPTY: { zh: '请设置审批人', zhtw: '請設定審批人', en: 'Set the approvers' },
  TIME_INVALID: {
    zh: '时间只能是整数和0.5的倍数',
    zhtw: '時間只能是整數和0.5的倍數',
    en: 'Time must be a whole number or a multiple of 0.5',
  },
  STRUCTURE: { zh: '流程结构不正确', zhtw: '流程結構不正確', en: 'The flow structure is invalid' },
  DEFAULT_CONDITION: {
    zh: '其他情况进入此流程',
    zhtw: '其他情況進入此流程',
    en: 'Otherwise, take this branch',
  },
  // interpreter errors
  FLOW_NOT_RUNNING: {
    zh: '流程不在审批中',
    zhtw: '流程不在審批中',
    en: 'The flow is not waiting for approval',
  },
  FLOW_ALREADY_SUBMITTED: { zh: '流程已提交', zhtw: '流程已提交', en: 'The flow has already been submitted' },
  NOT_INITIATOR: {
    zh: '只有发起人可以操作',
    zhtw: '只有發起人可以操作',
    en: 'Only the initiator can do this',
  },
  NOT_ALLOWED_TO_INITIATE: {
    zh: '您没有发起该流程的权限',
    zhtw: '您沒有發起該流程的權限',
    en: 'You may not initiate this flow',
  },
  NOT_MANAGER: {
    zh: '只有流程管理员可以操作',
    zhtw: '只有流程管理員可以操作',
    en: 'Only a flow administrator can do this',
  },
  TASK_NOT_FOUND: { zh: '审批任务不存在', zhtw: '審批任務不存在', en: 'The approval task does not exist' },
  TASK_NOT_PENDING: { zh: '该任务已处理', zhtw: '該任務已處理', en: 'The task has already been handled' },
  TASK_NOT_YOURS: { zh: '该任务不属于当前用户', zhtw: '該任務不屬於目前使用者', en: 'The task is not yours' },
  TASK_BLOCKED: { zh: '请等待加签人处理', zhtw: '請等待加簽人處理', en: 'Wait for the added signers first' },
  OPINION_REQUIRED: { zh: '请输入审批意见！', zhtw: '請輸入審批意見！', en: 'Enter an approval opinion!' },
  REASON_REQUIRED: { zh: '输入不能为空', zhtw: '輸入不能為空', en: 'The input cannot be empty' },
  CANDIDATE_REQUIRED: { zh: '审批人不能为空', zhtw: '審批人不能為空', en: 'The approver cannot be empty' },
  NO_APPROVER: { zh: '节点没有审批人', zhtw: '節點沒有審批人', en: 'The node has no approver' },
  NO_BRANCH: { zh: '没有满足条件的分支', zhtw: '沒有滿足條件的分支', en: 'No branch matches' },
  ASSIGN_NODE_REQUIRED: { zh: '请选择指派节点', zhtw: '請選擇指派節點', en: 'Choose the node to assign' },
  ASSIGN_USER_REQUIRED: { zh: '请选择指派给谁', zhtw: '請選擇指派給誰', en: 'Choose whom to assign to' },
  USER_NOT_FOUND: { zh: '用户不存在', zhtw: '使用者不存在', en: 'The user does not exist' },
  SUBFLOW_NOT_FINISHED: {
    zh: '子流程尚未结束',
    zhtw: '子流程尚未結束',
    en: 'The subflow has not ended',
  },
  SUBFLOW_FAILED: { zh: '子流程未通过', zhtw: '子流程未通過', en: 'The subflow was not approved' },
  INVALID_REJECT_TARGET: {
    zh: '退回节点不正确',
    zhtw: '退回節點不正確',
    en: 'The node to return to is invalid',
  },
  RECALL_NOT_ALLOWED: {
    zh: '下一节点已处理，不能撤回',
    zhtw: '下一節點已處理，不能撤回',
    en: 'The next node has acted; it cannot be recalled',
  },
  TIMER_NOT_DUE: { zh: '定时器未到期', zhtw: '定時器未到期', en: 'The timer is not due' },
  NO_SUCH_WAIT: { zh: '节点不在等待中', zhtw: '節點不在等待中', en: 'The node is not waiting' },
  INVALID_ACTION: { zh: '无效的操作', zhtw: '無效的操作', en: 'Invalid action' },
  INVALID_TEMPLATE: { zh: '流程模板不正确', zhtw: '流程模板不正確', en: 'The flow template is invalid' },
  INTERNAL: { zh: '流程引擎内部错误', zhtw: '流程引擎內部錯誤', en: 'Internal flow engine error' },
  AUTO_APPROVED: { zh: '系统自动审批通过', zhtw: '系統自動審批通過', en: 'Approved automatically' },
  // the titles of new nodes (tree.ts); a new branch is numbered (条件1, Condition 1)
  NODE_START: { zh: '发起人', zhtw: '發起人', en: 'Initiator' },
  NODE_APPROVER: { zh: '审批人', zhtw: '審批人', en: 'Approver' },
  NODE_COPY: { zh: '抄送人', zhtw: '抄送人', en: 'CC' },
  NODE_TIMER: { zh: '定时器', zhtw: '定時器', en: 'Timer' },
  NODE_SUBFLOW: { zh: '子流程', zhtw: '子流程', en: 'Sub flow' },
  NODE_AUTO: { zh: '自动审批', zhtw: '自動審批', en: 'Auto approval' },
  NODE_INTERFLOW: { zh: '并行分支', zhtw: '並行分支', en: 'Parallel branch' },
  NODE_BRANCH: { zh: '选择分支', zhtw: '選擇分支', en: 'Inclusive branch' },
  NODE_CONDITION: { zh: '条件', zhtw: '條件', en: 'Condition' },
  // buttons (defaults when the template gives no text)
  BTN_SUBMIT: { zh: '提交', zhtw: '提交', en: 'Submit' },
  BTN_SAVE: { zh: '暂存', zhtw: '暫存', en: 'Save' },
  BTN_AUDIT: { zh: '同意', zhtw: '同意', en: 'Approve' },
  BTN_REJECT: { zh: '拒绝', zhtw: '拒絕', en: 'Reject' },
  BTN_TRANSFER: { zh: '转审', zhtw: '轉審', en: 'Transfer' },
  BTN_PRESS: { zh: '催办', zhtw: '催辦', en: 'Press' },
  BTN_WITHDRAW: { zh: '撤回', zhtw: '撤回', en: 'Withdraw' },
  BTN_RECALL: { zh: '撤回', zhtw: '撤回', en: 'Recall' },
  BTN_REFILE: { zh: '重新归档', zhtw: '重新歸檔', en: 'Refile' },
  BTN_ASSIGN: { zh: '指派', zhtw: '指派', en: 'Assign' },
  BTN_TERMINATE: { zh: '终止', zhtw: '終止', en: 'Terminate' },
  BTN_COPY: { zh: '抄送', zhtw: '抄送', en: 'Copy to' },
  BTN_PRINT: { zh: '打印', zhtw: '列印', en: 'Print' },
  BTN_CANCEL: { zh: '取消', zhtw: '取消', en: 'Cancel' },
} as const;

export type FlowTextCode = keyof typeof FLOW_TEXTS;
export type FlowLang = 'zh' | 'zhtw' | 'en';

/** The text of `code` in `lang` (zh by default). */
export function flowText(code: FlowTextCode, lang: FlowLang = 'zh'): string {
  return FLOW_TEXTS[code][lang];
}

function resourcesIn(lang: FlowLang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(FLOW_TEXTS)) out[k] = v[lang];
  return out;
}

/** i18next resources: `i18n.addResourceBundle(lang, 'flow', flowI18nResources[lang])`. */
export const flowI18nResources = { zh: resourcesIn('zh'), zhtw: resourcesIn('zhtw'), en: resourcesIn('en') };

// Server messages: Workflow: launch, approval actions, monitor, sub-flows. See catalogue.ts for the rules of the catalogue.
import { FLOW_TEXTS } from '@kp/flow';
import type { Message } from './message';

/** The flow designer's node checks (@kp/flow validateFlow), which a save and a release answer with. */
const DESIGN_CHECKS = {
  'flow.designStartNoInitiator': FLOW_TEXTS.START_NO_INITIATOR,
  'flow.designConditionEmpty': FLOW_TEXTS.CONDITION_EMPTY,
  'flow.designSubflowNoFlow': FLOW_TEXTS.SUBFLOW_NO_FLOW,
  'flow.designSubflowNoInitiator': FLOW_TEXTS.SUBFLOW_NO_INITIATOR,
  'flow.designApproverEmpty': FLOW_TEXTS.APPROVER_EMPTY,
  'flow.designTimeInvalid': FLOW_TEXTS.TIME_INVALID,
  // a structure fault names what is wrong after the text (validateFlow's detail, as the designer shows it)
  'flow.designStructure': {
    zh: `${FLOW_TEXTS.STRUCTURE.zh}: {0}`,
    zhtw: `${FLOW_TEXTS.STRUCTURE.zhtw}: {0}`,
    en: `${FLOW_TEXTS.STRUCTURE.en}: {0}`,
  },
} satisfies Record<string, Message>;

export const FLOW = {
  'flow.notFound': { zh: '流程不存在', zhtw: '流程不存在', en: 'The flow does not exist' },
  'flow.notFoundOrUnreleased': {
    zh: '流程不存在或未发布',
    zhtw: '流程不存在或未發佈',
    en: 'The flow does not exist or is not published',
  },
  'flow.unreleased': {
    zh: '流程未发布或已停用',
    zhtw: '流程未發佈或已停用',
    en: 'The flow is not published or is stopped',
  },
  'flow.noLaunchRight': {
    zh: '您没有发起该流程的权限',
    zhtw: '您沒有發起該流程的權限',
    en: 'You may not launch this flow',
  },
  'flow.hasRunningTasks': {
    zh: '该流程存在进行中的任务，不能删除',
    zhtw: '該流程存在進行中的任務，不能刪除',
    en: 'This flow has running tasks and cannot be deleted',
  },
  'flow.stopped': { zh: '停止成功', zhtw: '停止成功', en: 'Stopped' },
  'flow.suspendedState': { zh: '流程已挂起', zhtw: '流程已掛起', en: 'The flow is suspended' },
  'flow.handledByOther': {
    zh: '流程已被他人处理，请刷新后重试',
    zhtw: '流程已被他人處理，請重新整理後重試',
    en: 'Someone else already handled the flow; please refresh and try again',
  },
  'flow.suspendOnlyRunning': {
    zh: '只有进行中的流程可以挂起',
    zhtw: '只有進行中的流程可以掛起',
    en: 'Only a running flow can be suspended',
  },
  'flow.suspended': { zh: '挂起成功', zhtw: '掛起成功', en: 'Suspended' },
  'flow.taskNotFound': { zh: '任务不存在', zhtw: '任務不存在', en: 'The task does not exist' },
  'flow.taskHandled': { zh: '该任务已处理', zhtw: '該任務已處理', en: 'The task was already handled' },
  'flow.nodeNotFound': { zh: '节点不存在', zhtw: '節點不存在', en: 'The node does not exist' },
  'flow.opinionRequired': {
    zh: '请输入审批意见！',
    zhtw: '請輸入審批意見！',
    en: 'Please enter your approval opinion!',
  },
  'flow.batchApproved': { zh: '批量审批完成', zhtw: '批次審批完成', en: 'Batch approval done' },
  'flow.batchRejected': { zh: '批量驳回完成', zhtw: '批次駁回完成', en: 'Batch rejection done' },
  'flow.chooseAddSigner': {
    zh: '请选择加签人',
    zhtw: '請選擇加簽人',
    en: 'Please choose whom to add as a signer',
  },
  'flow.signerAdded': { zh: '加签成功', zhtw: '加簽成功', en: 'Signer added' },
  'flow.approved': { zh: '审核成功', zhtw: '審核成功', en: 'Approved' },
  'flow.rejected': { zh: '驳回成功', zhtw: '駁回成功', en: 'Rejected' },
  'flow.chooseTransferee': {
    zh: '请选择转审人',
    zhtw: '請選擇轉審人',
    en: 'Please choose whom to transfer to',
  },
  'flow.transferred': { zh: '转审成功', zhtw: '轉審成功', en: 'Transferred' },
  'flow.cannotRecall': { zh: '该任务不能撤回', zhtw: '該任務不能撤回', en: 'This task cannot be recalled' },
  'flow.recalled': { zh: '撤回成功', zhtw: '撤回成功', en: 'Recalled' },
  'flow.terminated': { zh: '终止成功', zhtw: '終止成功', en: 'Terminated' },
  'flow.chooseAssignNode': {
    zh: '请选择指派节点',
    zhtw: '請選擇指派節點',
    en: 'Please choose the node to assign',
  },
  'flow.chooseAssignee': {
    zh: '请选择指派给谁',
    zhtw: '請選擇指派給誰',
    en: 'Please choose whom to assign to',
  },
  'flow.assigned': { zh: '指派成功', zhtw: '指派成功', en: 'Assigned' },
  'flow.assignToInitiator': {
    zh: '不能指派给流程发起人',
    zhtw: '不能指派給流程發起人',
    en: "A node cannot be assigned to the flow's initiator",
  },
  'flow.formMismatch': { zh: '与表单不符', zhtw: '與表單不符', en: 'does not match the form' },
  'flow.flowStateMismatch': { zh: '与 status 不一致', zhtw: '與 status 不一致', en: 'does not match status' },
  'flow.taskNotOfForm': {
    zh: '任务不属于表单 {0}',
    zhtw: '任務不屬於表單 {0}',
    en: 'The task does not belong to form {0}',
  },
  'flow.formNotFound': { zh: '表单不存在: {0}', zhtw: '表單不存在: {0}', en: 'The form does not exist: {0}' },
  'flow.chooseNotified': { zh: '请选择知会人', zhtw: '請選擇知會人', en: 'Please choose whom to notify' },
  'flow.notified': { zh: '知会成功', zhtw: '知會成功', en: 'Notified' },
  'flow.noSelfDelegate': {
    zh: '不能委托给自己',
    zhtw: '不能委託給自己',
    en: 'You cannot delegate to yourself',
  },
  'flow.pressed': { zh: '催办成功', zhtw: '催辦成功', en: 'Reminder sent' },
  'flow.archiveOnlyPassed': {
    zh: '只有已通过的流程可以重新归档',
    zhtw: '只有已通過的流程可以重新歸檔',
    en: 'Only an approved flow can be archived again',
  },
  'flow.approverActed': {
    zh: '审批人已处理过该流程，不能删除',
    zhtw: '審批人已處理過該流程，不能刪除',
    en: 'An approver has already handled this flow; it cannot be deleted',
  },
  'flow.archived': { zh: '归档成功', zhtw: '歸檔成功', en: 'Archived' },
  'flow.inApproval': {
    zh: '流程正在审批中，不能删除',
    zhtw: '流程正在審批中，不能刪除',
    en: 'The flow is in approval and cannot be deleted',
  },
  'flow.subflowInitiatorRequired': {
    zh: '子流程发起人不能为空',
    zhtw: '子流程發起人不能為空',
    en: "The sub-flow's initiator must not be empty",
  },
  'flow.initiatorOutside': {
    zh: '所选发起人不在可选范围内',
    zhtw: '所選發起人不在可選範圍內',
    en: 'The chosen initiator is outside the allowed range',
  },
  'flow.noDepartment': { zh: '无部门', zhtw: '無部門', en: 'No department' },
  'flow.noPosition': { zh: '无岗位', zhtw: '無崗位', en: 'No position' },
  'flow.printTitle': { zh: '流程标题', zhtw: '流程標題', en: 'Flow title' },
  'flow.printName': { zh: '流程名称', zhtw: '流程名稱', en: 'Flow name' },
  'flow.printInitiator': { zh: '发起人', zhtw: '發起人', en: 'Initiator' },
  'flow.printLaunched': { zh: '发起时间', zhtw: '發起時間', en: 'Launched at' },
  'flow.printRecords': { zh: '审批记录', zhtw: '審批記錄', en: 'Approval records' },
  'flow.notThisFlow': { zh: '与流程不符', zhtw: '與流程不符', en: 'does not belong to this flow' },
  // A task's default title (task-title.ts): initiator, flow name, launch time; stored in zh, read in any.
  'flow.taskTitle': { zh: '{0}的{1}（{2}）', zhtw: '{0}的{1}（{2}）', en: '{1} by {0} ({2})' },
  ...DESIGN_CHECKS,
} as const satisfies Record<string, Message>;

// Server messages: Site messages, chat, comments and meetings. See catalogue.ts for the rules of the catalogue.
import type { Message } from './message';

export const MESSAGING = {
  'comment.notFound': { zh: '评论不存在', zhtw: '評論不存在', en: 'The comment does not exist' },
  'comment.ok': { zh: '评论成功', zhtw: '評論成功', en: 'Commented' },
  'comment.empty': { zh: '评论不能为空', zhtw: '評論不能為空', en: 'The comment must not be empty' },
  'comment.liked': { zh: '点赞成功', zhtw: '點贊成功', en: 'Liked' },
  'comment.unliked': { zh: '已取消点赞', zhtw: '已取消點贊', en: 'Like removed' },
  'message.notRecipient': {
    zh: '不是该消息的接收人',
    zhtw: '不是該訊息的接收人',
    en: 'You are not a recipient of this message',
  },
  'message.notInTrash': {
    zh: '消息不在已删除列表中',
    zhtw: '訊息不在已刪除列表中',
    en: 'The message is not among the deleted ones',
  },
  'message.chooseRecipients': {
    zh: '请选择接收人',
    zhtw: '請選擇接收人',
    en: 'Please choose the recipients',
  },
  'message.alreadyReleased': {
    zh: '该消息已发布',
    zhtw: '該訊息已發佈',
    en: 'This message is already published',
  },
  'message.contentReleased': {
    zh: '该内容已发布',
    zhtw: '該內容已發佈',
    en: 'This content is already published',
  },
  'message.onlyCreator': {
    zh: '只有创建人可以修改接收人',
    zhtw: '只有建立人可以修改接收人',
    en: 'Only the creator may change the recipients',
  },
  'message.readAll': { zh: '已全部标记为已读', zhtw: '已全部標記為已讀', en: 'All marked as read' },
  'message.remindOn': { zh: '已开启提醒', zhtw: '已開啟提醒', en: 'Reminder on' },
  'message.remindOff': { zh: '已关闭提醒', zhtw: '已關閉提醒', en: 'Reminder off' },
  'message.marked': { zh: '标记成功', zhtw: '標記成功', en: 'Marked' },
  'message.unmarked': { zh: '已取消标记', zhtw: '已取消標記', en: 'Mark removed' },
  'message.recipientsAdded': { zh: '添加接收人成功', zhtw: '新增接收人成功', en: 'Recipients added' },
  'message.recipientsRemoved': { zh: '删除接收人成功', zhtw: '刪除接收人成功', en: 'Recipients removed' },
  'message.checkedIn': { zh: '打卡成功', zhtw: '打卡成功', en: 'Checked in' },
  'mail.notConfigured': {
    zh: '未配置邮件服务',
    zhtw: '未配置郵件服務',
    en: 'No mail service is configured',
  },
  'mail.notFound': {
    zh: '邮件不存在或无权查看',
    zhtw: '郵件不存在或無權檢視',
    en: 'The mail does not exist or you may not view it',
  },
  'chat.empty': { zh: '消息不能为空', zhtw: '訊息不能為空', en: 'The message must not be empty' },
  'chat.saveFailed': {
    zh: '消息未能保存，请重新发送',
    zhtw: '訊息未能儲存，請重新傳送',
    en: 'The message could not be saved; please send it again',
  },
  'chat.tooLong': {
    zh: '消息不能超过{0}个字符',
    zhtw: '訊息不能超過{0}個字元',
    en: 'A message may not exceed {0} characters',
  },
  'meeting.themeRequired': {
    zh: '请输入会议主题',
    zhtw: '請輸入會議主題',
    en: 'Please enter the meeting topic',
  },
  'meeting.roomRequired': { zh: '请输入会议室', zhtw: '請輸入會議室', en: 'Please enter the meeting room' },
  'meeting.typeRequired': {
    zh: '请输入会议类型',
    zhtw: '請輸入會議類型',
    en: 'Please enter the meeting type',
  },
  'meeting.leaderRequired': {
    zh: '请输入会议负责人',
    zhtw: '請輸入會議負責人',
    en: 'Please enter the person in charge',
  },
  'meeting.startRequired': {
    zh: '请输入开始时间',
    zhtw: '請輸入開始時間',
    en: 'Please enter the start time',
  },
  'meeting.endRequired': { zh: '请输入结束时间', zhtw: '請輸入結束時間', en: 'Please enter the end time' },
  'meeting.endAfterStart': {
    zh: '结束时间必须晚于开始时间',
    zhtw: '結束時間必須晚於開始時間',
    en: 'The end time must be after the start time',
  },
  'meeting.past': {
    zh: '过去的时间不可选择！',
    zhtw: '過去的時間不可選擇！',
    en: 'A time in the past cannot be chosen!',
  },
  'meeting.tooLong': {
    zh: '会议时长不能超过7天',
    zhtw: '會議時長不能超過7天',
    en: 'A meeting may not last longer than 7 days',
  },
  'meeting.typeMissing': {
    zh: '会议类型不存在',
    zhtw: '會議類型不存在',
    en: 'The meeting type does not exist',
  },
  'meeting.roomMissing': { zh: '会议室不存在', zhtw: '會議室不存在', en: 'The meeting room does not exist' },
  'meeting.roomTaken': {
    zh: '该时间段会议室已被预约（{0} {1} - {2}）',
    zhtw: '該時間段會議室已被預約（{0} {1} - {2}）',
    en: 'The room is already booked for this time ({0} {1} - {2})',
  },
  // Titles of the notices the server sends (workflow/notify.ts, meeting/notify.ts), translated when read.
  'message.noticeTodo': { zh: '您有一条待办事宜：{0}', zhtw: '您有一條待辦事宜：{0}', en: 'New to-do: {0}' },
  'message.noticePress': { zh: '流程催办：{0}', zhtw: '流程催辦：{0}', en: 'Please handle: {0}' },
  'message.noticeOverdue': { zh: '流程超时提醒：{0}', zhtw: '流程超時提醒：{0}', en: 'Overdue: {0}' },
  'message.noticeRejected': { zh: '审核驳回：{0}', zhtw: '審核駁回：{0}', en: 'Rejected: {0}' },
  'message.noticeAdopted': { zh: '审核通过：{0}', zhtw: '審核通過：{0}', en: 'Approved: {0}' },
  'message.noticeWithdrawn': { zh: '流程撤回：{0}', zhtw: '流程撤回：{0}', en: 'Withdrawn: {0}' },
  'message.noticeTerminated': { zh: '审核终止：{0}', zhtw: '審核終止：{0}', en: 'Terminated: {0}' },
  'message.noticeCc': {
    zh: '您有一条抄送事宜：{0}',
    zhtw: '您有一條抄送事宜：{0}',
    en: 'Copied to you: {0}',
  },
  'message.noticeNotify': { zh: '流程知会：{0}', zhtw: '流程知會：{0}', en: 'For your information: {0}' },
  'message.meetingNotice': { zh: '会议通知：{0}', zhtw: '會議通知：{0}', en: 'Meeting notice: {0}' },
  'meeting.booked': { zh: '预约成功', zhtw: '預約成功', en: 'Booked' },
  'meeting.cancelled': { zh: '会议已取消', zhtw: '會議已取消', en: 'The meeting is cancelled' },
} as const satisfies Record<string, Message>;

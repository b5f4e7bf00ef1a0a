// Texts of the messaging modules (spec 1, spec 3; the rest are ours) and the 400 they are refused with.
import { ApiCode } from '@kp/schema';
import { ApiError } from '../../http/api-error';

export const bad = (msg: string) => new ApiError(ApiCode.BAD_REQUEST, msg);

/** Texts of the messaging modules (spec 1, spec 3; the rest are ours). */
export const MMSG = {
  tooManyFiles: '当前限制最多可以上传99个文件',
  commentEmpty: '评论不能为空',
  tooManyImages9: '当前限制最多可以上传9张图片',
  tooManyFiles9: '当前限制最多可以上传9个文件',
  onlyCreator: '只有创建人可以修改接收人',
  saved: '保存成功',
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  released: '发布成功',
  sent: '发送成功',
  readAll: '已全部标记为已读',
  recipientsAdded: '添加接收人成功',
  recipientsRemoved: '删除接收人成功',
  remindOn: '已开启提醒',
  remindOff: '已关闭提醒',
  marked: '标记成功',
  unmarked: '已取消标记',
  recovered: '恢复成功',
  checkedIn: '打卡成功',
  noRecipients: 'acceptUsers: 请选择接收人',
} as const;

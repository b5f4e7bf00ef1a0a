// The portal designer's texts. [zh, zhtw, en] per key; zh texts are the spec's, verbatim (see ../i18n.ts).
import type { Texts } from './types';

export const PORTAL_TEXTS: Texts = {
  // portal
  'portal.title': ['门户设计', '門戶設計', 'Portal designer'],
  'portal.width': ['控件宽度', '控制項寬度', 'Width'],
  'portal.height': ['控件高度', '控制項高度', 'Height'],
  'portal.rowCount': ['显示条数', '顯示條數', 'Rows shown'],
  'portal.rowCountHint': ['6~50', '6~50', '6~50'],
  'portal.shadow': ['阴影效果', '陰影效果', 'Shadow'],
  'portal.always': ['总是显示', '總是顯示', 'Always'],
  'portal.hover': ['悬浮显示', '懸浮顯示', 'On hover'],
  'portal.never': ['从不显示', '從不顯示', 'Never'],
  'portal.header': ['标题', '標題', 'Header'],
  'portal.category': ['类型', '類型', 'Category'],
  'portal.todo': ['待办事宜', '待辦事宜', 'To-do'],
  'portal.circulate': ['抄送事宜', '抄送事宜', 'Circulated'],
  'portal.columns': ['显示列', '顯示列', 'Columns'],
  'portal.items': ['应用', '應用', 'Applications'],
  'portal.empty': ['从左侧拖入组件', '從左側拖入元件', 'Drag widgets from the left'],
  'portal.urlAddress': ['链接地址', '連結地址', 'Address'],
  'portal.itemName': ['名称', '名稱', 'Name'],
  'portal.widgets': ['门户组件', '門戶元件', 'Widgets'],
  'portal.invalid': [
    '门户配置不合法：{{detail}}',
    '門戶配置不合法：{{detail}}',
    'Invalid portal: {{detail}}',
  ],
  'portal.props': ['控件属性', '控制項屬性', 'Widget properties'],
  'col.status': ['状态', '狀態', 'Status'],
  'col.fullName': ['标题', '標題', 'Title'],
  'col.remindText': ['提醒', '提醒', 'Reminder'],
  'col.userName': ['发起人', '發起人', 'Initiator'],
  'col.origins': ['来源', '來源', 'Origin'],
  'col.creatorTime': ['时间', '時間', 'Time'],
};

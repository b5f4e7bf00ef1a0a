/**
 * The seeded menus' names in every language (issue 20). zh is the name the seed writes (spec text) and
 * stays in base_module.full_name; base_module.full_name_i18n holds {zh, zhtw, en}, written by the seed and,
 * for databases seeded before it existed, by migration 0170. The menu tree sends the map only while
 * full_name still equals its zh (an administrator's rename wins). zhtw is checked with opencc-js in
 * seed-labels.test.ts.
 */
export interface Label {
  zh: string;
  zhtw: string;
  en: string;
}

export const MENU_LABELS: Record<string, Label> = {
  home: { zh: '首页', zhtw: '首頁', en: 'Home' },
  portal: { zh: '门户', zhtw: '門戶', en: 'Portal' },
  'portal.group': { zh: '集团门户', zhtw: '集團門戶', en: 'Group portal' },
  'portal.design': { zh: '门户设计', zhtw: '門戶設計', en: 'Portal design' },
  workFlow: { zh: '协同办公', zhtw: '協同辦公', en: 'Workflow' },
  'workFlow.flowEngine': { zh: '流程设计', zhtw: '流程設計', en: 'Flow design' },
  'workFlow.flowLaunch': { zh: '发起流程', zhtw: '發起流程', en: 'Launch a flow' },
  'workFlow.flowLaunchList': { zh: '我发起的', zhtw: '我發起的', en: 'Launched by me' },
  'workFlow.flowTodo': { zh: '待办事宜', zhtw: '待辦事宜', en: 'To do' },
  'workFlow.flowDone': { zh: '已办事宜', zhtw: '已辦事宜', en: 'Done' },
  'workFlow.flowCirculate': { zh: '抄送事宜', zhtw: '抄送事宜', en: 'Copied to me' },
  'workFlow.entrust': { zh: '流程委托', zhtw: '流程委託', en: 'Delegation' },
  'workFlow.flowMonitor': { zh: '流程监控', zhtw: '流程監控', en: 'Flow monitor' },
  oa: { zh: '办公管理', zhtw: '辦公管理', en: 'Office' },
  'oa.news': { zh: '公司新闻', zhtw: '公司新聞', en: 'Company news' },
  'oa.notice': { zh: '通知公告', zhtw: '通知公告', en: 'Notices' },
  'oa.msgList': { zh: '消息', zhtw: '消息', en: 'Messages' },
  'oa.conference': { zh: '会议室预约', zhtw: '會議室預約', en: 'Meeting rooms' },
  WDQC01: { zh: '公文起草', zhtw: '公文起草', en: 'Document drafting' },
  WDKQ01: { zh: '考勤管理', zhtw: '考勤管理', en: 'Attendance' },
  permission: { zh: '系统管理', zhtw: '系統管理', en: 'System' },
  'permission.organize': { zh: '组织管理', zhtw: '組織管理', en: 'Organisations' },
  'permission.department': { zh: '部门管理', zhtw: '部門管理', en: 'Departments' },
  'permission.position': { zh: '岗位管理', zhtw: '崗位管理', en: 'Positions' },
  'permission.user': { zh: '用户管理', zhtw: '用戶管理', en: 'Users' },
  'permission.role': { zh: '角色管理', zhtw: '角色管理', en: 'Roles' },
  'permission.group': { zh: '分组管理', zhtw: '分組管理', en: 'Groups' },
  'permission.authorize': { zh: '权限授权', zhtw: '權限授權', en: 'Authorisation' },
  'permission.onlineUser': { zh: '在线用户', zhtw: '在線用戶', en: 'Online users' },
  systemData: { zh: '系统数据', zhtw: '系統數據', en: 'System data' },
  'systemData.dictionary': { zh: '数据字典', zhtw: '數據字典', en: 'Dictionary' },
  'systemData.area': { zh: '行政区划', zhtw: '行政區劃', en: 'Areas' },
  'systemData.dataInterface': { zh: '数据接口', zhtw: '數據接口', en: 'Data interfaces' },
  'systemData.billRule': { zh: '单据规则', zhtw: '單據規則', en: 'Numbering rules' },
  'systemData.printDev': { zh: '打印设计', zhtw: '打印設計', en: 'Print design' },
  'systemData.sysConfig': { zh: '系统配置', zhtw: '系統配置', en: 'System settings' },
  onlineDev: { zh: '在线开发', zhtw: '在線開發', en: 'Online development' },
  'onlineDev.webDesign': { zh: '功能设计', zhtw: '功能設計', en: 'Function design' },
  'generator.webForm': { zh: '代码生成', zhtw: '代碼生成', en: 'Code generator' },
};

/** The JSON full_name_i18n of a seeded menu, or null when it has no labels or was named otherwise. */
export function menuLabelJson(enCode: string, fullName: string): string | null {
  const l = MENU_LABELS[enCode];
  return l && l.zh === fullName ? JSON.stringify(l) : null;
}

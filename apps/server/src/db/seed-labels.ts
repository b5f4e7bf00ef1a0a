import type { Language } from '@kp/schema';
import type { Kysely } from 'kysely';
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
  'oa.msgList': { zh: '消息', zhtw: '訊息', en: 'Messages' },
  'oa.conference': { zh: '会议室预约', zhtw: '會議室預約', en: 'Meeting rooms' },
  WDQC01: { zh: '公文起草', zhtw: '公文起草', en: 'Document drafting' },
  WDKQ01: { zh: '考勤管理', zhtw: '考勤管理', en: 'Attendance' },
  permission: { zh: '系统管理', zhtw: '系統管理', en: 'System' },
  'permission.organize': { zh: '组织管理', zhtw: '組織管理', en: 'Organisations' },
  'permission.department': { zh: '部门管理', zhtw: '部門管理', en: 'Departments' },
  'permission.position': { zh: '岗位管理', zhtw: '崗位管理', en: 'Positions' },
  'permission.user': { zh: '用户管理', zhtw: '使用者管理', en: 'Users' },
  'permission.role': { zh: '角色管理', zhtw: '角色管理', en: 'Roles' },
  'permission.group': { zh: '分组管理', zhtw: '分組管理', en: 'Groups' },
  'permission.authorize': { zh: '权限授权', zhtw: '權限授權', en: 'Authorisation' },
  'permission.onlineUser': { zh: '在线用户', zhtw: '線上使用者', en: 'Online users' },
  systemData: { zh: '系统数据', zhtw: '系統資料', en: 'System data' },
  'systemData.dictionary': { zh: '数据字典', zhtw: '資料字典', en: 'Dictionary' },
  'systemData.area': { zh: '行政区划', zhtw: '行政區劃', en: 'Areas' },
  'systemData.dataInterface': { zh: '数据接口', zhtw: '資料介面', en: 'Data interfaces' },
  'systemData.billRule': { zh: '单据规则', zhtw: '單據規則', en: 'Numbering rules' },
  'systemData.printDev': { zh: '打印设计', zhtw: '列印設計', en: 'Print design' },
  'systemData.sysConfig': { zh: '系统配置', zhtw: '系統配置', en: 'System settings' },
  onlineDev: { zh: '在线开发', zhtw: '線上開發', en: 'Online development' },
  'onlineDev.webDesign': { zh: '功能设计', zhtw: '功能設計', en: 'Function design' },
  'generator.webForm': { zh: '代码生成', zhtw: '代碼生成', en: 'Code generator' },
};

/** The JSON full_name_i18n of a seeded menu, or null when it has no labels or was named otherwise. */
export function menuLabelJson(enCode: string, fullName: string): string | null {
  const l = MENU_LABELS[enCode];
  return l && l.zh === fullName ? JSON.stringify(l) : null;
}

/**
 * Writes MENU_LABELS into the seeded menus still named as seeded (an administrator's rename is left alone):
 * migrations 0170 (menus seeded before labels) and 0184 (labelled before zhtw took Taiwan's words).
 */
export async function relabelSeededMenus(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<{
    base_module: { en_code: string; full_name: string; full_name_i18n: string | null };
  }>();
  for (const [enCode, label] of Object.entries(MENU_LABELS))
    await k
      .updateTable('base_module')
      .set({ full_name_i18n: JSON.stringify(label) })
      .where('en_code', '=', enCode)
      .where('full_name', '=', label.zh)
      .execute();
}

/**
 * The default portal's widget titles and application names (examples/portals/home.json, inserted by
 * migration 0050 with zh strings) in every language; migration 0171 writes them into the stored layout.
 */
export const PORTAL_LABELS: Record<string, Label> = {
  统计: { zh: '统计', zhtw: '統計', en: 'Statistics' },
  传阅事项: { zh: '传阅事项', zhtw: '傳閱事項', en: 'Circulated' },
  公司新闻: { zh: '公司新闻', zhtw: '公司新聞', en: 'Company news' },
  通知公告: { zh: '通知公告', zhtw: '通知公告', en: 'Notices' },
  消息: { zh: '消息', zhtw: '訊息', en: 'Messages' },
  事项待办: { zh: '事项待办', zhtw: '事項待辦', en: 'Pending items' },
  公文拟稿: { zh: '公文拟稿', zhtw: '公文擬稿', en: 'Document drafts' },
  考勤: { zh: '考勤', zhtw: '考勤', en: 'Attendance' },
  今日会议: { zh: '今日会议', zhtw: '今日會議', en: "Today's meetings" },
  常用应用: { zh: '常用应用', zhtw: '常用應用', en: 'Applications' },
  系统快捷方式: { zh: '系统快捷方式', zhtw: '系統快捷方式', en: 'System shortcuts' },
  发起流程: { zh: '发起流程', zhtw: '發起流程', en: 'Launch a flow' },
  我的待办: { zh: '我的待办', zhtw: '我的待辦', en: 'My to-dos' },
  会议室预定: { zh: '会议室预定', zhtw: '會議室預定', en: 'Book a room' },
  数据大屏: { zh: '数据大屏', zhtw: '資料大屏', en: 'Data screen' },
  帮助中心: { zh: '帮助中心', zhtw: '幫助中心', en: 'Help centre' },
};

/** A portal layout (form data) with every zh string header / application name of PORTAL_LABELS as {zh, zhtw, en}. */
export function labelPortalLayout(layout: unknown): unknown {
  return labelJson(layout, ['header', 'fullName'], PORTAL_LABELS);
}

/**
 * The example leave form's texts that were zh strings (examples/forms/leave-request.json now carries them
 * as {zh, zhtw, en}); migration 0172 relabels the stored wf-leave template of databases seeded before.
 */
export const LEAVE_FORM_LABELS: Record<string, Label> = {
  请选择申请人: { zh: '请选择申请人', zhtw: '請選擇申請人', en: 'Select the applicant' },
  请输入请假天数: { zh: '请输入请假天数', zhtw: '請輸入請假天數', en: 'Enter the number of days' },
  点击上传: { zh: '点击上传', zhtw: '點擊上傳', en: 'Upload' },
  申请时间: { zh: '申请时间', zhtw: '申請時間', en: 'Applied at' },
};

/** The example leave form's leave types (its select's options); migration 0173 relabels the stored form. */
export const LEAVE_TYPE_LABELS: Record<string, Label> = {
  事假: { zh: '事假', zhtw: '事假', en: 'Personal leave' },
  病假: { zh: '病假', zhtw: '病假', en: 'Sick leave' },
  年假: { zh: '年假', zhtw: '年假', en: 'Annual leave' },
  婚假: { zh: '婚假', zhtw: '婚假', en: 'Marriage leave' },
  产假: { zh: '产假', zhtw: '產假', en: 'Maternity leave' },
  调休: { zh: '调休', zhtw: '調休', en: 'Time off in lieu' },
};

/** `value` with every string under one of `keys` that `labels` knows replaced by its {zh, zhtw, en}. */
export function labelJson(value: unknown, keys: readonly string[], labels: Record<string, Label>): unknown {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const label = typeof x === 'string' && keys.includes(k) ? labels[x] : undefined;
      out[k] = label ? { ...label } : walk(x);
    }
    return out;
  };
  return walk(value);
}

/**
 * The example flows' names and node names (examples/flows/*.json carry them as {zh, zhtw, en}); migration
 * 0173 writes them into wf_template.full_name_i18n and the stored flow_json of databases seeded before.
 */
export const FLOW_LABELS: Record<string, Label> = {
  请假申请: { zh: '请假申请', zhtw: '請假申請', en: 'Leave request' },
  费用报销: { zh: '费用报销', zhtw: '費用報銷', en: 'Expense claim' },
  发起人: { zh: '发起人', zhtw: '發起人', en: 'Initiator' },
  三天以内: { zh: '三天以内', zhtw: '三天以內', en: 'Up to three days' },
  超过三天: { zh: '超过三天', zhtw: '超過三天', en: 'More than three days' },
  部门负责人审批: { zh: '部门负责人审批', zhtw: '部門負責人審批', en: 'Department head approval' },
  总经理审批: { zh: '总经理审批', zhtw: '總經理審批', en: 'General manager approval' },
  财务: { zh: '财务', zhtw: '財務', en: 'Finance' },
  部门: { zh: '部门', zhtw: '部門', en: 'Department' },
  财务审批: { zh: '财务审批', zhtw: '財務審批', en: 'Finance approval' },
  部门审批: { zh: '部门审批', zhtw: '部門審批', en: 'Department approval' },
  抄送发起人主管: { zh: '抄送发起人主管', zhtw: '抄送發起人主管', en: "Copy to the initiator's manager" },
};

/** A flow tree with every node title FLOW_LABELS knows as {zh, zhtw, en}. */
export function labelFlowTree(tree: unknown): unknown {
  return labelJson(tree, ['title'], FLOW_LABELS);
}

/**
 * A stored node name in `lang` (issue 35): the task's current steps (wf_task.this_step, comma-joined for
 * parallel branches) and the node names of operators and records (node_name) are stored as the zh title when
 * the flow moves; each one still named as a seeded node (FLOW_LABELS) is shown in the reader's language, like
 * the seeded menus. Names an administrator gave the nodes are shown as stored.
 */
export function flowStepIn(stored: string, lang: Language): string;
export function flowStepIn(stored: string | null, lang: Language): string | null;
export function flowStepIn(stored: string | null, lang: Language): string | null {
  if (!stored || lang === 'zh') return stored;
  return stored
    .split(',')
    .map((zh) => (Object.hasOwn(FLOW_LABELS, zh) ? FLOW_LABELS[zh]![lang] : zh))
    .join(',');
}

/** The seeded flows' categories (wf_template.category, a free text the designer's basic settings edit). */
export const FLOW_CATEGORY_LABELS: Record<string, Label> = {
  人事: { zh: '人事', zhtw: '人事', en: 'Human resources' },
  财务: { zh: '财务', zhtw: '財務', en: 'Finance' },
};

/** A flow's category as the lists show it: a seeded category in `lang`, any other as stored. */
export function flowCategoryIn(stored: string, lang: Language): string {
  return Object.hasOwn(FLOW_CATEGORY_LABELS, stored) ? FLOW_CATEGORY_LABELS[stored]![lang] : stored;
}

/** The JSON full_name_i18n of a seeded flow, or null when it has no labels or was renamed. */
export function flowLabelJson(fullName: string): string | null {
  const l = FLOW_LABELS[fullName];
  return l ? JSON.stringify(l) : null;
}

/**
 * The example expense form's texts (examples/forms/expense-claim.json keeps the zh, as the embed-renderer
 * example reads it): labels, the group title, the sub-table's add button and rule message, the expense
 * types. The seed writes them into the stored wf-expense form; migration 0173 relabels older databases.
 */
export const EXPENSE_FORM_LABELS: Record<string, Label> = {
  分组标题: { zh: '分组标题', zhtw: '分組標題', en: 'Group title' },
  报销信息: { zh: '报销信息', zhtw: '報銷資訊', en: 'Claim details' },
  单据编号: { zh: '单据编号', zhtw: '單據編號', en: 'Bill number' },
  报销日期: { zh: '报销日期', zhtw: '報銷日期', en: 'Claim date' },
  报销人: { zh: '报销人', zhtw: '報銷人', en: 'Claimant' },
  所属部门: { zh: '所属部门', zhtw: '所屬部門', en: 'Department' },
  费用明细: { zh: '费用明细', zhtw: '費用明細', en: 'Expense lines' },
  费用类型: { zh: '费用类型', zhtw: '費用類型', en: 'Expense type' },
  交通费: { zh: '交通费', zhtw: '交通費', en: 'Transport' },
  住宿费: { zh: '住宿费', zhtw: '住宿費', en: 'Hotel' },
  餐费: { zh: '餐费', zhtw: '餐費', en: 'Meals' },
  办公用品: { zh: '办公用品', zhtw: '辦公用品', en: 'Office supplies' },
  其他: { zh: '其他', zhtw: '其他', en: 'Other' },
  发生日期: { zh: '发生日期', zhtw: '發生日期', en: 'Date' },
  说明: { zh: '说明', zhtw: '說明', en: 'Note' },
  说明不能超过50个字: {
    zh: '说明不能超过50个字',
    zhtw: '說明不能超過50個字',
    en: 'The note is at most 50 characters',
  },
  单价: { zh: '单价', zhtw: '單價', en: 'Unit price' },
  数量: { zh: '数量', zhtw: '數量', en: 'Quantity' },
  金额: { zh: '金额', zhtw: '金額', en: 'Amount' },
  发票: { zh: '发票', zhtw: '發票', en: 'Invoices' },
  添加: { zh: '添加', zhtw: '新增', en: 'Add' },
  费用合计: { zh: '费用合计', zhtw: '費用合計', en: 'Total expenses' },
  预支金额: { zh: '预支金额', zhtw: '預支金額', en: 'Advance' },
  应付金额: { zh: '应付金额', zhtw: '應付金額', en: 'Payable' },
  备注: { zh: '备注', zhtw: '備註', en: 'Remarks' },
};

/** The keys of the expense form whose zh strings EXPENSE_FORM_LABELS relabels. */
const EXPENSE_FORM_KEYS = ['label', 'content', 'fullName', 'actionText', 'message'] as const;

/** The example expense form with its texts as {zh, zhtw, en}. */
export function labelExpenseForm(form: unknown): unknown {
  return labelJson(form, EXPENSE_FORM_KEYS, EXPENSE_FORM_LABELS);
}

/** The example leave form with its texts and leave types as {zh, zhtw, en} (those still zh strings). */
export function labelLeaveForm(form: unknown): unknown {
  return labelJson(
    labelJson(form, ['label', 'placeholder', 'buttonText'], LEAVE_FORM_LABELS),
    ['fullName'],
    LEAVE_TYPE_LABELS,
  );
}

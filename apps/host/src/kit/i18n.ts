import i18n from '../i18n';

/** Texts of the CRUD kit, registered under `kit.` at import time. Each row: zh, zhtw, en. */
const ROWS: Record<string, [string, string, string]> = {
  columnSettings: ['列设置', '列設定', 'Column settings'],
  showAll: ['全选', '全選', 'Select all'],
  moveUp: ['上移', '上移', 'Move up'],
  moveDown: ['下移', '下移', 'Move down'],
  // input not sent, kept in this browser (kit/unsent.tsx)
  unsentFound: [
    '本机保存有 {{time}} 填写但未提交的内容。',
    '本機儲存有 {{time}} 填寫但未送出的內容。',
    'What you typed at {{time}} and did not send is kept in this browser.',
  ],
  unsentRestore: ['恢复', '恢復', 'Restore'],
  unsentDiscard: ['放弃', '放棄', 'Discard'],
  unsentCloseTitle: ['放弃未提交的内容？', '放棄未送出的內容？', 'Discard what you have not sent?'],
  unsentCloseText: [
    '关闭后，本次填写的内容将丢失。',
    '關閉後，本次填寫的內容將遺失。',
    'What you typed here will be lost when you close it.',
  ],
  unsentKeepEditing: ['继续填写', '繼續填寫', 'Keep editing'],
  // the user-by-department picker (kit/UserByDeptPicker.tsx)
  byDept: ['按部门选择', '按部門選擇', 'By department'],
  byDeptTitle: ['按部门选择人员', '按部門選擇人員', 'Choose users by department'],
  byDeptUnits: ['部门', '部門', 'Departments'],
  byDeptPersonal: ['个人分组', '個人分組', 'Personal groups'],
  byDeptEnterprise: ['企业分组', '企業分組', 'Enterprise groups'],
  byDeptGroup: ['分组', '分組', 'Group'],
  byDeptUser: ['姓名/账号', '姓名/帳號', 'Name/account'],
  byDeptUnit: ['所属组织', '所屬組織', 'Organisation'],
  byDeptSearch: ['搜索姓名或账号', '搜尋姓名或帳號', 'Search by name or account'],
  byDeptChooseLeft: ['请先在左侧选择', '請先在左側選擇', 'Choose on the left first'],
  byDeptChosen: ['已选 {{n}} 人', '已選 {{n}} 人', '{{n}} chosen'],
  byDeptManage: ['管理个人分组', '管理個人分組', 'Manage personal groups'],
};

const pick = (i: 0 | 1 | 2) => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]]));
i18n.addResourceBundle('zh', 'translation', { kit: pick(0) }, true, false);
i18n.addResourceBundle('zhtw', 'translation', { kit: pick(1) }, true, false);
i18n.addResourceBundle('en', 'translation', { kit: pick(2) }, true, false);

import i18n from '../i18n';

/** Texts of the CRUD kit, registered under `kit.` at import time. Each row: zh, zhtw, en. */
const ROWS: Record<string, [string, string, string]> = {
  columnSettings: ['列设置', '列設定', 'Column settings'],
  showAll: ['全选', '全選', 'Select all'],
  moveUp: ['上移', '上移', 'Move up'],
  moveDown: ['下移', '下移', 'Move down'],
};

const pick = (i: 0 | 1 | 2) => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]]));
i18n.addResourceBundle('zh', 'translation', { kit: pick(0) }, true, false);
i18n.addResourceBundle('zhtw', 'translation', { kit: pick(1) }, true, false);
i18n.addResourceBundle('en', 'translation', { kit: pick(2) }, true, false);

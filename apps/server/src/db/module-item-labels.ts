import type { Language } from '@kp/schema';
import type { Label } from './seed-labels';

/**
 * The names of menus' buttons, columns and form fields (base_module_button / _column / _form) that the seed
 * and online development write (seed/menus.ts, visualdev RUNTIME_BUTTONS), in every language (issue 20),
 * keyed by their zh name: the role-grant catalogue shows them in the request's language while the stored
 * name is still one of these; any other name (an administrator's) shows as stored. zhtw is checked with
 * opencc-js in module-item-labels.test.ts.
 */
export const MODULE_ITEM_LABELS: Record<string, Label> = {
  新增: { zh: '新增', zhtw: '新增', en: 'Add' },
  编辑: { zh: '编辑', zhtw: '編輯', en: 'Edit' },
  删除: { zh: '删除', zhtw: '刪除', en: 'Delete' },
  详情: { zh: '详情', zhtw: '詳情', en: 'Details' },
  批量删除: { zh: '批量删除', zhtw: '批次刪除', en: 'Delete selected' },
  导出: { zh: '导出', zhtw: '匯出', en: 'Export' },
  导入: { zh: '导入', zhtw: '匯入', en: 'Import' },
  发布: { zh: '发布', zhtw: '發佈', en: 'Publish' },
  复制: { zh: '复制', zhtw: '複製', en: 'Copy' },
  '启用/禁用': { zh: '启用/禁用', zhtw: '啟用/停用', en: 'Enable / disable' },
  撤回: { zh: '撤回', zhtw: '撤回', en: 'Withdraw' },
  解锁: { zh: '解锁', zhtw: '解鎖', en: 'Unlock' },
  门户权限: { zh: '门户权限', zhtw: '門戶權限', en: 'Portal permissions' },
  重置密码: { zh: '重置密码', zhtw: '重置密碼', en: 'Reset password' },
  强制下线: { zh: '强制下线', zhtw: '強制下線', en: 'Force sign-out' },
  预览代码: { zh: '预览代码', zhtw: '預覽代碼', en: 'Preview code' },
  测试: { zh: '测试', zhtw: '測試', en: 'Test' },
  催办: { zh: '催办', zhtw: '催辦', en: 'Press' },
  授权: { zh: '授权', zhtw: '授權', en: 'Authorize' },
  下载代码: { zh: '下载代码', zhtw: '下載代碼', en: 'Download code' },
  补卡: { zh: '补卡', zhtw: '補卡', en: 'Punch correction' },
  终止: { zh: '终止', zhtw: '終止', en: 'Terminate' },
  批量审批: { zh: '批量审批', zhtw: '批次審批', en: 'Batch approval' },
  指派: { zh: '指派', zhtw: '指派', en: 'Assign' },
  保存: { zh: '保存', zhtw: '儲存', en: 'Save' },
  重新归档: { zh: '重新归档', zhtw: '重新歸檔', en: 'Refile' },
  '挂起/恢复': { zh: '挂起/恢复', zhtw: '掛起/恢復', en: 'Suspend / resume' },
  主管: { zh: '主管', zhtw: '主管', en: 'Manager' },
  创建时间: { zh: '创建时间', zhtw: '建立時間', en: 'Created' },
  名称: { zh: '名称', zhtw: '名稱', en: 'Name' },
  姓名: { zh: '姓名', zhtw: '姓名', en: 'Full name' },
  性别: { zh: '性别', zhtw: '性別', en: 'Gender' },
  所属组织: { zh: '所属组织', zhtw: '所屬組織', en: 'Organisation' },
  手机: { zh: '手机', zhtw: '手機', en: 'Mobile' },
  编码: { zh: '编码', zhtw: '編碼', en: 'Code' },
  账号: { zh: '账号', zhtw: '帳號', en: 'Account' },
  邮箱: { zh: '邮箱', zhtw: '信箱', en: 'Email' },
  部门主管: { zh: '部门主管', zhtw: '部門主管', en: 'Department manager' },
};

/** A button's, column's or form field's name in `lang`: its label while the name is a known one, else as stored. */
export function itemNameIn(name: string, lang: Language): string {
  return Object.hasOwn(MODULE_ITEM_LABELS, name) ? MODULE_ITEM_LABELS[name]![lang] : name;
}

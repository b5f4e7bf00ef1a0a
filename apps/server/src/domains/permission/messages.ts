// Every user-visible text of the organisation and permission API, in zh (default, the spec's verbatim
// texts), zhtw and en. Kept here as a plain table so the server needs no i18next instance per request.
export type Lang = 'zh' | 'zhtw' | 'en';

const TEXTS = {
  ok: { zh: '操作成功', zhtw: '操作成功', en: 'Success' },
  globalRoles: { zh: '全局角色', zhtw: '全局角色', en: 'Global roles' },
  created: { zh: '新建成功', zhtw: '新建成功', en: 'Created' },
  updated: { zh: '更新成功', zhtw: '更新成功', en: 'Updated' },
  deleted: { zh: '删除成功', zhtw: '刪除成功', en: 'Deleted' },
  notFound: { zh: '数据不存在', zhtw: '資料不存在', en: 'The record does not exist' },
  noPermission: { zh: '暂无权限', zhtw: '暫無權限', en: 'No permission' },
  outOfScope: {
    zh: '暂无权限：该数据不在您的数据权限范围内',
    zhtw: '暫無權限：該資料不在您的資料權限範圍內',
    en: 'No permission: the record is outside your data scope',
  },
  hasChildren: {
    zh: '该组织下存在下级组织或部门，不能删除',
    zhtw: '該組織下存在下級組織或部門，不能刪除',
    en: 'This unit still has child units and cannot be deleted',
  },
  hasMembers: {
    zh: '该组织下存在用户，不能删除',
    zhtw: '該組織下存在使用者，不能刪除',
    en: 'This unit still has members and cannot be deleted',
  },
  hasPositions: {
    zh: '该组织下存在岗位，不能删除',
    zhtw: '該組織下存在崗位，不能刪除',
    en: 'This unit still has positions and cannot be deleted',
  },
  positionHasUsers: {
    zh: '该岗位下存在用户，不能删除',
    zhtw: '該崗位下存在使用者，不能刪除',
    en: 'This position still has members and cannot be deleted',
  },
  roleHasUsers: {
    zh: '该角色下存在用户，不能删除',
    zhtw: '該角色下存在使用者，不能刪除',
    en: 'This role still has members and cannot be deleted',
  },
  parentCycle: {
    zh: '上级不能是自己或自己的下级',
    zhtw: '上級不能是自己或自己的下級',
    en: 'The parent cannot be the unit itself or one of its descendants',
  },
  duplicateCode: { zh: '编码已存在', zhtw: '編碼已存在', en: 'The code already exists' },
  duplicateName: { zh: '名称已存在', zhtw: '名稱已存在', en: 'The name already exists' },
  duplicateAccount: { zh: '账户已存在', zhtw: '帳戶已存在', en: 'The account already exists' },
  deleteSelf: { zh: '不能删除自己', zhtw: '不能刪除自己', en: 'You cannot delete yourself' },
  deleteAdmin: {
    zh: '不能删除管理员账户',
    zhtw: '不能刪除管理員帳戶',
    en: 'The administrator cannot be deleted',
  },
  disableSelf: { zh: '不能禁用自己', zhtw: '不能停用自己', en: 'You cannot disable yourself' },
  oldPasswordWrong: { zh: '旧密码错误', zhtw: '舊密碼錯誤', en: 'The old password is wrong' },
  samePassword: {
    zh: '新密码不能与旧密码相同',
    zhtw: '新密碼不能與舊密碼相同',
    en: 'The new password must differ from the old one',
  },
  notMd5: {
    zh: '密码格式错误（须为MD5）',
    zhtw: '密碼格式錯誤（須為MD5）',
    en: 'The password must be sent as an MD5 hex string',
  },
  required: { zh: '不能为空', zhtw: '不能為空', en: 'is required' },
  account: { zh: '只能输入数字英文', zhtw: '只能輸入數字英文', en: 'Only letters and digits are allowed' },
  phone: {
    zh: '请正确输入您的手机号',
    zhtw: '請正確輸入您的手機號',
    en: 'Please enter a valid mobile number',
  },
  email: {
    zh: '请正确输入您的邮箱地址',
    zhtw: '請正確輸入您的信箱地址',
    en: 'Please enter a valid e-mail address',
  },
  idCard: {
    zh: '请正确输入您的身份证号码',
    zhtw: '請正確輸入您的身份證號碼',
    en: 'Please enter a valid national ID card number',
  },
  password: {
    zh: '6-16位字符的密码（数字和字母组成）',
    zhtw: '6-16位字元的密碼（數字和字母組成）',
    en: 'A password of 6-16 characters (letters and digits)',
  },
  name: {
    zh: '名称不能含有特殊符号',
    zhtw: '名稱不能含有特殊符號',
    en: 'The name cannot contain special symbols',
  },
  code: {
    zh: '编码只能输入英文、数字和小数点且小数点不能放在首尾',
    zhtw: '編碼只能輸入英文、數字和小數點且小數點不能放在首尾',
    en: 'The code may contain letters, digits and dots, with no dot at either end',
  },
  unknownOrganize: { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'The organisation does not exist' },
  unknownPosition: { zh: '岗位不存在', zhtw: '崗位不存在', en: 'The position does not exist' },
  unknownRole: { zh: '角色不存在', zhtw: '角色不存在', en: 'The role does not exist' },
  roleNotAssignable: {
    zh: '暂无权限：该角色拥有您不具备的权限，不能分配',
    zhtw: '暫無權限：該角色擁有您不具備的權限，不能分配',
    en: 'No permission: this role grants rights you do not hold',
  },
  duplicateEmail: {
    zh: '邮箱已被其他用户使用',
    zhtw: '信箱已被其他使用者使用',
    en: 'The e-mail is used by another user',
  },
  ownEmail: {
    zh: '邮箱由管理员维护，不能自行修改',
    zhtw: '信箱由管理員維護，不能自行修改',
    en: 'The e-mail is managed by an administrator and cannot be changed here',
  },
  unknownUser: { zh: '用户不存在', zhtw: '使用者不存在', en: 'The user does not exist' },
  unknownGender: { zh: '性别只能是男或女', zhtw: '性別只能是男或女', en: 'Gender must be 男 or 女' },
  badFile: {
    zh: '文件不是有效的Excel文件',
    zhtw: '檔案不是有效的Excel檔案',
    en: 'The file is not a valid Excel workbook',
  },
  badTemplate: {
    zh: '导入模板不正确，请先下载模板',
    zhtw: '匯入模板不正確，請先下載模板',
    en: 'The workbook does not follow the import template',
  },
  tooManyRows: {
    zh: '导入数据不能超过{max}条',
    zhtw: '匯入資料不能超過{max}條',
    en: 'At most {max} rows can be imported',
  },
  importDone: {
    zh: '导入成功{snum}条，失败{fnum}条',
    zhtw: '匯入成功{snum}條，失敗{fnum}條',
    en: '{snum} rows imported, {fnum} failed',
  },
  duplicateInFile: {
    zh: '文件中账户重复',
    zhtw: '檔案中帳戶重複',
    en: 'The account appears twice in the file',
  },
  errorColumn: { zh: '异常原因', zhtw: '異常原因', en: 'Reason' },
  exceptionSheet: { zh: '导入异常数据', zhtw: '匯入異常資料', en: 'Rows that failed import' },
  userSheet: { zh: '用户信息', zhtw: '使用者資訊', en: 'Users' },
  adminOnly: {
    zh: '只有管理员可以执行此操作',
    zhtw: '只有管理員可以執行此操作',
    en: 'Only an administrator may do this',
  },
  badLanguage: {
    zh: '语言只能是 zh、zhtw 或 en',
    zhtw: '語言只能是 zh、zhtw 或 en',
    en: 'The language must be zh, zhtw or en',
  },
  badObjectType: {
    zh: '对象类型只能是 Position、Role 或 Group',
    zhtw: '對象類型只能是 Position、Role 或 Group',
    en: 'objectType must be Position, Role or Group',
  },
  badAvatar: { zh: '头像文件名不正确', zhtw: '頭像檔案名不正確', en: 'The avatar file name is not valid' },
  badFieldList: {
    zh: 'fieldList 必须是JSON数组文本',
    zhtw: 'fieldList 必須是JSON陣列文字',
    en: 'fieldList must be the text of a JSON array',
  },
  lockedUnlocked: { zh: '解除锁定成功', zhtw: '解除鎖定成功', en: 'Unlocked' },
  resetDone: { zh: '重置密码成功', zhtw: '重置密碼成功', en: 'The password has been reset' },
  modifyDone: { zh: '修改成功，请牢记新密码', zhtw: '修改成功，請牢記新密碼', en: 'Password changed' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MsgKey = keyof typeof TEXTS;

/** The text of `key` in `lang` with `{name}` placeholders filled in. */
export function msg(key: MsgKey, lang: Lang = 'zh', vars: Record<string, string | number> = {}): string {
  const text: string = TEXTS[key][lang] ?? TEXTS[key].zh;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

// Server messages: System settings, data interfaces, online development, projects. See catalogue.ts for the rules of the catalogue.
import type { Message } from './message';

export const ADMIN = {
  'system.forcedOfflineOk': { zh: '强制下线成功', zhtw: '強制下線成功', en: 'Forced offline' },
  'system.cannotKickSelf': {
    zh: '不能强制下线当前会话',
    zhtw: '不能強制下線目前會話',
    en: 'You cannot force your own session offline',
  },
  'system.sessionMissing': {
    zh: '会话不存在或已结束',
    zhtw: '會話不存在或已結束',
    en: 'The session does not exist or has ended',
  },
  'system.badImageUrl': {
    zh: '图片地址不正确',
    zhtw: '圖片地址不正確',
    en: 'The image address is not valid',
  },
  'system.sysNameRequired': {
    zh: '请输入系统名称',
    zhtw: '請輸入系統名稱',
    en: 'Please enter the system name',
  },
  'system.areaHasChildren': {
    zh: '该区域下有子区域，不能删除',
    zhtw: '該區域下有子區域，不能刪除',
    en: 'This area has sub-areas and cannot be deleted',
  },
  'system.billRuleDisabled': {
    zh: '单据规则已禁用',
    zhtw: '單據規則已停用',
    en: 'The numbering rule is disabled',
  },
  'system.dictTypeHasChildren': {
    zh: '该类型下有子类型，不能删除',
    zhtw: '該類型下有子類型，不能刪除',
    en: 'This type has sub-types and cannot be deleted',
  },
  'system.dictTypeHasData': {
    zh: '该类型下有字典数据，不能删除',
    zhtw: '該類型下有字典資料，不能刪除',
    en: 'This type has dictionary entries and cannot be deleted',
  },
  'system.dictTypeMissing': {
    zh: '字典分类不存在',
    zhtw: '字典分類不存在',
    en: 'The dictionary category does not exist',
  },
  'system.dictTypeFixed': {
    zh: '不能修改字典分类',
    zhtw: '不能修改字典分類',
    en: 'The dictionary category cannot be changed',
  },
  'system.dictHasChildren': {
    zh: '该数据下有子数据，不能删除',
    zhtw: '該資料下有子資料，不能刪除',
    en: 'This entry has child entries and cannot be deleted',
  },
  'system.portalNone': { zh: '暂无门户', zhtw: '暫無門戶', en: 'No portal yet' },
  'dataInterface.badUrl': {
    zh: '接口地址不正确',
    zhtw: '介面地址不正確',
    en: 'The interface address is not valid',
  },
  'dataInterface.httpOnly': {
    zh: '只支持 http 和 https',
    zhtw: '只支援 http 和 https',
    en: 'Only http and https are supported',
  },
  'dataInterface.hostNotAllowed': {
    zh: '该地址不在允许的主机列表中',
    zhtw: '該地址不在允許的主機列表中',
    en: 'This address is not on the list of allowed hosts',
  },
  'dataInterface.selfNotAllowed': {
    zh: '不能调用本服务自身',
    zhtw: '不能呼叫本服務自身',
    en: 'A data interface may not call this server itself',
  },
  'dataInterface.responseTooLarge': {
    zh: '接口响应超过大小限制',
    zhtw: '介面響應超過大小限制',
    en: 'The interface response exceeds the size limit',
  },
  'dataInterface.paramRequired': {
    zh: '参数不能为空',
    zhtw: '參數不能為空',
    en: 'The parameter must not be empty',
  },
  'dataInterface.dotParam': {
    zh: '参数值不能是 . 或 ..',
    zhtw: '參數值不能是 . 或 ..',
    en: 'A parameter value cannot be . or ..',
  },
  'dataInterface.pathChanged': {
    zh: '参数改变了接口路径',
    zhtw: '參數改變了介面路徑',
    en: 'a parameter changed the interface path',
  },
  'dataInterface.timeout': {
    zh: '接口请求超时',
    zhtw: '介面請求超時',
    en: 'The interface request timed out',
  },
  'dataInterface.failed': { zh: '接口请求失败', zhtw: '介面請求失敗', en: 'The interface request failed' },
  'dataInterface.callFailed': { zh: '接口调用出错', zhtw: '介面呼叫出錯', en: 'The interface call failed' },
  'dataInterface.status': {
    zh: '接口返回状态 {0}',
    zhtw: '介面返回狀態 {0}',
    en: 'The interface answered status {0}',
  },
  'dataInterface.disabled': { zh: '接口已禁用', zhtw: '介面已停用', en: 'The interface is disabled' },
  'dataInterface.urlRequired': {
    zh: '请输入接口地址',
    zhtw: '請輸入介面地址',
    en: 'Please enter the interface address',
  },
  'visualdev.codeFixed': {
    zh: '已发布的功能不能修改编码',
    zhtw: '已發佈的功能不能修改編碼',
    en: "A published function's code cannot be changed",
  },
  'visualdev.releasedDelete': {
    zh: '已发布的功能不能删除，请先删除其菜单',
    zhtw: '已發佈的功能不能刪除，請先刪除其選單',
    en: 'A published function cannot be deleted; delete its menu first',
  },
  'visualdev.parentMenu': {
    zh: '上级菜单不存在或不是目录',
    zhtw: '上級選單不存在或不是目錄',
    en: 'The parent menu does not exist or is not a directory',
  },
  'visualdev.disabled': { zh: '功能已禁用', zhtw: '功能已停用', en: 'The function is disabled' },
  'visualdev.notReleased': { zh: '功能未发布', zhtw: '功能未發佈', en: 'The function is not published' },
  'visualdev.importEmpty': {
    zh: '导入文件没有数据',
    zhtw: '匯入檔案沒有資料',
    en: 'The import file holds no data',
  },
  'visualdev.importTooMany': {
    zh: '一次最多导入5000条数据',
    zhtw: '一次最多匯入5000條資料',
    en: 'At most 5000 rows can be imported at a time',
  },
  'visualdev.noFields': {
    zh: '表单没有可保存的字段',
    zhtw: '表單沒有可儲存的欄位',
    en: 'The form has no fields to save',
  },
  'visualdev.noColumns': {
    zh: '请至少设置一个列表字段',
    zhtw: '請至少設定一個列表欄位',
    en: 'Please set at least one list column',
  },
  'visualdev.moduleMissing': { zh: '模块不存在', zhtw: '模組不存在', en: 'The module does not exist' },
  'visualdev.notSearchField': { zh: '不是查询字段', zhtw: '不是查詢欄位', en: 'is not a search field' },
  'visualdev.linkedFormMissing': {
    zh: '关联表单不存在',
    zhtw: '關聯表單不存在',
    en: 'The linked form does not exist',
  },
  'visualdev.importUnknown': {
    zh: '找不到“{0}”',
    zhtw: '找不到“{0}”',
    en: 'No match for "{0}"',
  },
  'project.tooMany': {
    zh: 'ids：一次最多查询500个项目',
    zhtw: 'ids：一次最多查詢500個項目',
    en: 'ids: at most 500 projects at a time',
  },
  'project.idTooLong': {
    zh: 'ids：项目编号过长',
    zhtw: 'ids：項目編號過長',
    en: 'ids: a project id is too long',
  },
} as const satisfies Record<string, Message>;

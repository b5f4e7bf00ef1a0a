import i18next, { type i18n as I18n } from 'i18next';
import { useSyncExternalStore } from 'react';

/** [zh, zhtw, en] per key; zh texts are the spec's, verbatim. */
const TEXTS: Record<string, [string, string, string]> = {
  // palette groups
  'group.basic': ['基础控件', '基礎控件', 'Basic controls'],
  'group.business': ['业务组件', '業務組件', 'Business components'],
  'group.layout': ['布局控件', '佈局控件', 'Layout controls'],
  // toolbar
  'btn.preview': ['预览', '預覽', 'Preview'],
  'btn.clear': ['清空', '清空', 'Clear'],
  'btn.copyJson': ['复制JSON', '複製JSON', 'Copy JSON'],
  'btn.exportJson': ['导出JSON文件', '導出JSON文件', 'Export JSON file'],
  'btn.jsonEditor': ['JSON编辑', 'JSON編輯', 'Edit JSON'],
  'btn.undo': ['撤销', '撤銷', 'Undo'],
  'btn.redo': ['重做', '重做', 'Redo'],
  'btn.save': ['保存', '保存', 'Save'],
  'btn.ok': ['确定', '確定', 'OK'],
  'btn.cancel': ['取消', '取消', 'Cancel'],
  'btn.close': ['关闭', '關閉', 'Close'],
  'btn.import': ['导入', '導入', 'Import'],
  'btn.copy': ['复制', '複製', 'Duplicate'],
  'btn.delete': ['删除', '刪除', 'Delete'],
  'btn.add': ['添加', '添加', 'Add'],
  'btn.verify': ['校验', '校驗', 'Verify'],
  'btn.up': ['上移', '上移', 'Up'],
  'btn.down': ['下移', '下移', 'Down'],
  'view.pc': ['PC', 'PC', 'PC'],
  'view.app': ['APP', 'APP', 'App'],
  'canvas.empty': [
    '从左侧拖入或点选组件进行表单设计',
    '從左側拖入或點選組件進行表單設計',
    'Drag or click controls from the left to design the form',
  ],
  'canvas.dropHere': ['拖拽组件到此处', '拖拽組件到此處', 'Drop controls here'],
  'panel.field': ['组件属性', '組件屬性', 'Control properties'],
  'panel.form': ['表单属性', '表單屬性', 'Form properties'],
  'panel.none': ['请选择组件', '請選擇組件', 'Select a control'],
  // messages (spec 3 §5, §8)
  'msg.copyOk': ['复制成功', '複製成功', 'Copied'],
  'msg.copyFail': ['代码复制失败', '代碼複製失敗', 'Copy failed'],
  'msg.jsonError': [
    '错误 / JSON格式错误，请检查',
    '錯誤 / JSON格式錯誤，請檢查',
    'Error / invalid JSON, please check',
  ],
  'msg.jsonInvalid': [
    '表单配置不合法：{{detail}}',
    '表單配置不合法：{{detail}}',
    'Invalid form config: {{detail}}',
  ],
  'msg.confirmDeleteTab': [
    '删除后不能撤销，确定要删除吗?',
    '刪除後不能撤銷，確定要刪除嗎?',
    'This cannot be undone. Delete?',
  ],
  'msg.confirmDelete': ['确定删除该组件？', '確定刪除該組件？', 'Delete this control?'],
  'msg.confirmClear': ['确定要清空所有组件吗？', '確定要清空所有組件嗎？', 'Clear all controls?'],
  'msg.tip': ['提示', '提示', 'Notice'],
  'msg.lastItem': ['最后一项不能删除', '最後一項不能刪除', 'The last item cannot be removed'],
  'msg.subTableLink': [
    '子表请先关联数据表',
    '子表請先關聯數據表',
    'Link the sub-table to a data table first',
  ],
  'msg.notInTable': [
    '布局和子表控件不能放入子表',
    '佈局和子表控件不能放入子表',
    'Layout and table controls cannot go into a table',
  ],
  'msg.fieldRequired': [
    '请选择{{label}}的控件字段',
    '請選擇{{label}}的控件字段',
    'Choose the data field of {{label}}',
  ],
  'msg.billRule': [
    '单据组件“选择模板”属性为必填项',
    '單據組件“選擇模板”屬性為必填項',
    'The bill control needs a template',
  ],
  'msg.relationModel': [
    '请设置{{label}}的关联功能',
    '請設置{{label}}的關聯功能',
    'Set the linked function of {{label}}',
  ],
  'msg.relationField': [
    '请设置{{label}}的显示字段',
    '請設置{{label}}的顯示字段',
    'Set the display field of {{label}}',
  ],
  'msg.popupInterface': [
    '请设置{{label}}的远端数据',
    '請設置{{label}}的遠端數據',
    'Set the remote data of {{label}}',
  ],
  'msg.popupPropsValue': [
    '请设置{{label}}的储存字段',
    '請設置{{label}}的儲存字段',
    'Set the stored field of {{label}}',
  ],
  'msg.emptyContainer': [
    '您的{{label}}控件中没有组件',
    '您的{{label}}控件中沒有組件',
    'Your {{label}} control has no controls',
  ],
  'msg.emptyForm': ['表单不允许为空', '表單不允許為空', 'The form may not be empty'],
  'msg.printTemplate': ['请选择打印模板', '請選擇打印模板', 'Choose a print template'],
  'msg.expressionInvalid': ['公式不合法', '公式不合法', 'Invalid formula'],
  'msg.minTwoItems': ['选项最少要保留两项', '選項最少要保留兩項', 'Keep at least two items'],
  'msg.maxSixItems': ['最多添加6项', '最多添加6項', 'At most 6 items'],
  'msg.otherwise': ['其他情况进入此流程', '其他情況進入此流程', 'Otherwise this branch is taken'],
  // property labels
  'prop.label': ['控件标题', '控件標題', 'Label'],
  'prop.labelZh': ['标题（简体）', '標題（簡體）', 'Label (zh)'],
  'prop.labelZhtw': ['标题（繁体）', '標題（繁體）', 'Label (zhtw)'],
  'prop.labelEn': ['标题（英文）', '標題（英文）', 'Label (en)'],
  'prop.vModel': ['控件字段', '控件字段', 'Data field'],
  'prop.span': ['控件栅格', '控件柵格', 'Span'],
  'prop.showLabel': ['显示标题', '顯示標題', 'Show label'],
  'prop.required': ['是否必填', '是否必填', 'Required'],
  'prop.placeholder': ['占位提示', '佔位提示', 'Placeholder'],
  'prop.defaultValue': ['默认值', '默認值', 'Default value'],
  'prop.regList': ['正则校验', '正則校驗', 'Regex rules'],
  'prop.pattern': ['表达式', '表達式', 'Pattern'],
  'prop.message': ['错误提示', '錯誤提示', 'Message'],
  'prop.trigger': ['触发方式', '觸發方式', 'Trigger'],
  'prop.visibility': ['是否显示', '是否顯示', 'Visible on'],
  'prop.dataType': ['数据类型', '數據類型', 'Data type'],
  'prop.static': ['静态数据', '靜態數據', 'Static'],
  'prop.dictionary': ['数据字典', '數據字典', 'Dictionary'],
  'prop.dynamic': ['远端数据', '遠端數據', 'Remote data'],
  'prop.options': ['选项', '選項', 'Options'],
  'prop.optionLabel': ['选项名', '選項名', 'Label'],
  'prop.optionValue': ['选项值', '選項值', 'Value'],
  'prop.dictionaryType': ['数据字典', '數據字典', 'Dictionary type'],
  'prop.propsUrl': ['远端数据接口', '遠端數據接口', 'Data interface'],
  'prop.propsLabel': ['显示字段', '顯示字段', 'Label key'],
  'prop.propsValue': ['存储字段', '存儲字段', 'Value key'],
  'prop.modelId': ['关联功能', '關聯功能', 'Linked function'],
  'prop.relationField': ['显示字段', '顯示字段', 'Display field'],
  'prop.interfaceId': ['远端数据', '遠端數據', 'Remote data'],
  'prop.showField': ['关联属性', '關聯屬性', 'Shown attribute'],
  'prop.rule': ['选择模板', '選擇模板', 'Template'],
  'prop.content': ['文本内容', '文本內容', 'Content'],
  'prop.textStyle': ['文本样式', '文本樣式', 'Text style'],
  'prop.color': ['字体颜色', '字體顏色', 'Color'],
  'prop.textAlign': ['对齐方式', '對齊方式', 'Align'],
  'prop.fontWeight': ['字体粗细', '字體粗細', 'Font weight'],
  'prop.fontStyle': ['字体样式', '字體樣式', 'Font style'],
  'prop.textDecoration': ['文本修饰', '文本修飾', 'Decoration'],
  'prop.lineHeight': ['行高', '行高', 'Line height'],
  'prop.fontSize': ['字体大小', '字體大小', 'Font size'],
  'prop.format': ['编码格式', '編碼格式', 'Format'],
  'prop.lineColor': ['条码颜色', '條碼顏色', 'Line colour'],
  'prop.background': ['背景色', '背景色', 'Background'],
  'prop.width': ['宽度', '寬度', 'Width'],
  'prop.height': ['高度', '高度', 'Height'],
  'prop.staticText': ['固定内容', '固定內容', 'Static text'],
  'prop.colorDark': ['前景色', '前景色', 'Foreground'],
  'prop.colorLight': ['背景色', '背景色', 'Background'],
  'prop.size': ['尺寸', '尺寸', 'Size'],
  'prop.qrDataType': ['内容类型', '內容類型', 'Content type'],
  'prop.panes': ['标签页', '標籤頁', 'Panes'],
  'prop.paneTitle': ['标题', '標題', 'Title'],
  'prop.tableName': ['关联子表', '關聯子表', 'Data table'],
  'prop.columns': ['表格列', '表格列', 'Columns'],
  'prop.showSummary': ['合计', '合計', 'Summary'],
  'prop.summaryField': ['合计字段', '合計字段', 'Summary columns'],
  'prop.decimalPlace': ['小数位数', '小數位數', 'Decimal places'],
  'prop.expression': ['计算公式', '計算公式', 'Formula'],
  'prop.clearExpression': ['清空公式', '清空公式', 'Clear formula'],
  'prop.labelWidth': ['标签宽度', '標籤寬度', 'Label width'],
  'prop.labelPosition': ['标签对齐', '標籤對齊', 'Label position'],
  'prop.formSize': ['组件尺寸', '組件尺寸', 'Control size'],
  'prop.popupType': ['弹窗类型', '彈窗類型', 'Popup type'],
  'prop.generalWidth': ['弹窗宽度', '彈窗寬度', 'Popup width'],
  'prop.fullScreenWidth': ['全屏宽度', '全屏寬度', 'Full screen width'],
  'prop.drawerWidth': ['抽屉宽度', '抽屜寬度', 'Drawer width'],
  'prop.gutter': ['栅格间隔', '柵格間隔', 'Gutter'],
  'prop.printId': ['打印模板', '打印模板', 'Print template'],
  'prop.hasPrintBtn': ['打印按钮', '打印按鈕', 'Print button'],
  'prop.scripts': ['脚本事件', '腳本事件', 'Scripts'],
  'prop.disabled': ['禁用表单', '禁用表單', 'Disabled'],
  'prop.left': ['左对齐', '左對齊', 'Left'],
  'prop.right': ['右对齐', '右對齊', 'Right'],
  'prop.top': ['顶部对齐', '頂部對齊', 'Top'],
  'prop.general': ['居中弹窗', '居中彈窗', 'Dialog'],
  'prop.fullScreen': ['全屏弹窗', '全屏彈窗', 'Full screen'],
  'prop.drawer': ['右侧弹窗', '右側彈窗', 'Drawer'],
  // portal
  'portal.title': ['门户设计', '門戶設計', 'Portal designer'],
  'portal.width': ['控件宽度', '控件寬度', 'Width'],
  'portal.height': ['控件高度', '控件高度', 'Height'],
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
  'portal.empty': ['从左侧拖入组件', '從左側拖入組件', 'Drag widgets from the left'],
  'portal.props': ['控件属性', '控件屬性', 'Widget properties'],
  'col.status': ['状态', '狀態', 'Status'],
  'col.fullName': ['标题', '標題', 'Title'],
  'col.remindText': ['提醒', '提醒', 'Reminder'],
  'col.userName': ['发起人', '發起人', 'Initiator'],
  'col.origins': ['来源', '來源', 'Origin'],
  'col.creatorTime': ['时间', '時間', 'Time'],
  // flow
  'flow.start': ['发起人', '發起人', 'Initiator'],
  'flow.approver': ['审批人', '審批人', 'Approver'],
  'flow.copy': ['抄送人', '抄送人', 'Copy to'],
  'flow.timer': ['定时器', '定時器', 'Timer'],
  'flow.subFlow': ['子流程', '子流程', 'Sub flow'],
  'flow.interflow': ['并行分支', '並行分支', 'Parallel branch'],
  'flow.condition': ['条件分支', '條件分支', 'Condition branch'],
  'flow.auto': ['自动审批', '自動審批', 'Auto approval'],
  'flow.end': ['流程结束', '流程結束', 'End'],
  'flow.addCondition': ['添加条件', '添加條件', 'Add condition'],
  'flow.addBranch': ['添加分支', '添加分支', 'Add branch'],
  'flow.priority': ['优先级{{n}}', '優先級{{n}}', 'Priority {{n}}'],
  'flow.all': ['所有人', '所有人', 'Everyone'],
  'flow.pleaseSet': ['请设置{{what}}', '請設置{{what}}', 'Set the {{what}}'],
  'flow.pleaseSetCondition': ['请设置条件', '請設置條件', 'Set the conditions'],
  'flow.zoom': ['缩放', '縮放', 'Zoom'],
  'flow.legendPassed': ['已完成', '已完成', 'Completed'],
  'flow.legendCurrent': ['进行中', '進行中', 'In progress'],
  'flow.legendNone': ['未处理', '未處理', 'Unprocessed'],
  'flow.assigneeType': ['审批人类型', '審批人類型', 'Assignee type'],
  'flow.approvers': ['指定成员', '指定成員', 'Users'],
  'flow.approverPos': ['指定岗位', '指定崗位', 'Positions'],
  'flow.approverRole': ['指定角色', '指定角色', 'Roles'],
  'flow.initiator': ['发起人', '發起人', 'Initiators'],
  'flow.initiatePos': ['发起岗位', '發起崗位', 'Initiator positions'],
  'flow.initiateRole': ['发起角色', '發起角色', 'Initiator roles'],
  'flow.flowId': ['子流程表单', '子流程表單', 'Sub flow'],
  'flow.initiateType': ['子流程发起人', '子流程發起人', 'Sub flow initiator'],
  'flow.isAsync': ['异步', '異步', 'Async'],
  'flow.sync': ['同步', '同步', 'Sync'],
  'flow.async': ['异步', '異步', 'Async'],
  'flow.title': ['节点名称', '節點名稱', 'Node name'],
  'flow.conditions': ['条件', '條件', 'Conditions'],
  'flow.field': ['字段', '字段', 'Field'],
  'flow.symbol': ['比较', '比較', 'Operator'],
  'flow.value': ['值', '值', 'Value'],
  'flow.logic': ['逻辑', '邏輯', 'Logic'],
  'flow.day': ['天', '天', 'Days'],
  'flow.hour': ['时', '時', 'Hours'],
  'flow.minute': ['分', '分', 'Minutes'],
  'flow.second': ['秒', '秒', 'Seconds'],
  'flow.timeInvalid': [
    '时间只能是整数和0.5的倍数',
    '時間只能是整數和0.5的倍數',
    'Times must be integers or multiples of 0.5',
  ],
  'flow.invalid': ['节点配置不完整', '節點配置不完整', 'Node is incomplete'],
  'flow.assignee.1': ['发起者主管', '發起者主管', "Initiator's manager"],
  'flow.assignee.2': ['部门经理', '部門經理', 'Department manager'],
  'flow.assignee.3': ['发起者本人', '發起者本人', 'Initiator'],
  'flow.assignee.4': ['变量', '變量', 'Variable'],
  'flow.assignee.5': ['环节', '環節', 'Step'],
  'flow.assignee.6': ['指定成员', '指定成員', 'Specified users'],
  'flow.assignee.7': ['服务', '服務', 'Service'],
  'flow.readonly': ['流程图', '流程圖', 'Flow chart'],
};

const LANGS = ['zh', 'zhtw', 'en'] as const;
export type DesignerLanguage = (typeof LANGS)[number];

export const resources = Object.fromEntries(
  LANGS.map((lng, i) => [
    lng,
    { designer: Object.fromEntries(Object.entries(TEXTS).map(([k, v]) => [k, v[i]])) },
  ]),
) as Record<DesignerLanguage, { designer: Record<string, string> }>;

/** The designer's own i18next instance (never the host's global one). zh is the default language. */
export const i18n: I18n = i18next.createInstance();
void i18n.init({
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['designer'],
  defaultNS: 'designer',
  resources,
  initImmediate: false,
  interpolation: { escapeValue: false },
} as Parameters<I18n['init']>[0]);

export function setDesignerLanguage(lng: DesignerLanguage): void {
  void i18n.changeLanguage(lng);
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options) as string;

function subscribe(cb: () => void): () => void {
  i18n.on('languageChanged', cb);
  return () => i18n.off('languageChanged', cb);
}

/** Re-renders the caller when the designer language changes; returns t and the language. */
export function useDesignerT(): { t: typeof t; lang: DesignerLanguage } {
  const lang = useSyncExternalStore(subscribe, () => i18n.language as DesignerLanguage);
  return { t, lang };
}

/** Text of an I18n label in the current language. */
export function labelText(label: unknown, lang: string = i18n.language): string {
  if (label == null) return '';
  if (typeof label === 'string') return label;
  const m = label as Record<string, string | undefined>;
  return m[lang] ?? m.zh ?? m.zhtw ?? m.en ?? '';
}

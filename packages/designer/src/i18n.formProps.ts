/**
 * The form properties panel's texts (FormProps: layout, popup, print, scripts), [zh, zhtw, en] per key like the
 * rest of the designer's catalogue (../i18n.ts spreads them in; zh texts are the spec's, verbatim).
 */
export const FORM_PROPS_TEXTS: Record<string, [string, string, string]> = {
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
};

/**
 * The form properties panel's texts (FormProps: layout, popup, print, scripts), [zh, zhtw, en] per key like the
 * rest of the designer's catalogue (../i18n.ts spreads them in; zh texts are the spec's, verbatim).
 */
import type { Texts } from './types';

export const FORM_PROPS_TEXTS: Texts = {
  'prop.labelWidth': ['标签宽度', '標籤寬度', 'Label width'],
  'prop.labelPosition': ['标签对齐', '標籤對齊', 'Label position'],
  'prop.formSize': ['组件尺寸', '元件尺寸', 'Control size'],
  'prop.popupType': ['弹窗类型', '彈窗類型', 'Popup type'],
  'prop.generalWidth': ['弹窗宽度', '彈窗寬度', 'Popup width'],
  'prop.fullScreenWidth': ['全屏宽度', '全螢幕寬度', 'Full screen width'],
  'prop.drawerWidth': ['抽屉宽度', '抽屜寬度', 'Drawer width'],
  'prop.gutter': ['栅格间隔', '柵格間隔', 'Gutter'],
  'prop.printId': ['打印模板', '列印模板', 'Print template'],
  'prop.hasPrintBtn': ['打印按钮', '列印按鈕', 'Print button'],
  'prop.scripts': ['脚本事件', '腳本事件', 'Scripts'],
  'prop.disabled': ['禁用表单', '停用表單', 'Disabled'],
  'prop.left': ['左对齐', '左對齊', 'Left'],
  'prop.right': ['右对齐', '右對齊', 'Right'],
  'prop.top': ['顶部对齐', '頂部對齊', 'Top'],
  'prop.general': ['居中弹窗', '居中彈窗', 'Dialog'],
  'prop.fullScreen': ['全屏弹窗', '全螢幕彈窗', 'Full screen'],
  'prop.drawer': ['右侧弹窗', '右側彈窗', 'Drawer'],
  'prop.scriptEffects': [
    '此脚本可能隐藏、禁用或设为非必填的字段',
    '此腳本可能隱藏、停用或設為非必填的欄位',
    'Fields this script may hide, disable or make optional',
  ],
  'prop.scriptEffectsPick': ['请选择字段', '請選擇欄位', 'Choose fields'],
  'prop.scriptEffectsHint': [
    '服务器不要求所选字段必填；未选的必填字段，脚本不能隐藏、禁用或设为非必填',
    '伺服器不要求所選欄位必填；未選的必填欄位，腳本不能隱藏、停用或設為非必填',
    'The server does not require the chosen fields; a script cannot hide, disable or make optional a required field left out',
  ],
  'msg.unknownScriptField': [
    '脚本 {{event}} 声明的字段 {{name}} 已不存在，请在表单属性的脚本事件中移除',
    '腳本 {{event}} 聲明的欄位 {{name}} 已不存在，請在表單屬性的腳本事件中移除',
    'The {{event}} script declares field {{name}}, which the form no longer has: remove it under Form properties, Scripts',
  ],
};

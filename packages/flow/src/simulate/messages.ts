/** Texts of the simulator and of the release check, in zh (default), zhtw and en. */
export const SIM_TEXTS = {
  CHOICE_NOT_APPLICABLE: {
    zh: '没有可执行该选择的待办',
    zhtw: '沒有可執行該選擇的待辦',
    en: 'No pending task this choice can act on',
  },
  FLOW_NOT_LAUNCHED: { zh: '流程尚未发起', zhtw: '流程尚未發起', en: 'The flow has not been launched' },
  TOO_MANY_DEADLINES: {
    zh: '到期的定时过多，已停止快进',
    zhtw: '到期的定時過多，已停止快進',
    en: 'Too many deadlines fell due; fast-forward stopped',
  },
  CASE_INVALID: { zh: '测试用例格式不正确', zhtw: '測試用例格式不正確', en: 'The test case is not valid' },
  CASE_DIVERGED: {
    zh: '发布前校验未通过：测试用例“{name}”与预期不一致',
    zhtw: '發佈前校驗未通過：測試用例「{name}」與預期不一致',
    en: 'Verification before release failed: test case "{name}" diverges from its expectation',
  },
  DIFF_PATH: {
    zh: '路径第 {i} 步：预期 {expected}，实际 {actual}',
    zhtw: '路徑第 {i} 步：預期 {expected}，實際 {actual}',
    en: 'path step {i}: expected {expected}, got {actual}',
  },
  DIFF_STATUS: {
    zh: '结束状态：预期 {expected}，实际 {actual}',
    zhtw: '結束狀態：預期 {expected}，實際 {actual}',
    en: 'final status: expected {expected}, got {actual}',
  },
  DIFF_ERROR: {
    zh: '错误：预期 {expected}，实际 {actual}',
    zhtw: '錯誤：預期 {expected}，實際 {actual}',
    en: 'error: expected {expected}, got {actual}',
  },
  NONE: { zh: '（无）', zhtw: '（無）', en: '(none)' },
} as const;

export type SimTextCode = keyof typeof SIM_TEXTS;
export type SimLanguage = 'zh' | 'zhtw' | 'en';

/** A simulator text with `{name}` placeholders filled (values are inserted as text, never interpreted). */
export function simText(
  code: SimTextCode,
  lang: SimLanguage = 'zh',
  vars: Record<string, string | number> = {},
) {
  const t: string = SIM_TEXTS[code][lang] ?? SIM_TEXTS[code].zh;
  return t.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

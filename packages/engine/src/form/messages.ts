import type { Language } from '@kp/schema';

/** Texts of the runtime form rules (spec 3 §5); zh is the spec's text verbatim. */
export interface FormMessages {
  /** `<label>不能为空` */
  required: (label: string) => string;
  /** `请至少选择一个<label>` */
  atLeastOne: (label: string) => string;
  /** An approver-type (user) picker left empty: `请选择<label>` (spec 3 §5, spec 4 §6). */
  select: (label: string) => string;
  /** A required sub-table cell left empty: `不能为空` */
  cellRequired: string;
  /** A value of the wrong type (not in the spec; our text). */
  invalid: (label: string) => string;
  /** A single role picker set to 当前用户 submitted by a user without a role (our text). */
  noRole: (label: string) => string;
}

const MESSAGES: Record<Language, FormMessages> = {
  zh: {
    required: (l) => `${l}不能为空`,
    atLeastOne: (l) => `请至少选择一个${l}`,
    select: (l) => `请选择${l}`,
    cellRequired: '不能为空',
    invalid: (l) => `${l}格式不正确`,
    noRole: (l) => `${l}：当前用户没有角色`,
  },
  zhtw: {
    required: (l) => `${l}不能為空`,
    atLeastOne: (l) => `請至少選擇一個${l}`,
    select: (l) => `請選擇${l}`,
    cellRequired: '不能為空',
    invalid: (l) => `${l}格式不正確`,
    noRole: (l) => `${l}：目前使用者沒有角色`,
  },
  en: {
    required: (l) => `${l} is required`,
    atLeastOne: (l) => `Please select at least one ${l}`,
    select: (l) => `please select ${l}`,
    cellRequired: 'Required',
    invalid: (l) => `${l} is not valid`,
    noRole: (l) => `${l}: the current user has no role`,
  },
};

export function formMessages(lang: Language = 'zh'): FormMessages {
  return MESSAGES[lang] ?? MESSAGES.zh;
}

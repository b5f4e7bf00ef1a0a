import { type Lang, pickLang, type Texts } from '../format/lang';
import { isIdCard } from './idCard';
import { isLicencePlate } from './plate';

/** A named field rule of spec 4 §5: a pattern or a test, and its message (zh verbatim from the spec). */
export interface ValidatorRule {
  name: ValidatorName;
  pattern?: RegExp;
  test: (value: string) => boolean;
  message: string;
  messages: Texts;
}

export type ValidatorName =
  | 'phone'
  | 'password'
  | 'idCard'
  | 'email'
  | 'licencePlate'
  | 'chinese'
  | 'code'
  | 'account'
  | 'name'
  | 'numericCode'
  | 'time'
  | 'positiveInteger';

const PATTERNS: Partial<Record<ValidatorName, RegExp>> = {
  phone: /^1[3-9]\d{9}$/,
  password: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,16}$/,
  email:
    /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/,
  chinese: /^[\u4e00-\u9fff]+$/,
  code: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/,
  account: /^[A-Za-z0-9]+$/,
  name: /^[\u4e00-\u9fffA-Za-z0-9]+$/,
  numericCode: /^\d+$/,
  /** An integer or a multiple of 0.5, not negative ('1', '1.5', '2.0'). */
  time: /^\d+(?:\.(?:0|5)0*)?$/,
  positiveInteger: /^[1-9]\d*$/,
};

const MESSAGES: Record<ValidatorName, Texts> = {
  phone: {
    zh: '请正确输入您的手机号',
    zhtw: '請正確輸入您的手機號',
    en: 'Please enter a valid mobile number',
  },
  password: {
    zh: '6-16位字符的密码（数字和字母组成）',
    zhtw: '6-16位字元的密碼（數字和字母組成）',
    en: 'Password of 6-16 characters (letters and digits)',
  },
  idCard: {
    zh: '请正确输入您的身份证号码',
    zhtw: '請正確輸入您的身份證號碼',
    en: 'Please enter a valid ID card number',
  },
  email: {
    zh: '请正确输入您的邮箱地址',
    zhtw: '請正確輸入您的信箱地址',
    en: 'Please enter a valid e-mail address',
  },
  licencePlate: {
    zh: '请正确输入您的车牌号',
    zhtw: '請正確輸入您的車牌號',
    en: 'Please enter a valid licence plate',
  },
  chinese: { zh: '请正确输入中文', zhtw: '請正確輸入中文', en: 'Please enter Chinese characters only' },
  code: {
    zh: '编码只能输入英文、数字和小数点且小数点不能放在首尾',
    zhtw: '編碼只能輸入英文、數字和小數點且小數點不能放在首尾',
    en: 'Code may contain only letters, digits and dots, and cannot start or end with a dot',
  },
  account: { zh: '只能输入数字英文', zhtw: '只能輸入數字英文', en: 'Only letters and digits are allowed' },
  name: {
    zh: '名称不能含有特殊符号',
    zhtw: '名稱不能含有特殊符號',
    en: 'Name cannot contain special characters',
  },
  numericCode: { zh: '编码只能输入数字', zhtw: '編碼只能輸入數字', en: 'Code may contain only digits' },
  time: {
    zh: '时间只能是整数和0.5的倍数',
    zhtw: '時間只能是整數和0.5的倍數',
    en: 'Time must be a whole number or a multiple of 0.5',
  },
  positiveInteger: { zh: '请输入正整数', zhtw: '請輸入正整數', en: 'Please enter a positive integer' },
};

const TESTS: Partial<Record<ValidatorName, (value: string) => boolean>> = {
  idCard: isIdCard,
  licencePlate: isLicencePlate,
};

export const VALIDATOR_NAMES = Object.keys(MESSAGES) as ValidatorName[];

/** The catalogue, by name. */
export const validators: Readonly<Record<ValidatorName, ValidatorRule>> = Object.freeze(
  Object.fromEntries(
    VALIDATOR_NAMES.map((name) => {
      const pattern = PATTERNS[name];
      const test = TESTS[name] ?? ((v: string) => (pattern as RegExp).test(v));
      return [
        name,
        Object.freeze({ name, pattern, test, message: MESSAGES[name].zh, messages: MESSAGES[name] }),
      ];
    }),
  ) as Record<ValidatorName, ValidatorRule>,
);

/**
 * Checks a value against a named rule: the rule's message when it fails, null when it passes. An empty
 * value ('' , null, undefined) passes: whether a field is required is the required rule's business.
 * Numbers are checked as their decimal text. Unknown names and non-text values never throw: an unknown
 * name passes, an object or array fails.
 */
export function validateBy(name: ValidatorName | string, value: unknown, lang: Lang = 'zh'): string | null {
  const rule = Object.hasOwn(validators, name) ? validators[name as ValidatorName] : undefined;
  if (!rule) return null;
  if (value === '' || value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  if (text !== null && rule.test(text)) return null;
  return rule.messages[pickLang(lang)];
}

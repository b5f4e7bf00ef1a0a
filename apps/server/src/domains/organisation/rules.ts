// Field rules of spec 4 §5 used by the user and staff endpoints. They are kept behind `checkRule` so that
// they can be swapped for @kp/engine's validateBy once packages/engine/src/validators exists, in one place.
import { type Lang, type MsgKey, msg } from '../permission/messages';

export type RuleName = 'account' | 'phone' | 'email' | 'idCard' | 'password' | 'name' | 'code' | 'md5';

const PATTERNS: Record<Exclude<RuleName, 'idCard'>, RegExp> = {
  account: /^[A-Za-z0-9]+$/,
  phone: /^1[3-9]\d{9}$/,
  // A practical e-mail shape: local@domain.tld, no spaces, one @.
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  password: /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/,
  name: /^[\u4e00-\u9fa5A-Za-z0-9]+$/,
  code: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/,
  md5: /^[a-fA-F0-9]{32}$/,
};

const MESSAGE_OF: Record<RuleName, MsgKey> = {
  account: 'account',
  phone: 'phone',
  email: 'email',
  idCard: 'idCard',
  password: 'password',
  name: 'name',
  code: 'code',
  md5: 'notMd5',
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Mainland resident ID: 18 characters with the ISO 7064 check character, or the old 15-digit form. */
export function isIdCard(value: string): boolean {
  if (/^\d{15}$/.test(value)) {
    return validDate(
      1900 + Number(value.slice(6, 8)),
      Number(value.slice(8, 10)),
      Number(value.slice(10, 12)),
    );
  }
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  if (!validDate(Number(value.slice(6, 10)), Number(value.slice(10, 12)), Number(value.slice(12, 14))))
    return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === value[17].toUpperCase();
}

/** True when `value` passes `rule`. Empty values are the caller's business (required is separate). */
export function passes(rule: RuleName, value: string): boolean {
  if (rule === 'idCard') return isIdCard(value);
  return PATTERNS[rule].test(value);
}

/** The rule's message in `lang` when `value` fails, else null. Empty and missing values pass. */
export function checkRule(rule: RuleName, value: unknown, lang: Lang = 'zh'): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !passes(rule, value)) return msg(MESSAGE_OF[rule], lang);
  return null;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Checks several fields at once; answers the problems in field order. */
export function checkFields(
  checks: ReadonlyArray<readonly [field: string, rule: RuleName, value: unknown]>,
  lang: Lang = 'zh',
): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const [field, rule, value] of checks) {
    const m = checkRule(rule, value, lang);
    if (m) out.push({ field, message: m });
  }
  return out;
}

/** `field: message` joined, the msg of a refused request. */
export function problemsText(problems: FieldProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join('; ');
}

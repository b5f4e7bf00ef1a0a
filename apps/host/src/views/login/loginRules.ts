/** Mobile number: 1, then 3 to 9, then 9 digits (spec 1 §5 / administration document). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;

/**
 * Checks the account field: a sub-account is written mobile@account, so the part before @ must be a
 * mobile number; an 11-digit account must be a correct mobile number. Returns an i18n key or null.
 */
export function accountProblem(account: string): string | null {
  const a = account.trim();
  if (!a) return 'login.accountRequired';
  if (a.includes('@')) {
    const [mobile, sub] = a.split('@');
    if (!MOBILE_RE.test(mobile) || !sub) return 'login.subAccountFormat';
    return null;
  }
  if (/^\d{11}$/.test(a) && !MOBILE_RE.test(a)) return 'login.mobileInvalid';
  return null;
}

import { describe, expect, it } from 'vitest';
import { md5 } from '../../services/md5';
import { EMAIL_RE, PASSWORD_RE, PHONE_RE } from '../profile/rules';
import { accountProblem } from './loginRules';

describe('login and profile rules (spec 1 §5)', () => {
  it('hints on the account field', () => {
    expect(accountProblem('')).toBe('login.accountRequired');
    expect(accountProblem('admin')).toBeNull();
    expect(accountProblem('13800138000@zhang')).toBeNull();
    expect(accountProblem('12345@zhang')).toBe('login.subAccountFormat');
    expect(accountProblem('13800138000@')).toBe('login.subAccountFormat');
    expect(accountProblem('12800138000')).toBe('login.mobileInvalid');
  });
  it('password needs 6-16 letters and digits of both kinds', () => {
    for (const ok of ['abc123', 'A1b2C3d4E5f6G7h8']) expect(PASSWORD_RE.test(ok)).toBe(true);
    for (const bad of ['abcdef', '123456', 'ab12', 'abc123abc123abc12', 'abc 123', 'abc123!'])
      expect(PASSWORD_RE.test(bad)).toBe(false);
  });
  it('phone and e-mail', () => {
    expect(PHONE_RE.test('13912345678')).toBe(true);
    expect(PHONE_RE.test('12912345678')).toBe(false);
    expect(EMAIL_RE.test('a@b.cn')).toBe(true);
    expect(EMAIL_RE.test('a@b')).toBe(false);
  });
  it('hashes the password as lowercase MD5 hex', () => {
    expect(md5('admin123')).toBe('0192023a7bbd73250516f069df18b500');
  });
});

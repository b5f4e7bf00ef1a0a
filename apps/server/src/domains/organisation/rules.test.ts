import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFields, checkRule, isIdCard, passes } from './rules';

function withCheck(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(first17[i]) * w[i];
  return first17 + '10X98765432'[s % 11];
}

describe('field rules of spec 4 §5', () => {
  it('account: letters and digits only', () => {
    expect(passes('account', 'admin01')).toBe(true);
    expect(checkRule('account', 'ad min')).toBe('只能输入数字英文');
    expect(checkRule('account', '张三')).toBe('只能输入数字英文');
    expect(checkRule('account', 'a_b', 'en')).toBe('Only letters and digits are allowed');
  });
  it('phone: 1, then 3-9, then 9 digits', () => {
    expect(passes('phone', '13812345678')).toBe(true);
    expect(checkRule('phone', '12812345678')).toBe('请正确输入您的手机号');
    expect(checkRule('phone', '1381234567')).toBe('请正确输入您的手机号');
    expect(checkRule('phone', '138123456789')).toBe('请正确输入您的手机号');
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), (d, rest) =>
        passes('phone', `1${d}${rest}`),
      ),
    );
  });
  it('email', () => {
    expect(passes('email', 'a.b@example.com')).toBe(true);
    expect(checkRule('email', 'a@b')).toBe('请正确输入您的邮箱地址');
    expect(checkRule('email', 'a b@c.com')).toBe('请正确输入您的邮箱地址');
  });
  it('password: 6-16 letters and digits with both kinds', () => {
    expect(passes('password', 'abc123')).toBe(true);
    expect(checkRule('password', 'abcdef')).toBe('6-16位字符的密码（数字和字母组成）');
    expect(checkRule('password', '123456')).not.toBeNull();
    expect(checkRule('password', 'a1')).not.toBeNull();
    expect(checkRule('password', 'a1234567890123456')).not.toBeNull();
  });
  it('code: letters, digits and dots, no dot at either end', () => {
    expect(passes('code', 'a.b.1')).toBe(true);
    expect(passes('code', 'x')).toBe(true);
    expect(checkRule('code', '.ab')).toBe('编码只能输入英文、数字和小数点且小数点不能放在首尾');
    expect(checkRule('code', 'ab.')).not.toBeNull();
    expect(checkRule('code', 'a-b')).not.toBeNull();
  });
  it('name: Chinese, letters and digits', () => {
    expect(passes('name', '研发部A1')).toBe(true);
    expect(checkRule('name', '研发#部')).toBe('名称不能含有特殊符号');
  });
  it('ID card: the check character is verified', () => {
    const valid = withCheck('11010519491231002');
    expect(isIdCard(valid)).toBe(true);
    const wrongLast = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
    expect(isIdCard(wrongLast)).toBe(false);
    expect(checkRule('idCard', '110105194913310021')).toBe('请正确输入您的身份证号码'); // month 13
    expect(isIdCard('110105491231002')).toBe(true); // 15-digit form
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
        fc.stringMatching(/^\d{3}$/),
        (d, seq) => {
          const ymd = d.toISOString().slice(0, 10).replace(/-/g, '');
          return isIdCard(withCheck(`110105${ymd}${seq}`));
        },
      ),
    );
  });
  it('empty values pass (required is checked separately) and problems keep field order', () => {
    expect(checkRule('phone', '')).toBeNull();
    expect(checkRule('phone', undefined)).toBeNull();
    expect(checkRule('phone', 13812345678)).toBe('请正确输入您的手机号');
    const p = checkFields([
      ['account', 'account', 'a b'],
      ['mobilePhone', 'phone', '13812345678'],
      ['email', 'email', 'nope'],
    ]);
    expect(p.map((x) => x.field)).toEqual(['account', 'email']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutatedValueArbs, validValueArbs } from '../testing/formula';
import { VALIDATOR_NAMES, type ValidatorName, validateBy, validators } from './catalogue';
import { idCardCheckChar, isIdCard } from './idCard';
import { isLicencePlate } from './plate';

describe('validator catalogue', () => {
  it('has every rule of spec 4 §5 with its message', () => {
    expect(validators.phone.message).toBe('请正确输入您的手机号');
    expect(validators.password.message).toBe('6-16位字符的密码（数字和字母组成）');
    expect(validators.idCard.message).toBe('请正确输入您的身份证号码');
    expect(validators.email.message).toBe('请正确输入您的邮箱地址');
    expect(validators.licencePlate.message).toBe('请正确输入您的车牌号');
    expect(validators.chinese.message).toBe('请正确输入中文');
    expect(validators.code.message).toBe('编码只能输入英文、数字和小数点且小数点不能放在首尾');
    expect(validators.account.message).toBe('只能输入数字英文');
    expect(validators.name.message).toBe('名称不能含有特殊符号');
    expect(validators.numericCode.message).toBe('编码只能输入数字');
    expect(validators.time.message).toBe('时间只能是整数和0.5的倍数');
    expect(validators.positiveInteger.message).toBe('请输入正整数');
    expect(VALIDATOR_NAMES).toHaveLength(12);
  });

  it('checks known values', () => {
    expect(validateBy('phone', '13812345678')).toBeNull();
    expect(validateBy('phone', '12812345678')).toBe('请正确输入您的手机号');
    expect(validateBy('phone', '13812345678', 'en')).toBeNull();
    expect(validateBy('phone', 'x', 'en')).toBe('Please enter a valid mobile number');
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('11010519490231002X')).toBe(false); // 31 February
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(isIdCard('110105491231002')).toBe(true); // legacy 15-digit
    expect(isIdCard('110105491331002')).toBe(false);
    expect(isLicencePlate('京A12345')).toBe(true);
    expect(isLicencePlate('粤BD12345')).toBe(true);
    expect(isLicencePlate('粤B12345F')).toBe(true);
    expect(isLicencePlate('粤I12345')).toBe(false);
    expect(validateBy('time', 1.5)).toBeNull();
    expect(validateBy('time', 1.25)).toBe('时间只能是整数和0.5的倍数');
    expect(validateBy('positiveInteger', 0)).toBe('请输入正整数');
    expect(validateBy('code', 'a.b.1')).toBeNull();
    expect(validateBy('code', 'a.b.')).not.toBeNull();
  });

  it('lets empty values through and never throws on odd input', () => {
    expect(validateBy('phone', '')).toBeNull();
    expect(validateBy('phone', null)).toBeNull();
    expect(validateBy('nope', 'x')).toBeNull();
    expect(validateBy('toString', 'x')).toBeNull();
    expect(validateBy('phone', { a: 1 })).toBe('请正确输入您的手机号');
    fc.assert(
      fc.property(fc.constantFrom(...VALIDATOR_NAMES), fc.anything(), (name, v) => {
        const r = validateBy(name, v);
        expect(r === null || typeof r === 'string').toBe(true);
      }),
    );
  });

  for (const name of Object.keys(validValueArbs) as ValidatorName[]) {
    it(`${name}: generated valid values pass, mutated ones fail`, () => {
      fc.assert(
        fc.property(validValueArbs[name as keyof typeof validValueArbs], (v) => {
          expect(validateBy(name, v)).toBeNull();
        }),
        { numRuns: 300 },
      );
      fc.assert(
        fc.property(mutatedValueArbs[name as keyof typeof mutatedValueArbs], (v) => {
          expect(validateBy(name, v)).toBe(validators[name].message);
        }),
        { numRuns: 300 },
      );
    });
  }
});

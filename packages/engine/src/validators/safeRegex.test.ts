import { type FieldConfig, validateFormConfig } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../form/compile';
import { validateFormData } from '../form/validate';
import { compileUserRegex, USER_REGEX_CACHE, userRegexCacheSize, userRegexOf } from './safeRegex';

const field = (pattern: string) =>
  ({
    __config__: { jnpfKey: 'comInput', label: '编码', regList: [{ pattern, message: '格式不对' }] },
    __vModel__: 'code',
  }) as unknown as FieldConfig;

/** Milliseconds one call takes. */
const time = (fn: () => unknown) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

describe('user regular expressions on RE2', () => {
  it('runs a catastrophic-backtracking pattern in linear time (form validation)', () => {
    // A backtracking RegExp needs ~2^n steps here (25 characters: over a second; 30: minutes).
    const compiled = compileForm({ fields: [field('^(a+)+$')] });
    const hostile = `${'a'.repeat(25)}!`;
    let result: ReturnType<typeof validateFormData> | undefined;
    const ms = time(() => {
      result = validateFormData(compiled, { code: hostile });
    });
    expect(ms).toBeLessThan(200);
    expect(result?.ok).toBe(false);
    expect(validateFormData(compiled, { code: 'aaaa' }).ok).toBe(true);
    const long = `${'a'.repeat(100_000)}!`;
    expect(time(() => userRegexOf('^(a+)+$')!.test(long))).toBeLessThan(1000);
  });

  it('keeps the usual patterns and flags', () => {
    expect(userRegexOf('^1[3-9]\\d{9}$')!.test('13812345678')).toBe(true);
    expect(userRegexOf('^1[3-9]\\d{9}$')!.test('12812345678')).toBe(false);
    expect(userRegexOf('^[\\u4e00-\\u9fa5]+$')!.test('中文')).toBe(true);
    expect(userRegexOf('^[\\u4e00-\\u9fa5]+$')!.test('abc')).toBe(false);
    expect(userRegexOf('/^abc$/i')!.test('ABC')).toBe(true);
    expect(userRegexOf('/^abc$/g')!.test('ABC')).toBe(false);
    expect(userRegexOf('/^b$/m')!.test('a\nb')).toBe(true);
    expect(userRegexOf('(?<year>\\d{4})-\\d{2}')!.test('2024-05')).toBe(true);
    expect(userRegexOf('x', 'i')!.test('X')).toBe(true);
    // Stateless: the g flag of a RegExp would make the second test start after the first match.
    const g = userRegexOf('/a/g')!;
    expect([g.test('a'), g.test('a')]).toEqual([true, true]);
  });

  it('refuses what RE2 cannot run, with a reason', () => {
    for (const p of ['(a)\\1', '(?=a)b', '(?<=a)b', '(?!a)', '[', '/a/q', 'x'.repeat(1001)]) {
      const r = compileUserRegex(p);
      expect(r.ok, p).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
    }
  });

  it('bounds the cost: program size at save, program size × text length per test', () => {
    const big = compileUserRegex('.{1000}.{1000}.{1000}');
    expect(big.ok ? '' : big.error).toMatch(/^too complex \(3002 steps per character; at most 1000\)$/);
    const v = validateFormConfig({ fields: [field('.{1000}.{1000}.{1000}')] });
    expect(v.ok ? '' : v.errors[0]?.message).toBe('is too complex (3002 steps per character; at most 1000)');
    // ~900 instructions: a 10,000-character text would take ~0.5 s; over the work budget it fails closed.
    const wide = userRegexOf('^[\\s\\S]{900}')!;
    expect(wide.test('x'.repeat(1000))).toBe(true);
    expect(time(() => expect(wide.test('x'.repeat(1_000_000))).toBe(false))).toBeLessThan(50);
    // A usual pattern still tests long texts.
    expect(userRegexOf('^[a-z]+$')!.test('a'.repeat(50_000))).toBe(true);
  });

  it('keeps a bounded cache', () => {
    for (let i = 0; i < USER_REGEX_CACHE + 50; i++) compileUserRegex(`^x${i}$`);
    expect(userRegexCacheSize()).toBeLessThanOrEqual(USER_REGEX_CACHE);
    expect(compileUserRegex('^x1$')).toBe(compileUserRegex('^x1$'));
  });

  it('is refused at save (validateFormConfig) and at compile, naming the field', () => {
    for (const p of ['(a)\\1', '(?=a)b']) {
      const v = validateFormConfig({ fields: [field(p)] });
      expect(v.ok).toBe(false);
      if (!v.ok) {
        expect(v.errors[0]?.path).toBe('fields[0].__config__.regList[0].pattern');
        expect(v.errors[0]?.message).toMatch(/safe regex engine/);
      }
      expect(compileForm({ fields: [field(p)] }).errors[0]?.path).toBe(
        'fields[0].__config__.regList[0].pattern',
      );
    }
    expect(validateFormConfig({ fields: [field('^(a+)+$')] }).ok).toBe(true);
    const bad = validateFormConfig({ fields: [field('([a-z')] });
    expect(bad.ok ? '' : bad.errors[0]?.message).toBe('is not a valid regular expression');
  });
});

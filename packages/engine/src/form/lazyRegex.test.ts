// The browser path of user patterns: a form compiled before RE2 is loaded gets deferred patterns that fail
// closed until loadSafeRegex() resolves, then test exactly like eagerly compiled ones.
import type { FormConfig } from '@kp/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSafeRegex, safeRegexReady, unloadSafeRegexForTests } from '../validators/re2';
import { compileUserRegex, REGEX_ENGINE_NOT_LOADED } from '../validators/safeRegex';
import { compileForm, needsSafeRegex } from './compile';
import { validateFormData } from './validate';

const config = {
  fields: [
    {
      __config__: {
        jnpfKey: 'comInput',
        label: '手机',
        regList: [{ pattern: '^1[3-9]\\d{9}$', message: '请正确输入您的手机号' }],
      },
      __vModel__: 'phone',
    },
  ],
} as unknown as FormConfig;

describe('user patterns before RE2 is loaded (browser path)', () => {
  afterAll(async () => {
    await loadSafeRegex();
  });

  it('defers, fails closed, then validates correctly once loaded', async () => {
    unloadSafeRegexForTests();
    expect(safeRegexReady()).toBe(false);
    expect(compileUserRegex('^a$')).toEqual({ ok: false, error: REGEX_ENGINE_NOT_LOADED });
    const compiled = compileForm(config);
    expect(compiled.errors).toEqual([]);
    expect(needsSafeRegex(compiled)).toBe(true);
    // not loaded: even a matching text fails (closed), with the rule's message
    expect(validateFormData(compiled, { phone: '13812345678' }).errors.map((e) => e.message)).toEqual([
      '请正确输入您的手机号',
    ]);
    await loadSafeRegex();
    expect(safeRegexReady()).toBe(true);
    expect(needsSafeRegex(compiled)).toBe(false);
    expect(validateFormData(compiled, { phone: '13812345678' }).ok).toBe(true);
    expect(validateFormData(compiled, { phone: '1381234567x' }).errors.map((e) => e.rule)).toEqual([
      'pattern',
    ]);
    // the same form compiled now gets eager patterns: same answers
    const eager = compileForm(config);
    expect(validateFormData(eager, { phone: '13812345678' }).ok).toBe(true);
    expect(validateFormData(eager, { phone: 'x' }).ok).toBe(false);
  });
});

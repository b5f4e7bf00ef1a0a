import { LANGUAGES } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { createTranslate, type TextKey } from './i18n';
import { createRendererI18n } from './instance';
import { zh } from './resources';

describe('createTranslate', () => {
  it('answers exactly what the i18next instance answers, for every key and language', () => {
    const vars = { field: 'F', kind: 'K', label: 'L', message: 'M', name: 'N', title: 'T' };
    for (const lang of LANGUAGES) {
      const t = createTranslate(lang);
      const i18n = createRendererI18n(lang);
      for (const key of Object.keys(zh) as TextKey[]) {
        expect(t(key, vars)).toBe(i18n.t(key, vars));
        expect(t(key)).toBe(i18n.t(key));
        expect(t(key, { other: 1 })).toBe(i18n.t(key, { other: 1 }));
      }
    }
  });
  it('falls back to the key for an unknown one', () => {
    expect(createTranslate('en')('nope' as TextKey)).toBe('nope');
  });
});

import type { I18nText, Language } from '@kp/schema';

/**
 * Same rule as @kp/schema's textIn (language, then zh, then any). Kept here as a type-only dependency:
 * importing a value from @kp/schema pulls TypeBox and ajv into the login bundle.
 */
export function textIn(text: I18nText | undefined | null, lang: Language = 'zh'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text.zh ?? text.zhtw ?? text.en ?? '';
}

/** Codes 600/601/602 (ApiCode TOKEN_EXPIRED, TOKEN_KICKED, TOKEN_INVALID of @kp/schema): the session is gone. */
export const SESSION_GONE_CODES: readonly number[] = [600, 601, 602];

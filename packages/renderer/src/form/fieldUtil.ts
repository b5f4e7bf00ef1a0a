import { type UserRegex, userRegexOf, walkFields } from '@kp/engine';
import { type I18nText, type Language, textIn } from '@kp/schema';

/** A field config read loosely (the renderer tolerates extra keys; @kp/schema validates the shape). */
export interface AnyField {
  __config__: { jnpfKey: string; [k: string]: unknown };
  __vModel__?: string;
  __slot__?: { options?: Record<string, unknown>[]; prepend?: string; append?: string; [k: string]: unknown };
  [k: string]: unknown;
}

export interface FormOperate {
  id: string;
  read?: boolean;
  write?: boolean;
  required?: boolean;
}

export const cfg = <T = unknown>(f: AnyField, key: string): T | undefined =>
  f.__config__[key] as T | undefined;
export const prop = <T = unknown>(f: AnyField, key: string): T | undefined => f[key] as T | undefined;
export const keyOf = (f: AnyField): string => f.__config__.jnpfKey;

export const labelOf = (f: AnyField, lang: Language): string => textIn(cfg<I18nText>(f, 'label'), lang);
export const text = (v: unknown, lang: Language): string =>
  v == null ? '' : typeof v === 'string' || typeof v === 'object' ? textIn(v as I18nText, lang) : String(v);

export const childrenOf = (f: AnyField): AnyField[] => {
  const c = cfg<AnyField[]>(f, 'children');
  return Array.isArray(c) ? c : [];
};

/** Every data field (with a vModel) outside sub-tables, and every sub-table, by vModel (the form model's walker). */
export function indexFields(fields: AnyField[]): Map<string, AnyField> {
  const map = new Map<string, AnyField>();
  walkFields(fields, (f) => {
    if (typeof f.__vModel__ === 'string' && f.__vModel__) map.set(f.__vModel__, f as AnyField);
    return keyOf(f as AnyField) !== 'table';
  });
  return map;
}

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A regList pattern given as `/.../flags` or as plain source, on RE2 (linear time); null when unusable. */
export function toRegExp(pattern: string): UserRegex | null {
  return userRegexOf(pattern);
}

import type { FastifyRequest } from 'fastify';
import { type Lang, translateMessage } from './messages';

/**
 * The language of an answer: the request's Accept-Language when it names one of ours (the host sends zh,
 * zhtw or en), else the signed-in user's saved language, else zh. Server texts are written in zh and
 * translated through the message catalogue (./messages).
 */

/** zh | zhtw | en from an Accept-Language value (zh-TW, zh-HK count as zhtw; anything English as en); null if none. */
export function languageIn(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const first = header.toLowerCase().split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (!first || first === '*') return null;
  if (
    first.startsWith('zhtw') ||
    first.startsWith('zh-tw') ||
    first.startsWith('zh-hk') ||
    first.startsWith('zh-mo') ||
    first.startsWith('zh-hant')
  )
    return 'zhtw';
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('en')) return 'en';
  return null;
}

/** zh | zhtw | en from an Accept-Language value; zh when it names none of them. */
export function languageOf(header: string | undefined): Lang {
  return languageIn(header) ?? 'zh';
}

/** The request's language: Accept-Language, else the user's saved setting, else zh. */
export function requestLanguage(req: FastifyRequest): Lang {
  const header = req.headers['accept-language'];
  return (
    languageIn(Array.isArray(header) ? header[0] : header) ??
    languageIn(req.principal?.profile.language) ??
    'zh'
  );
}

export function translate(text: string, lang: Lang): string {
  return translateMessage(text, lang);
}

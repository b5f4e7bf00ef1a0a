import type { ApiResponse } from '@kp/schema';
import { ApiCode } from '@kp/schema';
import type { FastifyReply } from 'fastify';
import { MSG } from './api-error';
import { translate } from './i18n';
import type { Lang } from './messages';

/** The success envelope. Routes return `ok(data)` (or `ok(data, '保存成功')`). */
export function ok<T>(data: T, msg: string = MSG.ok): ApiResponse<T> {
  return { code: ApiCode.OK, msg, data };
}

export function fail(code: number, msg: string): ApiResponse<null> {
  return { code, msg, data: null };
}

/** The success envelope as JSON text around `dataJson` (data already serialised), msg 成功 in `lang`. */
export function okJson(dataJson: string, lang: Lang): string {
  return `{"code":${ApiCode.OK},"msg":${JSON.stringify(translate(MSG.ok, lang))},"data":${dataJson}}`;
}

/**
 * Answers JSON text: `kept` at once when there is one (no promise), else the text `build` makes. A handler
 * returns what this returns (nothing, or the promise of the answer sent).
 */
export function sendJsonText(
  reply: FastifyReply,
  kept: string | null | undefined,
  build: () => Promise<string>,
): undefined | Promise<void> {
  if (kept != null) {
    reply.type('application/json; charset=utf-8').send(kept);
    return;
  }
  return build().then((text) => {
    reply.type('application/json; charset=utf-8').send(text);
  });
}

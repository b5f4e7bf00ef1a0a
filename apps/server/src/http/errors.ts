import { ApiCode, issuesOf } from '@kp/schema';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, MSG } from './api-error';
import { fail } from './envelope';
import { languageOf, translate } from './i18n';

/**
 * Every answer is HTTP 200 with `{ code, msg, data }` (how JNPF-style clients read it): the code in
 * the body says what happened. Bad input -> 400 naming the field; unknown route -> 404; anything
 * unexpected -> 500 with a generic msg (the error is logged, never sent).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return reply.code(200).send(fail(err.code, err.message));
    if (err.validation) {
      const issue = issuesOf(err.validation as never)[0];
      const msg = issue ? `${issue.path}: ${issue.message}` : 'invalid request';
      return reply.code(200).send(fail(ApiCode.BAD_REQUEST, msg));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413 ? ApiCode.TOO_LARGE : status === 429 ? ApiCode.TOO_MANY : ApiCode.BAD_REQUEST;
      return reply.code(200).send(fail(code, err.message.slice(0, 200)));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(200).send(fail(ApiCode.SERVER_ERROR, MSG.serverError));
  });
  // Texts in the client's language (Accept-Language: zh, zhtw, en); zh is the written form.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const lang = languageOf(req.headers['accept-language']);
    if (
      lang !== 'zh' &&
      payload &&
      typeof payload === 'object' &&
      typeof (payload as { msg?: unknown }).msg === 'string'
    ) {
      const env = payload as { msg: string };
      return { ...env, msg: translate(env.msg, lang) };
    }
    return payload;
  });
  app.setNotFoundHandler((_req, reply) => reply.code(200).send(fail(ApiCode.NOT_FOUND, MSG.notFound)));
}

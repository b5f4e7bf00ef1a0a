import { ApiCode, issuesOf } from '@kp/schema';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, MSG } from './api-error';
import { fail } from './envelope';
import { requestLanguage, translate } from './i18n';

/**
 * A database error caused by the input (SQLSTATE class 22 data exceptions, 23 constraint violations, 54
 * limits): a 400/409 naming the column when the database says which, never a 500. Anything else: null.
 */
export function dbRefusal(err: unknown): { code: number; msg: string } | null {
  const e = err as { code?: unknown; column?: unknown; constraint?: unknown; severity?: unknown };
  if (typeof e?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code) || e.severity === undefined) return null;
  const field = typeof e.column === 'string' && e.column ? `${e.column}: ` : '';
  if (e.code === '23505') return { code: ApiCode.CONFLICT, msg: '数据已存在' };
  if (e.code === '23503') return { code: ApiCode.BAD_REQUEST, msg: '关联数据不存在或仍被引用' };
  if (e.code === '23502') return { code: ApiCode.BAD_REQUEST, msg: `${field || '字段: '}不能为空` };
  if (e.code === '22001' || e.code.startsWith('54'))
    return { code: ApiCode.BAD_REQUEST, msg: `${field || '参数: '}内容过长` };
  if (e.code.startsWith('22') || e.code.startsWith('23'))
    return { code: ApiCode.BAD_REQUEST, msg: `${field || '参数: '}格式错误` };
  return null;
}

/** `path: problem` for the first string in body, query or params that holds a NUL character, else null. */
export function nulIn(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    // the path is spelled only on the way back from a hit (every request walks its input)
    if (typeof v === 'string' ? !v.includes('\u0000') : !v || typeof v !== 'object') continue;
    const hit = nulIn(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * Every answer is HTTP 200 with `{ code, msg, data }` (how JNPF-style clients read it): the code in
 * the body says what happened. Bad input -> 400 naming the field; unknown route -> 404; anything
 * unexpected -> 500 with a generic msg (the error is logged, never sent).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      const lang = requestLanguage(req);
      const msg = err.localized && lang !== 'zh' ? err.localized(lang) : err.message;
      return reply.code(200).send(fail(err.code, msg));
    }
    if (err.validation) {
      const issue = issuesOf(
        err.validation.map((v) => ({
          keyword: v.keyword,
          instancePath: v.instancePath,
          schemaPath: v.schemaPath,
          params: v.params,
          message: v.message,
        })),
      )[0];
      const msg = issue ? `${issue.path}: ${issue.message}` : 'invalid request';
      return reply.code(200).send(fail(ApiCode.BAD_REQUEST, msg));
    }
    const db = dbRefusal(err);
    if (db) {
      req.log.warn({ err }, 'input refused by the database');
      return reply.code(200).send(fail(db.code, db.msg));
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
  // Texts in the client's language (Accept-Language: zh, zhtw, en, else the user's saved language); zh is
  // the written form, translated through the message catalogue (./messages).
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    const msg = (payload as { msg?: unknown } | null)?.msg;
    if (typeof msg !== 'string' || !payload || typeof payload !== 'object') return done(null, payload);
    const lang = requestLanguage(req);
    done(null, lang === 'zh' ? payload : { ...payload, msg: translate(msg, lang) });
  });
  // Text with NUL characters cannot be stored (PostgreSQL refuses them): refuse it up front, naming the field.
  app.addHook('preValidation', (req, _reply, done) => {
    const hit = nulIn(req.params, '') ?? nulIn(req.query, '') ?? nulIn(req.body, '');
    done(hit ? new ApiError(ApiCode.BAD_REQUEST, `${hit}: 不能包含空字符`) : undefined);
  });
  // HTTP 404 as well as the envelope code, so a status check sees a missing route.
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(fail(ApiCode.NOT_FOUND, MSG.notFound)));
}

// Operations endpoints (issue 21), outside /api so a load balancer or a scraper needs no session:
//   GET /health   liveness: the process answers (no database call)
//   GET /ready    readiness: the database answers within 2 s, 503 otherwise (while an instance shuts
//                 down Fastify answers 503 to new requests and lets those under way finish)
//   GET /metrics  Prometheus text; with METRICS_TOKEN set it needs "Authorization: Bearer <token>",
//                 without it only callers on this machine (loopback) are served
//   POST /api/csp-report  Content-Security-Policy violation reports from browsers (public; small bodies,
//                 rate-limited, logged: csp-report.ts)
import { ApiCode } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../../http/api-error';
import { CSP_REPORT_PATH } from '../../http/csp';
import { CSP_REPORT_MAX_BYTES, ReportLimiter, receiveCspReport } from './csp-report';
import { registerMetrics } from './metrics';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
export const METRICS_REFUSED = '仅限监控系统访问';

function metricsAllowed(req: FastifyRequest): boolean {
  const token = process.env.METRICS_TOKEN;
  if (token) return req.headers.authorization === `Bearer ${token}`;
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/** Not encapsulated (what fastify-plugin marks): the latency hook sees the whole app. */
export default Object.assign(opsRoutes, { [Symbol.for('skip-override')]: true });

async function opsRoutes(app: FastifyInstance) {
  const started = Date.now();
  const registry = registerMetrics(app);

  app.get('/health', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
    uptime: Math.round((Date.now() - started) / 1000),
  }));

  app.get('/ready', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await Promise.race([
        sql`select 1`.execute(app.kp.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
      ]);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req)) throw new ApiError(ApiCode.FORBIDDEN, METRICS_REFUSED);
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  // the two report types browsers send, read as text in a scope of their own (the API's JSON parser is untouched)
  const limiter = new ReportLimiter();
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: CSP_REPORT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      CSP_REPORT_PATH,
      { config: { auth: 'public' }, bodyLimit: CSP_REPORT_MAX_BYTES, schema: { hide: true } },
      async (req, reply) => {
        receiveCspReport(limiter, req.log, req.ip, req.body);
        return reply.code(204).send();
      },
    );
  });
}

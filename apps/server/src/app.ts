import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { ApiCode } from '@kp/schema';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import helmet from 'helmet';
import { registerAttemptLimits } from './domains/auth/attempt-limits';
import { AuthzCache } from './domains/auth/authz';
import { registerGuard } from './domains/auth/guard';
import { registerUntrustedProxyCheck } from './domains/auth/untrusted-proxy';
import './domains/auth/route-config';
import { createBus } from './bus/bus';
import type { AppContext, ServerOptions } from './context';
import type { Db } from './db/database';
import { startMaintenance } from './db/maintenance';
import { registerReplicaPins } from './db/replica-pins';
import { SessionStore } from './domains/auth/sessions';
import { readSettings, type Settings, writeSettings } from './domains/auth/settings';
import { routeModules } from './domains/index';
import { registerRequestClock } from './domains/ops/metrics';
import type { MailProvider } from './domains/portal/mail';
import { type FileStorage, LocalDiskStorage } from './files/storage';
import { cspDirectives, frameHostsOf, parseFrameHosts } from './http/csp';
import { fail } from './http/envelope';
import { registerErrorHandling } from './http/errors';
import { requestLanguage } from './http/i18n';
import { text } from './http/messages';
import { registerStaticHost } from './http/static-host';
import { closeSocketsOnShutdown, registerWebsocket } from './ws/websocket';

export interface BuildAppOptions {
  db: Db;
  /** Folder for files (uploads under <dataDir>/files). */
  dataDir: string;
  /** Fastify logger option (false in tests). */
  logger?: FastifyServerOptions['logger'];
  options?: Partial<ServerOptions>;
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (config TRUST_PROXY).
   * Default: none — the client address is the socket's, so nobody picks the address the lockout sees.
   */
  trustProxy?: string[];
  /** Serve the OpenAPI document at /api/docs to administrators (default true; off in production). */
  apiDocs?: boolean;
  /** The mail source (default none: empty mail list, 未配置邮件服务 for one mail). */
  mail?: MailProvider | null;
}

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|code|ticket|password|access_token)=)[^&#]*/gi;
/** A URL with the values of secret query parameters replaced (tokens, one-time codes). */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

/** A request id the proxy may hand over (X-Request-Id): short, plain characters only. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Every request's id: the proxy's X-Request-Id when it is a sane one, else a fresh UUID (echoed back). */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The server's logger (pino, JSON lines; LOG_LEVEL, default warn): every line of a request carries its
 * `reqId` (requestId above); the request line is method, URL without secrets (token/code/ticket/password
 * query values redacted) and client address, never headers or bodies; credentials that still ride on a
 * logged object (an Authorization or Cookie header, a password, a token field, a database error's detail
 * which quotes the refused values) are censored.
 */
export function serverLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        'token',
        '*.password',
        '*.token',
        'err.detail',
        'err.parameters',
        'body',
        'req.body',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * The pages' Content-Security-Policy: http/csp.ts (no 'unsafe-eval', images and frames from the site, frames
 * also from KP_FRAME_HOSTS and the administrator's externalLinkHosts, violations reported to /api/csp-report).
 */
export const FRAME_HOSTS_FROM_ENV = parseFrameHosts(process.env.KP_FRAME_HOSTS);
export const CSP_DIRECTIVES = cspDirectives(FRAME_HOSTS_FROM_ENV);

/**
 * The security headers of every answer (CSP above; helmet's defaults otherwise), worked out once by
 * helmet itself: @fastify/helmet re-built the middleware and re-parsed the CSP on every request.
 */
export function securityHeaders(directives = CSP_DIRECTIVES): Record<string, string> {
  // helmet is Connect middleware: run it once on a detached response and keep the headers it set
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // same-origin would cut the link between KP and a mail or OA page it opens
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // served over plain http on intranets too: no HSTS from the app (the TLS proxy sets it)
    strictTransportSecurity: false,
  })(res.req, res, (err?: unknown) => {
    if (err) throw err;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) headers[name.toLowerCase()] = String(value);
  return headers;
}

/**
 * The security headers of a JSON answer (the API's data, never a page): what matters for a response that is
 * not a document (OWASP REST Security: nosniff, no framing, a CSP that lets nothing load if it is ever opened
 * as one, the referrer policy, same-origin resource policy), in place of the pages' full set — that set's
 * other headers (script and style sources, COOP, Origin-Agent-Cluster, DNS prefetch, IE's download and XSS
 * switches) act on documents only. About 600 bytes less on every API answer.
 */
export function jsonSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const keep = [
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    ...Object.fromEntries(keep.filter((h) => page[h]).map((h) => [h, page[h]!])),
  };
}

export const SETTINGS_CHANGED = 'settings.changed';

/**
 * Where file bytes go: an S3-compatible store when FILE_STORAGE=s3 (docs/deploy.md), else the data folder.
 * The AWS SDK is loaded only then: a one-machine server (and every test) starts without it.
 */
async function storageOf(dataDir: string): Promise<FileStorage> {
  if ((process.env.FILE_STORAGE ?? 'local').toLowerCase() !== 's3')
    return new LocalDiskStorage(path.join(dataDir, 'files'));
  const { S3Storage, s3OptionsFromEnv } = await import('./files/s3-storage');
  return new S3Storage(s3OptionsFromEnv()!);
}

/**
 * Builds the whole server on an open, migrated database. The caller owns `db` (close it after
 * `app.close()`). Used by main.ts and by tests (createTestApp).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // the id on every log line of a request (pino's reqId) and in the answer's X-Request-Id
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    // The spec spells paths in mixed case (/api/OAuth/GetUserCode beside /api/oauth/…, /api/File/Uploader/annex):
    // one registration answers every spelling, as the spec's back end does. Parameters keep their case.
    routerOptions: { maxParamLength: 500, caseSensitive: false },
    // Router-level refusals (a malformed URL, a path parameter over maxParamLength) in the envelope too.
    // No route ran, so no hook translates: the msg is written in the request's language here.
    frameworkErrors: (err, req, reply) => {
      const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'common.paramTooLong' : 'common.badUrl';
      const msg = `path: ${text(code, requestLanguage(req as FastifyRequest))}`;
      (reply as FastifyReply).code(200).send(fail(ApiCode.BAD_REQUEST, msg));
    },
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false } },
  });
  const db = opts.db.kysely;
  const bus = await createBus(opts.db.notifier, (err) => app.log.error({ err }, 'bus handler failed'));
  opts.db.cache.attach(bus);
  opts.db.lists.attach(bus);
  // read replica (db/replica.ts): pins from other processes, and this process's write requests pin their user
  if (opts.db.replica) {
    opts.db.replica.attach(bus, app.log);
    registerReplicaPins(app, opts.db.replica);
  }
  let settingsCache: { s: Settings; at: number } | null = null;
  bus.subscribe(SETTINGS_CHANGED, () => {
    settingsCache = null;
  });
  const settings = {
    cached() {
      return settingsCache && Date.now() - settingsCache.at < 30_000 ? settingsCache.s : undefined;
    },
    async get() {
      const fresh = settings.cached();
      if (fresh) return fresh;
      const s = await readSettings(db);
      settingsCache = { s, at: Date.now() };
      return s;
    },
    async set(patch: Partial<Settings>) {
      await writeSettings(db, patch);
      settingsCache = null;
      await bus.publish(SETTINGS_CHANGED, {});
    },
  };
  let timeout = 480;
  const sessions = new SessionStore(db, bus, () => timeout);
  const refreshTimeout = async () => {
    timeout = (await settings.get()).tokenTimeout || 480;
  };
  await refreshTimeout();
  bus.subscribe(SETTINGS_CHANGED, () => void refreshTimeout().catch(() => {}));

  const ctx: AppContext = {
    db,
    dbHandle: opts.db,
    bus,
    sessions,
    authz: new AuthzCache(db, bus, opts.db.cache),
    storage: await storageOf(opts.dataDir),
    dataDir: opts.dataDir,
    options: { bcryptCost: 10, hostDist: null, ...opts.options },
    settings,
    log: app.log,
    routes: [],
    mail: opts.mail ?? null,
  };
  app.addHook('onRoute', (r) => {
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
      if (method === 'HEAD') continue;
      ctx.routes.push({
        method,
        url: r.url,
        config: (r.config ?? {}) as AppContext['routes'][number]['config'],
        schema: r.schema as AppContext['routes'][number]['schema'],
      });
    }
  });
  app.decorate('kp', ctx);
  app.decorateRequest('principal', undefined);
  app.decorateRequest('session', undefined);
  app.decorateRequest('token', undefined);
  const stopMaintenance = startMaintenance(db, {
    kind: opts.db.kind,
    onError: (err) => app.log.warn({ err }, 'maintenance pass failed'),
  });
  app.addHook('onClose', async () => {
    stopMaintenance();
    ctx.sessions.dispose();
    ctx.authz.dispose();
    await bus.close();
  });

  // Graceful shutdown (app.close(), SIGTERM in main.ts): Fastify stops listening, answers 503 to new
  // requests on open connections and waits for those under way. An answer still under way at close
  // carries "Connection: close": otherwise its keep-alive connection stays open after it (up to
  // keepAliveTimeout, 72 s) and close() — the process exit — waits for it.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Every answer's security headers — a JSON answer's set or the pages' and files' full one, by the type
  // sent (a header a route set itself stays) — and its request id.
  let pageHeaders = securityHeaders();
  const jsonHeaders = jsonSecurityHeaders(pageHeaders);
  // the pages' frame-src follows the administrator's allow-list of external hosts (worked out again on change)
  const refreshPageHeaders = async () => {
    const hosts = frameHostsOf(FRAME_HOSTS_FROM_ENV, (await settings.get()).externalLinkHosts ?? []);
    pageHeaders = securityHeaders(cspDirectives(hosts));
  };
  await refreshPageHeaders();
  bus.subscribe(SETTINGS_CHANGED, () => void refreshPageHeaders().catch(() => {}));
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.raw.headersSent) {
      const type = reply.getHeader('content-type');
      const security =
        typeof type === 'string' && type.startsWith('application/json') ? jsonHeaders : pageHeaders;
      for (const name in security) if (!reply.hasHeader(name)) reply.header(name, security[name]);
      reply.header('x-request-id', req.id);
      if (closing) reply.header('connection', 'close');
    }
    done(null, payload);
  });

  registerErrorHandling(app);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KP API',
        version: '1.1.0',
        description: 'Every answer is { code, msg, data }; code 200 is success.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  registerRequestClock(app);
  // X-Forwarded-For from a sender that is no trusted proxy: 503 naming TRUST_PROXY (issue 34)
  registerUntrustedProxyCheck(app, opts.trustProxy);
  // rate limits of login, unlock, ModifyPassword and codeCertificate, per address and global (issue 34)
  registerAttemptLimits(app);
  registerGuard(app);

  // The OpenAPI document: administrators only, and not served at all in production unless asked for.
  if (opts.apiDocs !== false)
    app.get('/api/docs', { config: { permission: { admin: true } }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  // The websocket plugin lives in a scope of its own with the one /websocket route: its per-request work
  // (an onRequest and an onResponse hook, a wrapper around every handler) then runs for that route only,
  // not on every API call. An upgrade asking for any other path is cut by the guard (config.upgrade).
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: 1024 * 1024 },
      preClose: closeSocketsOnShutdown,
    });
    await registerWebsocket(scope);
    app.decorate('websocketServer', scope.websocketServer);
  });
  for (const mod of routeModules) await app.register(mod);
  await registerStaticHost(app, ctx.options.hostDist);
  return app;
}

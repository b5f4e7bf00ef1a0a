import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { ApiCode } from '@kp/schema';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { AuthzCache } from './auth/authz';
import { registerGuard } from './auth/guard';
import './auth/route-config';
import { SessionStore } from './auth/sessions';
import { readSettings, type Settings, writeSettings } from './auth/settings';
import { createBus } from './bus/bus';
import type { AppContext, ServerOptions } from './context';
import type { Db } from './db/database';
import { startMaintenance } from './db/maintenance';
import { S3Storage, s3OptionsFromEnv } from './files/s3-storage';
import { type FileStorage, LocalDiskStorage } from './files/storage';
import { fail } from './http/envelope';
import { registerErrorHandling } from './http/errors';
import { routeModules } from './routes/index';
import { registerStaticHost } from './routes/static-host';
import { registerWebsocket } from './ws/websocket';

export interface BuildAppOptions {
  db: Db;
  /** Folder for files (uploads under <dataDir>/files). */
  dataDir: string;
  /** Fastify logger option (false in tests). */
  logger?: FastifyServerOptions['logger'];
  options?: Partial<ServerOptions>;
}

export const SETTINGS_CHANGED = 'settings.changed';

/** Where file bytes go: an S3-compatible store when FILE_STORAGE=s3 (docs/deploy.md), else the data folder. */
function storageOf(dataDir: string): FileStorage {
  const s3 = s3OptionsFromEnv();
  return s3 ? new S3Storage(s3) : new LocalDiskStorage(path.join(dataDir, 'files'));
}

/**
 * Builds the whole server on an open, migrated database. The caller owns `db` (close it after
 * `app.close()`). Used by main.ts and by tests (createTestApp).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
    // The spec spells paths in mixed case (/api/OAuth/GetUserCode beside /api/oauth/…, /api/File/Uploader/annex):
    // one registration answers every spelling, as the spec's back end does. Parameters keep their case.
    routerOptions: { maxParamLength: 500, caseSensitive: false },
    // Router-level refusals (a malformed URL, a path parameter over maxParamLength) in the envelope too.
    frameworkErrors: (err, _req, reply) => {
      const msg = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'path: 参数过长' : 'path: 地址格式错误';
      (reply as FastifyReply).code(200).send(fail(ApiCode.BAD_REQUEST, msg));
    },
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false } },
  });
  const db = opts.db.kysely;
  const bus = await createBus(opts.db.notifier, (err) => app.log.error({ err }, 'bus handler failed'));
  opts.db.cache.attach(bus);
  let settingsCache: { s: Settings; at: number } | null = null;
  bus.subscribe(SETTINGS_CHANGED, () => {
    settingsCache = null;
  });
  const settings = {
    async get() {
      if (settingsCache && Date.now() - settingsCache.at < 30_000) return settingsCache.s;
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
    authz: new AuthzCache(db, bus),
    storage: storageOf(opts.dataDir),
    dataDir: opts.dataDir,
    options: { bcryptCost: 10, hostDist: null, ...opts.options },
    settings,
    log: app.log,
    routes: [],
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

  registerErrorHandling(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 30 } });
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
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  registerGuard(app);

  app.get('/api/docs', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await registerWebsocket(app);
  for (const mod of routeModules) await app.register(mod);
  await registerStaticHost(app, ctx.options.hostDist);
  return app;
}

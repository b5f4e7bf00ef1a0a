import { ApiCode } from '@kp/schema';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError, MSG } from '../../http/api-error';
import { redeemDownloadCode, resourcePath } from './download-codes';
import type { Principal } from './principal';
import { type PermissionRule, SIGNED_IN_CHECKS } from './route-config';
import type { SessionInfo } from './sessions';
import { tokenFrom } from './tokens';

/**
 * The token of a request: the Authorization header only. A session token never travels in a URL;
 * links the browser opens by itself carry a download code instead (`?code=`, auth/download-codes.ts).
 */
export function requestToken(req: FastifyRequest): string | null {
  return tokenFrom(req.headers.authorization);
}

/**
 * The session a `?code=` download code stands for, on routes with config.tokenInQuery (else null). A code
 * is bound to one resource: it counts only on the path it was issued for (auth/download-codes.ts).
 */
async function sessionOfCode(app: FastifyInstance, req: FastifyRequest): Promise<SessionInfo | null> {
  if (!req.routeOptions.config?.tokenInQuery) return null;
  const code = ((req.query ?? {}) as Record<string, unknown>).code;
  if (typeof code !== 'string') return null;
  const id = await redeemDownloadCode(app.kp.db, code, resourcePath(req.url));
  return id ? app.kp.sessions.resolveId(id) : null;
}

/**
 * True when the principal satisfies the rule (administrators satisfy every menu and button rule).
 * No rule at all is refused (fail closed); a signedIn rule admits every principal, the route's
 * handler doing the object check it names.
 */
export function allows(p: Principal, rule: PermissionRule | undefined): boolean {
  if (!rule) return false;
  if (rule.signedIn) return !rule.admin && !rule.menu && !rule.button;
  if (rule.admin) return p.isAdministrator;
  if (rule.menu) {
    const grant = p.modules.get(rule.menu);
    if (!grant) return false;
    if (rule.button && !grant.buttons.has(rule.button)) return false;
    return true;
  }
  return false; // a button rule without its menu, or an empty rule: refuse
}

/**
 * Why a route's declaration is not acceptable (null when it is). Every route declares exactly one of
 * `auth: 'public'`, `permission: { menu[, button] }`, `permission: { admin: true }` or
 * `permission: { signedIn: <object check> }` (route-config.ts).
 */
export function declarationProblem(config: unknown): string | null {
  const c = (config ?? {}) as { auth?: unknown; permission?: PermissionRule };
  const p = c.permission;
  if (c.auth !== undefined && c.auth !== 'public')
    return `auth must be 'public' or absent, not ${String(c.auth)}`;
  if (c.auth === 'public') return p ? 'a public route declares no permission' : null;
  if (!p || typeof p !== 'object') return 'no permission declared (menu, admin, signedIn or auth: public)';
  const kinds = [p.menu !== undefined, p.admin !== undefined, p.signedIn !== undefined].filter(
    Boolean,
  ).length;
  if (kinds !== 1) return 'permission declares exactly one of menu, admin or signedIn';
  if (p.admin !== undefined && p.admin !== true) return 'permission.admin must be true';
  if (p.menu !== undefined && (typeof p.menu !== 'string' || !p.menu))
    return 'permission.menu must be a module code';
  if (p.button !== undefined && (p.menu === undefined || typeof p.button !== 'string' || !p.button))
    return 'permission.button needs permission.menu';
  if (p.signedIn !== undefined && !(SIGNED_IN_CHECKS as readonly string[]).includes(p.signedIn))
    return `permission.signedIn must be one of ${SIGNED_IN_CHECKS.join(', ')}`;
  return null;
}

/** Registers the start-up check: a route that declares no permission is refused (the server does not start). */
export function registerDeclarationCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (r: RouteOptions) => {
    const problem = declarationProblem(r.config);
    if (problem) {
      const methods = Array.isArray(r.method) ? r.method.join(',') : r.method;
      throw new Error(`route ${methods} ${r.url}: ${problem}`);
    }
  });
}

/** The refusal of a session (null: an unknown token) on a route declaring `cfg`, or null when it may call it. */
function sessionRefusal(s: SessionInfo | null, cfg: FastifyContextConfig): ApiError | null {
  if (!s) return new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
  if (s.endReason) {
    if (s.endReason === 'logout') return new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
    return new ApiError(ApiCode.TOKEN_KICKED, s.endReason === 'kicked' ? MSG.forcedOffline : MSG.tokenKicked);
  }
  if (s.expiresAt <= Date.now()) return new ApiError(ApiCode.TOKEN_EXPIRED, MSG.tokenExpired);
  if (s.locked && !cfg.allowLocked) return new ApiError(ApiCode.UNAUTHORIZED, MSG.screenLocked);
  return null;
}

/** Admits the request as `s` and `p` (null: the user is gone) when the route allows him; else the refusal. */
function admit(req: FastifyRequest, s: SessionInfo, p: Principal | null, cfg: FastifyContextConfig) {
  if (!p) return new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
  if (!allows(p, cfg.permission)) return new ApiError(ApiCode.FORBIDDEN, MSG.noPermission);
  req.session = s;
  req.principal = p;
  return null;
}

/**
 * The one place where requests are authenticated and authorised. Every route declares
 * `config: { auth: 'public' }` or `config: { permission }` (checked at registration: see
 * registerDeclarationCheck); a request to a route without a usable rule is refused.
 *
 * The same checks run on every request; when this process holds fresh copies of the token's session and
 * of its user's principal (SessionStore.cached, AuthzCache.cached: the copies every end, lock, grant or
 * user change drops, here and in every process) they run without a promise, else the lookups are awaited.
 */
export function registerGuard(app: FastifyInstance): void {
  registerDeclarationCheck(app);
  const slow = async (req: FastifyRequest, cfg: FastifyContextConfig, token: string | null) => {
    const bySession = token ? null : await sessionOfCode(app, req);
    if (cfg.auth === 'public') {
      // a public route that serves more to a session (file downloads) sees the code's live session
      if (bySession && !sessionRefusal(bySession, cfg)) req.session = bySession;
      return;
    }
    const { sessions, authz } = app.kp;
    if (!token && !bySession) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenMissing);
    const s = bySession ?? (token ? await sessions.resolve(token) : null);
    const refused = sessionRefusal(s, cfg) ?? admit(req, s!, await authz.get(s!.userId), cfg);
    if (refused) throw refused;
    await sessions.touch(s!);
  };
  app.addHook('onRequest', (req, reply, done) => {
    // An upgrade (the websocket plugin routes it like a request) to any route but /websocket, a missing
    // one included: the connection is cut, as no HTTP answer written on an upgraded socket ends it.
    if (Reflect.get(req.raw, 'upgrade') === true && (req.is404 || !req.routeOptions.config?.upgrade)) {
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (req.is404) return done();
    const cfg = req.routeOptions.config ?? {};
    const token = requestToken(req);
    if (token) req.token = token;
    if (token && cfg.auth !== 'public') {
      const { sessions, authz } = app.kp;
      const s = sessions.cached(token);
      const p = s && authz.cached(s.userId);
      if (s && p) {
        const refused = sessionRefusal(s, cfg) ?? admit(req, s, p, cfg);
        if (refused) return done(refused);
        const touched = sessions.touch(s);
        return touched ? void touched.then(() => done(), done) : done();
      }
    }
    slow(req, cfg, token).then(() => done(), done);
  });
}

/** The caller of a 'session' route (throws 602 if used on a public route without a session). */
export function me(req: FastifyRequest): Principal {
  if (!req.principal) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
  return req.principal;
}

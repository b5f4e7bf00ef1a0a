import { ApiCode } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, MSG } from '../http/api-error';
import type { Principal } from './principal';
import type { PermissionRule } from './route-config';
import { tokenFrom } from './tokens';

/** The token of a request: Authorization header; `?token=` only on routes with config.tokenInQuery. */
export function requestToken(req: FastifyRequest): string | null {
  const fromHeader = tokenFrom(req.headers.authorization);
  if (fromHeader) return fromHeader;
  if (req.routeOptions.config?.tokenInQuery) {
    const q = (req.query ?? {}) as Record<string, unknown>;
    return typeof q.token === 'string' ? tokenFrom(q.token) : null;
  }
  return null;
}

/** True when the principal satisfies the rule (administrators satisfy every menu and button rule). */
export function allows(p: Principal, rule: PermissionRule | undefined): boolean {
  if (!rule) return true;
  if (rule.admin && !p.isAdministrator) return false;
  if (rule.menu) {
    const grant = p.modules.get(rule.menu);
    if (!grant) return false;
    if (rule.button && !grant.buttons.has(rule.button)) return false;
  } else if (rule.button) return false; // a button rule without its menu cannot be checked: refuse
  return true;
}

/**
 * The one place where requests are authenticated and authorised. Every route declares
 * `config: { auth, permission }`; routes that declare nothing need a live session.
 */
export function registerGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const cfg = req.routeOptions.config ?? {};
    const token = requestToken(req);
    if (token) req.token = token;
    if (cfg.auth === 'public') return;
    const { sessions, authz } = app.kp;
    if (!token) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenMissing);
    const s = await sessions.resolve(token);
    if (!s) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
    if (s.endReason) {
      if (s.endReason === 'logout') throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
      throw new ApiError(
        ApiCode.TOKEN_KICKED,
        s.endReason === 'kicked' ? MSG.forcedOffline : MSG.tokenKicked,
      );
    }
    if (s.expiresAt <= Date.now()) throw new ApiError(ApiCode.TOKEN_EXPIRED, MSG.tokenExpired);
    if (s.locked && !cfg.allowLocked) throw new ApiError(ApiCode.UNAUTHORIZED, MSG.screenLocked);
    const p = await authz.get(s.userId);
    if (!p) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
    if (!allows(p, cfg.permission)) throw new ApiError(ApiCode.FORBIDDEN, MSG.noPermission);
    req.session = s;
    req.principal = p;
    await sessions.touch(s);
  });
}

/** The caller of a 'session' route (throws 602 if used on a public route without a session). */
export function me(req: FastifyRequest): Principal {
  if (!req.principal) throw new ApiError(ApiCode.TOKEN_INVALID, MSG.tokenInvalid);
  return req.principal;
}

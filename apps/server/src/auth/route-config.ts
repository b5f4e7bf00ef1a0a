import type { AppContext } from '../context';
import type { Principal } from './principal';
import type { SessionInfo } from './sessions';

/**
 * What a route needs, declared in its `config` and enforced by the one guard hook (auth/guard.ts):
 *  - auth: 'public' (no session) or 'session' (default when omitted: a live, unlocked session).
 *  - permission.menu: the module enCode the caller must be granted (e.g. 'permission.user').
 *  - permission.button: a button code of that module (e.g. 'btn_add'); needs menu.
 *  - permission.admin: only administrators.
 *  - allowLocked: also served while the screen is locked (CurrentUser, Logout, LockScreen).
 */
export interface PermissionRule {
  menu?: string;
  button?: string;
  admin?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'public' | 'session';
    permission?: PermissionRule;
    allowLocked?: boolean;
    /** Also accept the token as `?token=` (download links opened by the browser). */
    tokenInQuery?: boolean;
  }
  interface FastifyInstance {
    kp: AppContext;
  }
  interface FastifyRequest {
    /** Set by the guard on 'session' routes. */
    principal?: Principal;
    session?: SessionInfo;
    /** The raw bearer token of the request, when one was sent and valid in form. */
    token?: string;
  }
}

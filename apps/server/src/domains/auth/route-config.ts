import type { AppContext } from '../../context';
import type { Principal } from './principal';
import type { SessionInfo } from './sessions';

/**
 * The object check a route performs itself when every signed-in user may call it (the route's handler
 * applies it through auth/objects.ts). Naming it is the declaration: there is no "any session" default.
 *  - self: acts only on the caller's own account, settings or rows keyed by his user id.
 *  - owner: objects the caller created or owns (objects.isOwner); others' are refused or invisible.
 *  - participant: objects the caller takes part in (meeting attendee, chat conversation, flow party).
 *  - recipient: messages and notices addressed to the caller (objects.canReadOaItem / site messages).
 *  - handler: flow tasks the caller launched, handles, handled or is copied on (objects.isFlowParty),
 *    or flows he may launch.
 *  - audience: objects published to the caller (portals granted to his roles, notices and news sent to
 *    everyone or to him: objects.canUsePortal, objects.canReadOaItem).
 *  - scope: rows of a module the caller is granted, filtered by his data scope on it, or checked against
 *    the grant of the object's own menu (online forms, relations, staff files).
 *  - public-data: reference data every user of a form needs (dictionaries, regions, bill numbers,
 *    organisation and user pickers); it holds nothing private.
 */
export const SIGNED_IN_CHECKS = [
  'self',
  'owner',
  'participant',
  'recipient',
  'handler',
  'audience',
  'scope',
  'public-data',
] as const;
export type SignedInCheck = (typeof SIGNED_IN_CHECKS)[number];

/**
 * What a route needs, declared in its `config` and enforced by the one guard hook (auth/guard.ts).
 * Every route declares exactly one of (checked when the route is registered: start-up fails otherwise):
 *  - auth: 'public' (no session);
 *  - permission.menu (+ optional permission.button): the module enCode (e.g. 'permission.user') and
 *    a button code of it (e.g. 'btn_add') the caller must be granted;
 *  - permission.admin: only administrators;
 *  - permission.signedIn: any signed-in user, the handler performing the named object check.
 *  allowLocked: also served while the screen is locked (CurrentUser, Logout, LockScreen).
 */
export interface PermissionRule {
  menu?: string;
  button?: string;
  admin?: true;
  signedIn?: SignedInCheck;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'public';
    permission?: PermissionRule;
    allowLocked?: boolean;
    /** Also accept a download code as `?code=` (links the browser opens itself: auth/download-codes.ts). */
    tokenInQuery?: boolean;
    /** The route answers a websocket upgrade (/websocket); an upgrade asking for any other route is cut. */
    upgrade?: boolean;
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

import { WHITE_LIST } from '../config';

export interface GuardState {
  token: string;
  locked: boolean;
  /** CurrentUser fetched and menu routes built. */
  loaded: boolean;
  /** The user just logged out: go to a plain /login (no redirect back). */
  loggedOut?: boolean;
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** Fetch CurrentUser, build the menu routes, then retry the navigation. */
  | { kind: 'load' };

/** Paths that render without the user info (the lock screen re-authenticates by itself). */
const NO_LOAD = ['/lockScreen'];

/** The route guard of spec 1 §2.3 as a pure function of the wanted location and the session. */
export function decide(pathname: string, search: string, state: GuardState): GuardDecision {
  const query = new URLSearchParams(search);
  if (query.get('type') === 'sso') return { kind: 'pass' };
  if (!state.token) {
    if (WHITE_LIST.includes(pathname)) return { kind: 'pass' };
    if (state.loggedOut) return { kind: 'redirect', to: '/login' };
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(pathname + search)}` };
  }
  if (state.locked && pathname !== '/lockScreen') return { kind: 'redirect', to: '/lockScreen' };
  if (pathname === '/login') return { kind: 'redirect', to: '/' };
  if (!state.loaded && !NO_LOAD.includes(pathname)) return { kind: 'load' };
  return { kind: 'pass' };
}

/** Where to go after login: the redirect query if it is an in-app path, else /. */
export function redirectTarget(search: string): string {
  const r = new URLSearchParams(search).get('redirect');
  if (!r?.startsWith('/') || r.startsWith('//') || r.startsWith('/login')) return '/';
  return r;
}

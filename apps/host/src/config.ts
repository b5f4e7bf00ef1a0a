/** Constants of the shell (spec 1 §9). */
export const BASE_PATH = '/kpSystem/';
export const ROUTER_BASENAME = '/kpSystem';
/** Prefix of every locally stored key (spec 1 §3: "all keys carry a fixed product prefix"). */
export const STORAGE_PREFIX = 'jnpf_';
export const APP_VERSION = 'V1.1.0';
export const BADGE_MAX = 99;
export const TOP_MENU_ITEM_WIDTH = 116;
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const SETTINGS_DRAWER_WIDTH = 280;
export const MOBILE_BREAKPOINT = 992;
export const SUCCESS_MSG_SECONDS = 1;
export const ERROR_MSG_SECONDS = 1.5;
export const LAST_LOGIN_NOTICE_SECONDS = 2;
/** Scroll-to-top animation (spec 3 §9, 4 §9: 800 ms). */
export const BACK_TOP_MS = 800;
/** Fixed client credentials of the login form (spec 1 §7). */
export const CLIENT_ID = 'admin';
export const CLIENT_SECRET = '123456';
/** Value of the origin header and form field that marks the desktop (PC) client. */
export const CLIENT_ORIGIN = 'pc';
/** Paths a visitor without a token may open (spec 1 §2.3). */
export const WHITE_LIST = ['/login', '/auth-redirect', '/jump'];
/** Paths on which the first menu group opens by default (spec 1 §2.4). */
export const OPEN_FIRST_GROUP_PATHS = ['/home', '/dashboard', '/404'];

/** A timeout in ms from configuration: a positive number (capped at what setTimeout can wait), else `fallback`. */
export function timeoutSetting(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.round(n), 2_147_483_647) : fallback;
}
/** The request timeout the spec's configuration gives (spec 4 §9: "the API timeout as 1000000 ms"). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 1_000_000;
/**
 * Request timeouts (spec 1 §7, 4 §9): the default comes from configuration, never a fixed 60 s: the build
 * setting VITE_KP_REQUEST_TIMEOUT (ms) when given, else DEFAULT_REQUEST_TIMEOUT_MS. Third-party sync,
 * e-mail receive, data-authority and data-sync execute calls pass LONG_REQUEST_TIMEOUT_MS (100 s).
 */
export const REQUEST_TIMEOUT_MS = timeoutSetting(
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_KP_REQUEST_TIMEOUT,
  DEFAULT_REQUEST_TIMEOUT_MS,
);
export const LONG_REQUEST_TIMEOUT_MS = 100_000;

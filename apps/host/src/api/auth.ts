import type { CurrentUserInfo } from '@kp/schema';
import { CLIENT_ID, CLIENT_ORIGIN, CLIENT_SECRET } from '../config';
import { http } from './http';

export interface LoginResult {
  token: string;
  theme?: string;
}

export interface LoginInput {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
}

/** MD5 (spark-md5) loads with the first submit, not with the login page. */
const md5 = async (text: string) => (await import('../services/md5')).md5(text);

/** POST /api/oauth/Login, form-encoded, with the MD5 of the password (spec 1 §7). */
export async function login(input: LoginInput) {
  return http.post<LoginResult>(
    '/api/oauth/Login',
    {
      account: input.account.trim(),
      password: await md5(input.password),
      origin: CLIENT_ORIGIN,
      code: input.code ?? '',
      timestamp: input.timestamp ?? '',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      scope: 'all',
      grant_type: 'password',
    },
    { form: true },
  );
}

export const getCurrentUser = () =>
  http.get<CurrentUserInfo>('/api/oauth/CurrentUser', undefined, { silent: true });
export const logoutCall = () => http.get<unknown>('/api/oauth/Logout', undefined, { silent: true });
/** The key of input kept in this browser (refused while the screen is locked); DELETE replaces it. */
export const unsentKeyCall = () =>
  http.get<{ key: string }>('/api/oauth/UnsentKey', undefined, { silent: true });
export const dropUnsentKeyCall = () =>
  http.delete<unknown>('/api/oauth/UnsentKey', undefined, { silent: true });
/** POST /api/oauth/LockScreen without a password locks the session. */
export const lockScreenCall = () => http.post<{ locked: boolean }>('/api/oauth/LockScreen', {});
/** POST /api/oauth/LockScreen with account and MD5 password re-authenticates and unlocks. */
export const unlockScreenCall = async (account: string, password: string) =>
  http.post<{ locked: boolean }>(
    '/api/oauth/LockScreen',
    { account, password: await md5(password) },
    { silent: true },
  );

/** GET /api/system/sysconfig/sysLoginConfig: system name and login settings shown before login. */
export interface SysLoginConfig {
  sysName?: string;
  sysVersion?: string;
  enableVerificationCode?: number | boolean;
}
export const getSysLoginConfig = () =>
  http.get<SysLoginConfig>('/api/system/sysconfig/sysLoginConfig', undefined, { silent: true });

/** Login config for an account: whether a verification code is needed (GET /api/oauth/getConfig/{id}). */
export interface LoginConfig {
  enableVerificationCode?: boolean | number;
  verificationCodeNumber?: number;
}
export const getLoginConfig = (account: string) =>
  http.get<LoginConfig>(`/api/oauth/getConfig/${encodeURIComponent(account)}`, undefined, { silent: true });
/** Image address of the verification code for a timestamp (GET /api/oauth/Code/{id}). */
export const codeImageUrl = (timestamp: string) => `/api/oauth/Code/${timestamp}`;

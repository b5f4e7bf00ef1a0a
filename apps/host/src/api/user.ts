import { md5 } from '../services/md5';
import { http } from './http';

/** The current user's base information (GET/PUT /api/permission/Users/Current/BaseInfo). */
export interface BaseInfo {
  account?: string;
  realName?: string;
  gender?: string | number;
  mobilePhone?: string;
  email?: string;
  telePhone?: string;
  signature?: string;
  headIcon?: string;
  organize?: string;
  position?: string;
  [k: string]: unknown;
}

const BASE = '/api/permission/Users/Current';

export const getBaseInfo = () => http.get<BaseInfo>(`${BASE}/BaseInfo`);
export const updateBaseInfo = (data: BaseInfo) =>
  http.put<unknown>(`${BASE}/BaseInfo`, data, { showSuccess: true });
export const updateAvatar = (name: string) =>
  http.put<unknown>(`${BASE}/Avatar/${encodeURIComponent(name)}`, undefined, { showSuccess: true });
/** Passwords travel as MD5 hex, like the login. */
export const modifyPassword = (oldPassword: string, password: string) =>
  http.post<unknown>(
    `${BASE}/Actions/ModifyPassword`,
    { oldPassword: md5(oldPassword), password: md5(password) },
    { showSuccess: true },
  );
export const updateSystemTheme = (theme: string) =>
  http.put<unknown>(`${BASE}/SystemTheme`, { theme }, { showSuccess: true });
export const updateSystemLanguage = (language: string) =>
  http.put<unknown>(`${BASE}/SystemLanguage`, { language });
/** Upload base path of the avatar (upload base /api/file/Uploader plus the userAvatar kind). */
export const AVATAR_UPLOAD_URL = '/api/file/Uploader/userAvatar';

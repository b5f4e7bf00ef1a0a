import type { CurrentUserInfo, MenuEntry, PermissionEntry, SysConfigInfo, UserInfo } from '@kp/schema';
import type { MenuRoute } from '../router/menuRoutes';
import { createStore } from './createStore';
import { storage } from './storage';

export interface Session {
  token: string;
  /** True once CurrentUser was fetched and menu routes were built in this page load. */
  loaded: boolean;
  userInfo: UserInfo | null;
  menuList: MenuEntry[];
  /** Routes built from menuList (router/menuRoutes, loaded with the user info). */
  routes: MenuRoute[];
  permissionList: PermissionEntry[];
  sysConfig: Partial<SysConfigInfo>;
  /** Screen locked (stored as jnpf_lock = 1). */
  locked: boolean;
  /** Set by logout (the guard then sends to a plain /login); cleared by the next token. */
  loggedOut: boolean;
}

export const sessionStore = createStore<Session>({
  token: storage.get<string>('token', ''),
  loaded: false,
  userInfo: null,
  menuList: [],
  routes: [],
  permissionList: [],
  sysConfig: storage.get<Partial<SysConfigInfo>>('sysConfig', {}),
  locked: storage.get<number>('lock', 0) === 1,
  loggedOut: false,
});

export const getToken = (): string => sessionStore.get().token;

export function setToken(token: string): void {
  storage.set('token', token);
  sessionStore.set((s) => ({ ...s, token, loggedOut: false }));
}

export function setCurrentUser(info: CurrentUserInfo, routes: MenuRoute[]): void {
  storage.set('sysConfig', info.sysConfigInfo ?? {});
  sessionStore.set((s) => ({
    ...s,
    loaded: true,
    userInfo: info.userInfo,
    menuList: info.menuList ?? [],
    routes,
    permissionList: info.permissionList ?? [],
    sysConfig: info.sysConfigInfo ?? {},
  }));
}

/** Lock: stores 1; clearing removes the key (spec 1 §4). */
export function setLocked(locked: boolean): void {
  if (locked) storage.set('lock', 1);
  else storage.remove('lock');
  sessionStore.set((s) => ({ ...s, locked }));
}

/** Drops token, user info, menu and permissions (logout, session gone, failed user-info call). */
export function resetSession(loggedOut = false): void {
  storage.remove('token');
  storage.remove('lock');
  sessionStore.set((s) => ({
    ...s,
    token: '',
    loaded: false,
    userInfo: null,
    menuList: [],
    routes: [],
    permissionList: [],
    locked: false,
    loggedOut,
  }));
}

// @kp/server public API.

export { type BuildAppOptions, buildApp } from './app';
export type { Bus } from './bus/bus';
export { readConfig, type ServerConfig } from './config';
export type { AppContext, RouteInfo } from './context';
export { type Db, type DbTarget, openDatabase } from './db/database';
export { migrateToLatest } from './db/migrate';
export type { Database } from './db/types';
export { setUserPassword, unlockUser, writeLog } from './domains/auth/accounts';
export { AUTHZ_CHANGED, AuthzCache } from './domains/auth/authz';
export { allows, me, requestToken } from './domains/auth/guard';
export { newOneTimePassword } from './domains/auth/one-time-password';
export type { DataScope, ModuleGrant, Principal } from './domains/auth/principal';
export type { PermissionRule } from './domains/auth/route-config';
export { DEFAULT_SETTINGS, type Settings } from './domains/auth/settings';
export { scopeFilter, withDataScope } from './domains/permission/data-scope';
export { ApiError, MSG } from './http/api-error';
export { fail, ok } from './http/envelope';
export { startServer } from './server';
export { pushToUser, registerWsMethod } from './ws/websocket';

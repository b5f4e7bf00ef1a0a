// @kp/server public API.

export { type BuildAppOptions, buildApp } from './app';
export { defaultPasswordMd5, setUserPassword, unlockUser, writeLog } from './auth/accounts';
export { AUTHZ_CHANGED, AuthzCache } from './auth/authz';
export { allows, me, requestToken } from './auth/guard';
export type { DataScope, ModuleGrant, Principal } from './auth/principal';
export type { PermissionRule } from './auth/route-config';
export { DEFAULT_SETTINGS, type Settings } from './auth/settings';
export type { Bus } from './bus/bus';
export { readConfig, type ServerConfig } from './config';
export type { AppContext, RouteInfo } from './context';
export { type Db, type DbTarget, openDatabase } from './db/database';
export { migrateToLatest } from './db/migrate';
export type { Database } from './db/types';
export { ApiError, MSG } from './http/api-error';
export { fail, ok } from './http/envelope';
export { scopeFilter, withDataScope } from './permission/data-scope';
export { startServer } from './server';
export { pushToUser, registerWsMethod } from './ws/websocket';

import { type Static, Type } from '@sinclair/typebox';

/** POST /api/oauth/Login, form-encoded (spec 1 §7). password is the MD5 hex of the plain password. */
export const LoginBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'MD5 hex of the password' }),
  origin: Type.Optional(Type.String({ maxLength: 50 })),
  /** Captcha text, when the login settings require one. */
  code: Type.Optional(Type.String({ maxLength: 20 })),
  /** The id the captcha image was fetched with (GET /api/oauth/Code/{timestamp}). */
  timestamp: Type.Optional(Type.String({ maxLength: 100 })),
  client_id: Type.Optional(Type.String({ maxLength: 100 })),
  client_secret: Type.Optional(Type.String({ maxLength: 100 })),
  scope: Type.Optional(Type.String({ maxLength: 100 })),
  grant_type: Type.Optional(Type.String({ maxLength: 50 })),
});
export type LoginBody = Static<typeof LoginBody>;

/** Login data: the opaque token (send it as `Authorization: Bearer <token>`; bare also accepted). */
export const LoginData = Type.Object({ token: Type.String(), theme: Type.String() });
export type LoginData = Static<typeof LoginData>;

/**
 * POST /api/oauth/LockScreen. Without password: locks the session. With password (MD5 hex) and
 * optionally account: unlocks it after re-authenticating (data.locked says the state afterwards).
 */
export const LockScreenBody = Type.Object({
  account: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{32}$' })),
});
export type LockScreenBody = Static<typeof LockScreenBody>;
export const LockScreenData = Type.Object({ locked: Type.Boolean() });
export type LockScreenData = Static<typeof LockScreenData>;

/** GET /api/oauth/getConfig/{account}: what the login form needs for this account. */
export const LoginConfigData = Type.Object({
  enableVerificationCode: Type.Integer(),
  verificationCodeNumber: Type.Integer(),
  passwordErrorsNumber: Type.Integer(),
});
export type LoginConfigData = Static<typeof LoginConfigData>;

/** GET /api/system/sysconfig/sysLoginConfig. */
export const SysLoginConfigData = Type.Object({
  sysName: Type.String(),
  sysVersion: Type.String(),
  copyright: Type.String(),
  loginIcon: Type.String(),
  logoIcon: Type.String(),
  navigationIcon: Type.String(),
  loginBackground: Type.String(),
  enableVerificationCode: Type.Integer(),
  verificationCodeNumber: Type.Integer(),
});
export type SysLoginConfigData = Static<typeof SysLoginConfigData>;

export const LoginBackgroundData = Type.Object({ loginBackground: Type.String() });

/**
 * GET /api/oauth/GetUserCode?url=…: a one-time code (5 minutes) for one external link, bound to its app
 * (the link's origin); issued only for addresses the server handed out (menu links, the allow-list).
 */
export const UserCodeQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) });
export type UserCodeQuery = Static<typeof UserCodeQuery>;
export const UserCodeData = Type.Object({ code: Type.String() });
export type UserCodeData = Static<typeof UserCodeData>;

/** POST /api/oauth/UserCode/Redeem: the external app's server turns a code into the user, once. */
export const UserCodeRedeemBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  /** The app's origin (or any address on it): the code must have been issued for a link there. */
  app: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type UserCodeRedeemBody = Static<typeof UserCodeRedeemBody>;
export const UserCodeIdentity = Type.Object({
  userId: Type.String(),
  account: Type.String(),
  userName: Type.String(),
});
export type UserCodeIdentity = Static<typeof UserCodeIdentity>;

/**
 * POST /api/oauth/DownloadCode: a download code for one address (`url`, spent there), or a media code
 * with its key (the page derives one code per path: `<code>.<HMAC-SHA256(key, path)>`).
 */
export const DownloadCodeBody = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('download'), Type.Literal('media')])),
  /** The /api/… address the download code opens (required for a download code). */
  url: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type DownloadCodeBody = Static<typeof DownloadCodeBody>;
export const DownloadCodeData = Type.Object({
  code: Type.String(),
  expiresIn: Type.Integer(),
  key: Type.Optional(Type.String()),
});
export type DownloadCodeData = Static<typeof DownloadCodeData>;

/** Params with one id segment. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type IdParams = Static<typeof IdParams>;

import { ApiCode } from '@kp/schema';

/**
 * Throw this from a route or hook to answer `{ code, msg, data: null }`. Anything else thrown becomes
 * code 500 with a generic msg (and is logged).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    /** The msg in another language, for texts the catalogue cannot translate (a form's own labels). */
    readonly localized?: (lang: 'zh' | 'zhtw' | 'en') => string,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string) => new ApiError(ApiCode.BAD_REQUEST, msg);
export const forbidden = (msg = '暂无权限') => new ApiError(ApiCode.FORBIDDEN, msg);
export const notFound = (msg = '数据不存在') => new ApiError(ApiCode.NOT_FOUND, msg);
export const conflict = (msg: string) => new ApiError(ApiCode.CONFLICT, msg);

/** Texts the server answers (zh is the product language of the API; the client shows msg as given). */
export const MSG = {
  ok: '操作成功',
  loginOk: '登录成功',
  logoutOk: '注销成功',
  badCredentials: '账户或密码错误，请重新输入',
  accountLocked: '账号已被锁定，请联系管理员或稍后再试',
  accountDisabled: '账号已被禁用，请联系管理员',
  noMenu: '您的权限不足，请联系管理员',
  captchaWrong: '验证码错误',
  captchaRequired: '请输入验证码',
  tokenMissing: '登录过期,请重新登录',
  tokenExpired: '登录过期,请重新登录',
  tokenKicked: '您的账号已在其他地方登录或已被强制下线，请重新登录',
  tokenInvalid: '登录凭证无效，请重新登录',
  screenLocked: '屏幕已锁定，请解锁后继续',
  forcedOffline: '您已被管理员强制下线',
  noPermission: '暂无权限',
  notFound: '接口不存在',
  serverError: '系统繁忙，请稍后再试',
} as const;

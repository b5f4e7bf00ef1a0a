// Server messages: Log-in, sessions and accounts. See catalogue.ts for the rules of the catalogue.
import type { Message } from './message';

export const AUTH = {
  'auth.loginOk': { zh: '登录成功', zhtw: '登入成功', en: 'Logged in' },
  'auth.logoutOk': { zh: '注销成功', zhtw: '登出成功', en: 'Logged out' },
  'auth.badCredentials': {
    zh: '账户或密码错误，请重新输入',
    zhtw: '帳戶或密碼錯誤，請重新輸入',
    en: 'Wrong account or password, please try again',
  },
  'auth.accountLocked': {
    zh: '账号已被锁定，请联系管理员或稍后再试',
    zhtw: '帳號已被鎖定，請聯絡管理員或稍後再試',
    en: 'The account is locked; contact the administrator or try again later',
  },
  'auth.tooManyAttempts': {
    zh: '尝试次数过多，请{0}秒后再试',
    zhtw: '嘗試次數過多，請{0}秒後再試',
    en: 'Too many attempts; try again in {0} s',
  },
  'csp.badReport': {
    zh: 'CSP 报告格式不正确',
    zhtw: 'CSP 報告格式不正確',
    en: 'The CSP report is malformed',
  },
  'csp.tooMany': {
    zh: 'CSP 报告过于频繁，请稍后再试',
    zhtw: 'CSP 報告過於頻繁，請稍後再試',
    en: 'Too many CSP reports; please try again later',
  },
  'auth.hashingBusy': {
    zh: '登录请求过多，请稍后再试',
    zhtw: '登入請求過多，請稍後再試',
    en: 'Too many sign-in requests; please try again shortly',
  },
  'auth.untrustedProxy': {
    zh: '服务器前有未受信任的代理（请求带有 X-Forwarded-For）：请把代理的地址写入 TRUST_PROXY 后重启',
    zhtw: '伺服器前有未受信任的代理（請求帶有 X-Forwarded-For）：請把代理的位址寫入 TRUST_PROXY 後重新啟動',
    en: 'An untrusted proxy is in front of the server (the request carries X-Forwarded-For): put the proxy addresses in TRUST_PROXY and restart',
  },
  'auth.accountDisabled': {
    zh: '账号已被禁用，请联系管理员',
    zhtw: '帳號已被停用，請聯絡管理員',
    en: 'The account is disabled; contact the administrator',
  },
  'auth.accountDeleted': { zh: '账号已被删除', zhtw: '帳號已被刪除', en: 'The account was deleted' },
  'auth.noMenu': {
    zh: '您的权限不足，请联系管理员',
    zhtw: '您的權限不足，請聯絡管理員',
    en: 'Insufficient permissions; contact the administrator',
  },
  'auth.captchaWrong': { zh: '验证码错误', zhtw: '驗證碼錯誤', en: 'Wrong verification code' },
  'auth.captchaRequired': {
    zh: '请输入验证码',
    zhtw: '請輸入驗證碼',
    en: 'Please enter the verification code',
  },
  'auth.tokenExpired': {
    zh: '登录过期,请重新登录',
    zhtw: '登入過期,請重新登入',
    en: 'Login expired, please log in again',
  },
  'auth.tokenKicked': {
    zh: '您的账号已在其他地方登录或已被强制下线，请重新登录',
    zhtw: '您的帳號已在其他地方登入或已被強制下線，請重新登入',
    en: 'Your account logged in elsewhere or was forced offline; please log in again',
  },
  'auth.tokenInvalid': {
    zh: '登录凭证无效，请重新登录',
    zhtw: '登入憑證無效，請重新登入',
    en: 'Invalid login credentials; please log in again',
  },
  'auth.screenLocked': {
    zh: '屏幕已锁定，请解锁后继续',
    zhtw: '螢幕已鎖定，請解鎖後繼續',
    en: 'The screen is locked; unlock it to continue',
  },
  'auth.forcedOffline': {
    zh: '您已被管理员强制下线',
    zhtw: '您已被管理員強制下線',
    en: 'You were forced offline by an administrator',
  },
  'auth.passwordChanged': {
    zh: '密码已修改，请重新登录',
    zhtw: '密碼已修改，請重新登入',
    en: 'The password was changed; please log in again',
  },
  'auth.sessionLoginFailed': { zh: '登录Session失败', zhtw: '登入Session失敗', en: 'Session login failed' },
  'auth.dingNotConfigured': {
    zh: '未配置钉钉登录，请联系管理员',
    zhtw: '未配置釘釘登入，請聯絡管理員',
    en: 'DingTalk login is not configured; contact the administrator',
  },
  'auth.dingFailed': {
    zh: '钉钉登录失败，请重试',
    zhtw: '釘釘登入失敗，請重試',
    en: 'DingTalk login failed; please try again',
  },
  'auth.dingUnbound': {
    zh: '该钉钉账号未绑定系统用户，请联系管理员',
    zhtw: '該釘釘帳號未綁定系統使用者，請聯絡管理員',
    en: 'This DingTalk account is not bound to a user; contact the administrator',
  },
  'auth.qrTooMany': {
    zh: '二维码请求过于频繁，请稍后再试',
    zhtw: '二維碼請求過於頻繁，請稍後再試',
    en: 'Too many QR code requests; please try again later',
  },
  'auth.qrMissing': {
    zh: '二维码不存在或已失效',
    zhtw: '二維碼不存在或已失效',
    en: 'The QR code does not exist or is no longer valid',
  },
  'auth.qrExpired': {
    zh: '二维码已过期，请刷新',
    zhtw: '二維碼已過期，請重新整理',
    en: 'The QR code has expired; please refresh it',
  },
  'auth.qrNotScanned': { zh: '请先扫描二维码', zhtw: '請先掃描二維碼', en: 'Please scan the QR code first' },
  'auth.qrScannedByOther': {
    zh: '二维码已被其他用户扫描',
    zhtw: '二維碼已被其他使用者掃描',
    en: 'The QR code was scanned by another user',
  },
  'auth.qrUsed': {
    zh: '二维码已使用，请刷新',
    zhtw: '二維碼已使用，請重新整理',
    en: 'The QR code was already used; please refresh it',
  },
  'auth.linkBadUrl': {
    zh: '链接地址无效：只允许 http 或 https 地址',
    zhtw: '連結地址無效：只允許 http 或 https 地址',
    en: 'Invalid link address: only http or https addresses are allowed',
  },
  'auth.linkNotAllowed': {
    zh: '该链接地址不在允许的外部地址中',
    zhtw: '該連結地址不在允許的外部地址中',
    en: 'This link address is not among the allowed external addresses',
  },
  'auth.userCodeInvalid': {
    zh: '代码无效、已过期或已使用',
    zhtw: '代碼無效、已過期或已使用',
    en: 'The code is invalid, expired or already used',
  },
  'auth.downloadUrlRequired': {
    zh: '请指定下载地址',
    zhtw: '請指定下載地址',
    en: 'Please give the download address',
  },
  'auth.messageTypeRefused': {
    zh: '不支持的消息类型',
    zhtw: '不支援的訊息類型',
    en: 'This message type is not supported',
  },
} as const satisfies Record<string, Message>;

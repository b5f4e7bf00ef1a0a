import i18next, { type i18n } from 'i18next';
import { MSG } from './api-error';

/**
 * Server texts are written in Chinese (zh, the default language); these resources translate them for
 * zhtw and en. The key is the zh text itself. The language comes from the request's Accept-Language
 * (the host sends zh, zhtw or en). Texts without a translation are sent as written.
 */
const ZHTW: Record<string, string> = {
  [MSG.ok]: '操作成功',
  [MSG.loginOk]: '登錄成功',
  [MSG.logoutOk]: '註銷成功',
  [MSG.badCredentials]: '賬戶或密碼錯誤，請重新輸入',
  [MSG.accountLocked]: '賬號已被鎖定，請聯繫管理員或稍後再試',
  [MSG.accountDisabled]: '賬號已被禁用，請聯繫管理員',
  [MSG.noMenu]: '您的權限不足，請聯繫管理員',
  [MSG.captchaWrong]: '驗證碼錯誤',
  [MSG.captchaRequired]: '請輸入驗證碼',
  [MSG.tokenExpired]: '登錄過期,請重新登錄',
  [MSG.tokenKicked]: '您的賬號已在其他地方登錄或已被強制下線，請重新登錄',
  [MSG.tokenInvalid]: '登錄憑證無效，請重新登錄',
  [MSG.screenLocked]: '屏幕已鎖定，請解鎖後繼續',
  [MSG.forcedOffline]: '您已被管理員強制下線',
  [MSG.noPermission]: '暫無權限',
  [MSG.notFound]: '接口不存在',
  [MSG.serverError]: '系統繁忙，請稍後再試',
  上传成功: '上傳成功',
  强制下线成功: '強制下線成功',
  文件不存在: '文件不存在',
  '文件校验失败（MD5不一致），请重新上传': '文件校驗失敗（MD5不一致），請重新上傳',
  '密码已修改，请重新登录': '密碼已修改，請重新登錄',
  'ids：一次最多查询500个项目': 'ids：一次最多查詢500個項目',
  'ids：项目编号过长': 'ids：項目編號過長',
  仅限监控系统访问: '僅限監控系統訪問',
  '二维码请求过于频繁，请稍后再试': '二維碼請求過於頻繁，請稍後再試',
  二维码不存在或已失效: '二維碼不存在或已失效',
  '二维码已过期，请刷新': '二維碼已過期，請刷新',
  请先扫描二维码: '請先掃描二維碼',
  二维码已被其他用户扫描: '二維碼已被其他用戶掃描',
  '二维码已使用，请刷新': '二維碼已使用，請刷新',
  '未配置钉钉登录，请联系管理员': '未配置釘釘登錄，請聯繫管理員',
  '钉钉登录失败，请重试': '釘釘登錄失敗，請重試',
  '该钉钉账号未绑定系统用户，请联系管理员': '該釘釘賬號未綁定系統用戶，請聯繫管理員',
  'totalSize: 已上传的分片超过文件大小': 'totalSize: 已上傳的分片超過文件大小',
  'file: 未完成的分片上传超过1024MB，请先完成或等待清理后再上传':
    'file: 未完成的分片上傳超過1024MB，請先完成或等待清理後再上傳',
  'url: 参数改变了接口路径': 'url: 參數改變了接口路徑',
  'sidx: 无权查看该字段': 'sidx: 無權查看該字段',
};
const EN: Record<string, string> = {
  [MSG.ok]: 'Success',
  [MSG.loginOk]: 'Logged in',
  [MSG.logoutOk]: 'Logged out',
  [MSG.badCredentials]: 'Wrong account or password, please try again',
  [MSG.accountLocked]: 'The account is locked; contact the administrator or try again later',
  [MSG.accountDisabled]: 'The account is disabled; contact the administrator',
  [MSG.noMenu]: 'Insufficient permissions; contact the administrator',
  [MSG.captchaWrong]: 'Wrong verification code',
  [MSG.captchaRequired]: 'Please enter the verification code',
  [MSG.tokenExpired]: 'Login expired, please log in again',
  [MSG.tokenKicked]: 'Your account logged in elsewhere or was forced offline; please log in again',
  [MSG.tokenInvalid]: 'Invalid login credentials; please log in again',
  [MSG.screenLocked]: 'The screen is locked; unlock it to continue',
  [MSG.forcedOffline]: 'You were forced offline by an administrator',
  [MSG.noPermission]: 'No permission',
  [MSG.notFound]: 'No such API',
  [MSG.serverError]: 'The system is busy, please try again later',
  上传成功: 'Uploaded',
  强制下线成功: 'Forced offline',
  文件不存在: 'The file does not exist',
  '文件校验失败（MD5不一致），请重新上传': 'File check failed (MD5 mismatch); please upload again',
  '密码已修改，请重新登录': 'The password was changed; please log in again',
  'ids：一次最多查询500个项目': 'ids: at most 500 projects at a time',
  'ids：项目编号过长': 'ids: a project id is too long',
  仅限监控系统访问: 'Only the monitoring system may read this',
  '二维码请求过于频繁，请稍后再试': 'Too many QR code requests; please try again later',
  二维码不存在或已失效: 'The QR code does not exist or is no longer valid',
  '二维码已过期，请刷新': 'The QR code has expired; please refresh it',
  请先扫描二维码: 'Please scan the QR code first',
  二维码已被其他用户扫描: 'The QR code was scanned by another user',
  '二维码已使用，请刷新': 'The QR code was already used; please refresh it',
  '未配置钉钉登录，请联系管理员': 'DingTalk login is not configured; contact the administrator',
  '钉钉登录失败，请重试': 'DingTalk login failed; please try again',
  '该钉钉账号未绑定系统用户，请联系管理员':
    'This DingTalk account is not bound to a user; contact the administrator',
  'totalSize: 已上传的分片超过文件大小': 'totalSize: the chunks uploaded exceed the file size',
  'file: 未完成的分片上传超过1024MB，请先完成或等待清理后再上传':
    'file: unfinished chunked uploads exceed 1024 MB; finish them or wait for the clean-up first',
  'url: 参数改变了接口路径': 'url: a parameter changed the interface path',
  'sidx: 无权查看该字段': 'sidx: you may not see this field',
};

let instance: i18n | null = null;
function server(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: 'zh',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    resources: { zhtw: { translation: ZHTW }, en: { translation: EN } },
  });
  return instance;
}

/** zh | zhtw | en from an Accept-Language value (zh-TW, zh-HK count as zhtw; anything English as en). */
export function languageOf(header: string | undefined): 'zh' | 'zhtw' | 'en' {
  const h = (header ?? '').toLowerCase().trim();
  if (h.startsWith('zhtw') || h.startsWith('zh-tw') || h.startsWith('zh-hk') || h.startsWith('zh-hant'))
    return 'zhtw';
  if (h.startsWith('en')) return 'en';
  return 'zh';
}

export function translate(text: string, lang: 'zh' | 'zhtw' | 'en'): string {
  if (lang === 'zh' || !text) return text;
  return server().t(text, { lng: lang, defaultValue: text }) as string;
}

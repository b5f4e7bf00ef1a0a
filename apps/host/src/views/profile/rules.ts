/** Password: 6-16 letters and digits with both kinds (6-16位字符的密码（数字和字母组成）). */
export const PASSWORD_RE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/;
/** Phone: 1, then 3 to 9, then 9 digits (请正确输入您的手机号). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** E-mail (请正确输入您的邮箱地址). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

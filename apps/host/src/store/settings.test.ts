import { describe, expect, it } from 'vitest';
import { fromBrowserLanguage } from '../i18n';
import en from '../i18n/en';
import zh from '../i18n/zh';
import zhtw from '../i18n/zhtw';
import { applyCounts } from '../services/socket';
import { badgeText, countsStore, decrement } from './counts';
import {
  DEFAULT_SETTINGS,
  normaliseLayout,
  primaryColor,
  setSetting,
  settingsStore,
  THEME_COLORS,
} from './settings';

describe('settings (spec 1 §3)', () => {
  it('has the defaults of the spec', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      layoutType: 'classic',
      slideClass: 'dark',
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
    });
    expect(Object.keys(THEME_COLORS)).toEqual([
      'blue',
      'purple',
      'azure',
      'ocean',
      'green',
      'yellow',
      'orange',
      'red',
    ]);
    expect(primaryColor(DEFAULT_SETTINGS)).toBe('#1890ff');
  });
  it('falls back to classic for a login theme that is not a layout', () => {
    expect(normaliseLayout('blend')).toBe('blend');
    expect(normaliseLayout('purple')).toBe('classic');
    expect(normaliseLayout(undefined)).toBe('classic');
  });
  it('persists under the jnpf_ prefix', () => {
    setSetting('layoutType', 'plain');
    expect(localStorage.getItem('jnpf_layoutType')).toBe('"plain"');
    expect(settingsStore.get().layoutType).toBe('plain');
    setSetting('sidebarStatus', 0);
    expect(localStorage.getItem('jnpf_sidebarStatus')).toBe('0');
  });
});

describe('languages', () => {
  it('maps browser languages', () => {
    expect(fromBrowserLanguage('zh-CN')).toBe('zh');
    expect(fromBrowserLanguage('zh-TW')).toBe('zhtw');
    expect(fromBrowserLanguage('zh-Hant-HK')).toBe('zhtw');
    expect(fromBrowserLanguage('en-GB')).toBe('en');
    expect(fromBrowserLanguage('fr-FR')).toBeNull();
  });
  it('has the same keys in zh, zhtw and en, and the spec texts', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(zhtw)).toEqual(keys(zh));
    expect(keys(en)).toEqual(keys(zh));
    expect([
      zh.common.switchLanguageSuccess,
      zhtw.common.switchLanguageSuccess,
      en.common.switchLanguageSuccess,
    ]).toEqual(['切换成功', '切換成功', 'Switch Language Success']);
    expect(zh.common.requestError).toBe('请求出错，请重试');
    expect(zh.nav.logoutConfirm).toBe('您确定要退出应用程序吗?');
    expect(zh.socket.expired).toBe('登录过期,请重新登录');
    expect(zh.profile.passwordRule).toBe('6-16位字符的密码（数字和字母组成）');
  });
});

describe('badge counts', () => {
  it('takes initMessage and messagePush, caps the text at 99 and never goes below 0', () => {
    applyCounts({
      method: 'initMessage',
      dealtCount: 120,
      consultCount: 2,
      unreadNums: { a: 1, b: 2 },
      unreadMessageCount: 3,
      unreadNoticeCount: 4,
    });
    expect(countsStore.get()).toEqual({ todo: 120, toRead: 2, chat: 3, notice: 4 });
    expect(badgeText(countsStore.get().todo)).toBe('99+');
    applyCounts({ method: 'messagePush', unreadNoticeCount: 7 });
    expect(countsStore.get().notice).toBe(7);
    for (let i = 0; i < 5; i++) decrement('toRead');
    expect(countsStore.get().toRead).toBe(0);
  });
});

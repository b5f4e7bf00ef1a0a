import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * System settings kept in sys_config (key -> JSON value), with their defaults. Read through
 * `ctx.settings.get()` (cached; `ctx.settings.set()` writes and tells every process).
 */
export const DEFAULT_SETTINGS = {
  sysName: '建管佳',
  sysVersion: 'V1.1.0',
  copyright: 'Copyright © 建管集团 信息管理部',
  sysAuthor: '信息管理部',
  sysProducer: '建管集团',
  logoIcon: '',
  navigationIcon: '',
  loginIcon: '',
  loginBackground: '',
  /** Captcha on the login form (JNPF enableVerificationCode: 0 off, 1 on). */
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  /** Failed logins in a row before the account locks. */
  passwordErrorsNumber: 5,
  /** Minutes a locked account stays locked; 0: until an administrator unlocks it. */
  lockTime: 10,
  /** Minutes of inactivity before a session expires (sliding). */
  tokenTimeout: 480,
  /** 1: several sessions per user allowed; 2: a new login ends the user's other sessions (601). */
  singleLogin: 1,
  /**
   * Origins (http(s)://host[:port]) external links may point to beyond the menus' own links: type-5 site
   * messages, /external pages, the mailbox. A one-time user code is issued only for these (auth/link-codes.ts).
   */
  externalLinkHosts: [] as string[],
};
export type Settings = typeof DEFAULT_SETTINGS;

export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).execute();
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) {
    if (!(r.key in DEFAULT_SETTINGS)) continue;
    try {
      out[r.key] = JSON.parse(r.value);
    } catch {
      /* a broken value keeps its default */
    }
  }
  return out as Settings;
}

export async function writeSettings(db: Kysely<Database>, patch: Partial<Settings>): Promise<void> {
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in DEFAULT_SETTINGS)) continue;
    const text = JSON.stringify(value);
    await db
      .insertInto('sys_config')
      .values({ key, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute();
  }
}

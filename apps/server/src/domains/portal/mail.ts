// Mail (spec 1 §7: Dashboard/Email, email/EmailCount; the /emailDetail page). Mail lives outside this
// product (a mail server, Exchange, a company mail system): the server reaches it through a MailProvider.
// None is configured by default; then the list is empty, the counts are zero and one mail answers
// 未配置邮件服务 (localized) instead of a 404.
import { ApiCode } from '@kp/schema';
import { ApiError } from '../../http/api-error';
import { sanitizeRich } from '../message/rich-text';

/**
 * Who asks: the signed-in user, by the immutable user id and the account (a provider maps them to a
 * mailbox). Never by the user's e-mail field: that is data, not identity (it was self-set and not unique).
 */
export interface MailUser {
  userId: string;
  account: string;
}

export interface MailSummary {
  id: string;
  subject: string;
  from: string;
  /** Sent/received time, ms since the epoch. */
  time: number;
  read: boolean;
}

export interface Mail extends MailSummary {
  to: string[];
  /** The body as the provider gives it (HTML); the route sanitises it before answering. */
  body: string;
}

/** A source of the signed-in user's mail. Every call is about that user's own mailbox only. */
export interface MailProvider {
  /** The user's latest mails, newest first, at most `limit`. */
  latest(user: MailUser, limit: number): Promise<MailSummary[]>;
  count(user: MailUser): Promise<{ count: number; unreadCount: number }>;
  /** One mail of the user's mailbox; null when there is none with that id in it (another user's mail too). */
  get(user: MailUser, id: string): Promise<Mail | null>;
}

export const MAIL_TEXT = {
  notConfigured: '未配置邮件服务',
  notFound: '邮件不存在或无权查看',
} as const;

export const mailNotConfigured = () => new ApiError(ApiCode.BAD_REQUEST, MAIL_TEXT.notConfigured);
export const mailNotFound = () => new ApiError(ApiCode.NOT_FOUND, MAIL_TEXT.notFound);

/** A mail as answered: the body sanitised like every rich text of the product (no scripts, no handlers). */
export const mailAnswer = (m: Mail) => ({
  id: m.id,
  subject: m.subject,
  from: m.from,
  to: m.to,
  time: m.time,
  read: m.read,
  body: sanitizeRich(m.body),
});

/** Factories of the providers this build knows, by MAIL_PROVIDER name (none built in yet). */
export type MailProviderFactory = (env: NodeJS.ProcessEnv) => MailProvider;

/**
 * The provider named by MAIL_PROVIDER: unset, empty or `none` is no provider; a name `factories` does not
 * know stops the server at start (a typo must not silently hide everyone's mail).
 */
export function mailProviderFromEnv(
  env: NodeJS.ProcessEnv,
  factories: Record<string, MailProviderFactory> = {},
): MailProvider | null {
  const name = (env.MAIL_PROVIDER ?? '').trim();
  if (!name || name === 'none') return null;
  const make = factories[name];
  if (!make) throw new Error(`MAIL_PROVIDER: unknown mail provider "${name}"`);
  return make(env);
}

/** In-memory provider (tests, demos): mails kept per owner account. */
export class MemoryMailProvider implements MailProvider {
  constructor(private readonly mails: (Mail & { owner: string })[]) {}
  private own(user: MailUser) {
    return this.mails.filter((m) => m.owner === user.account).sort((a, b) => b.time - a.time);
  }
  async latest(user: MailUser, limit: number): Promise<MailSummary[]> {
    return this.own(user)
      .slice(0, limit)
      .map(({ id, subject, from, time, read }) => ({ id, subject, from, time, read }));
  }
  async count(user: MailUser) {
    const own = this.own(user);
    return { count: own.length, unreadCount: own.filter((m) => !m.read).length };
  }
  async get(user: MailUser, id: string): Promise<Mail | null> {
    const m = this.own(user).find((x) => x.id === id);
    if (!m) return null;
    const { owner: _owner, ...mail } = m;
    return mail;
  }
}

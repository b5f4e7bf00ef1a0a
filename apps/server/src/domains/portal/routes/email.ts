import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { type MailUser, mailAnswer, mailNotConfigured, mailNotFound } from '../mail';

const tags = ['dashboard'];
/** How many mails the home widget shows. */
const LATEST = 10;

/**
 * Mail (spec 1 §7 Dashboard/Email, email/EmailCount; the /emailDetail page), through the configured
 * MailProvider (ctx.mail, ../mail.ts). Without one: an empty list, zero counts, and one mail answers
 * 未配置邮件服务. GET /api/Bussiness/email/{id} is ours (the spec names no path for one mail). A user
 * only ever reaches their own mailbox: another user's mail id answers 邮件不存在或无权查看.
 */
export default async function emailRoutes(app: FastifyInstance) {
  const ctx = app.kp;

  // the mailbox is the user's by id and account, never by the e-mail field (issue 34)
  const mailUser = async (req: FastifyRequest): Promise<MailUser> => {
    const p = me(req);
    return { userId: p.userId, account: p.account };
  };

  app.get(
    '/api/visualdev/Dashboard/Email',
    { config: { permission: { signedIn: 'self' } }, schema: { tags } },
    async (req) => {
      if (!ctx.mail) return ok({ list: [] });
      const list = await ctx.mail.latest(await mailUser(req), LATEST);
      return ok({
        list: list.map((m) => ({
          id: m.id,
          fullName: m.subject,
          from: m.from,
          creatorTime: m.time,
          read: m.read,
        })),
      });
    },
  );
  app.get(
    '/api/Bussiness/email/EmailCount',
    { config: { permission: { signedIn: 'self' } }, schema: { tags } },
    async (req) => ok(ctx.mail ? await ctx.mail.count(await mailUser(req)) : { count: 0, unreadCount: 0 }),
  );
  app.get(
    '/api/Bussiness/email/:id',
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags,
        summary: 'One mail of the caller’s mailbox',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
    },
    async (req) => {
      if (!ctx.mail) throw mailNotConfigured();
      const mail = await ctx.mail.get(await mailUser(req), (req.params as { id: string }).id);
      if (!mail) throw mailNotFound();
      return ok(mailAnswer(mail));
    },
  );
}

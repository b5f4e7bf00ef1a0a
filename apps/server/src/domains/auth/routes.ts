import {
  ApiCode,
  DownloadCodeBody,
  IdParams,
  LockScreenBody,
  type LockScreenData,
  LoginBody,
  type LoginConfigData,
  type LoginData,
  type UserCodeData,
  UserCodeQuery,
  UserCodeRedeemBody,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, MSG } from '../../http/api-error';
import { ok, sendJsonText } from '../../http/envelope';
import { finishLogin } from '../login/finish';
import { writeLog } from './accounts';
import { captchaSvg, randomCode } from './captcha';
import { checkCredentials, dummyHash } from './credentials';
import { currentUserAnswer, keptAnswer } from './current-user';
import { downloadCodeFor } from './download-codes';
import { me } from './guard';
import { redeemIdentity, userCodeFor } from './link-codes';
import { sha256 } from './tokens';

/** Account + password check with lockout per account and address (auth/credentials.ts). */
export { checkCredentials } from './credentials';

async function checkCaptcha(ctx: AppContext, id: string | undefined, code: string | undefined) {
  if (!code || !id) throw new ApiError(ApiCode.BAD_REQUEST, MSG.captchaRequired);
  const row = await ctx.db
    .deleteFrom('captcha')
    .where('id', '=', id)
    .returning(['code_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now() || row.code_hash !== sha256(code.trim())) {
    throw new ApiError(ApiCode.BAD_REQUEST, MSG.captchaWrong);
  }
}

export default async function oauthRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  // computed up front, so even the first unknown account costs what a known one does
  await dummyHash(ctx.options.bcryptCost);

  app.post(
    '/api/oauth/Login',
    {
      config: { auth: 'public' },
      schema: { tags: ['oauth'], summary: 'Log in (form-encoded)', body: LoginBody },
    },
    async (req) => {
      const body = req.body as LoginBody;
      const s = await ctx.settings.get();
      if (s.enableVerificationCode) await checkCaptcha(ctx, body.timestamp, body.code);
      const check = await checkCredentials(ctx, body.account, body.password, req.ip);
      if (!check.ok) {
        await writeLog(ctx, {
          category: 'login',
          account: body.account,
          ip: req.ip,
          success: false,
          msg: check.msg,
        });
        throw new ApiError(check.code, check.msg);
      }
      // The rest (menu check, previous login kept, single-login policy, session, log) is every channel's.
      const data: LoginData = await finishLogin(ctx, req, check.userId, {
        device: body.origin === 'password' || !body.origin ? 'pc' : body.origin,
        weak: check.weak,
      });
      return ok(data, MSG.loginOk);
    },
  );

  app.get(
    '/api/oauth/CurrentUser',
    {
      config: { permission: { signedIn: 'self' }, allowLocked: true },
      schema: { tags: ['oauth'], summary: 'Menus, permissions, user and system info' },
    },
    (req, reply) => sendJsonText(reply, keptAnswer(ctx, req), () => currentUserAnswer(ctx, req)),
  );

  app.get(
    '/api/oauth/Logout',
    { config: { permission: { signedIn: 'self' }, allowLocked: true }, schema: { tags: ['oauth'] } },
    async (req) => {
      const p = me(req);
      await ctx.sessions.end(req.session!.id, 'logout', MSG.tokenExpired);
      await writeLog(ctx, {
        category: 'logout',
        userId: p.userId,
        account: p.account,
        ip: req.ip,
        success: true,
      });
      return ok(null, MSG.logoutOk);
    },
  );

  app.post(
    '/api/oauth/LockScreen',
    {
      config: { permission: { signedIn: 'self' }, allowLocked: true },
      schema: { tags: ['oauth'], summary: 'Lock (no password) or unlock (password)', body: LockScreenBody },
    },
    async (req) => {
      const body = (req.body ?? {}) as LockScreenBody;
      const p = me(req);
      if (!body.password) {
        await ctx.sessions.setLocked(req.session!.id, true);
        return ok<LockScreenData>({ locked: true });
      }
      if (body.account && body.account !== p.account)
        throw new ApiError(ApiCode.UNAUTHORIZED, MSG.badCredentials);
      const check = await checkCredentials(ctx, p.account, body.password, req.ip);
      if (!check.ok) throw new ApiError(check.code, check.msg);
      await ctx.sessions.setLocked(req.session!.id, false);
      return ok<LockScreenData>({ locked: false });
    },
  );

  app.get(
    '/api/oauth/Code/:id',
    {
      config: { auth: 'public' },
      schema: { tags: ['oauth'], summary: 'Captcha image (SVG)', params: IdParams },
    },
    async (req, reply) => {
      const { id } = req.params as IdParams;
      const s = await ctx.settings.get();
      const code = randomCode(Math.min(Math.max(s.verificationCodeNumber, 3), 6));
      await ctx.db.deleteFrom('captcha').where('expires_at', '<', new Date()).execute();
      await ctx.db
        .insertInto('captcha')
        .values({ id, code_hash: sha256(code), expires_at: new Date(Date.now() + 5 * 60_000) })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ code_hash: sha256(code), expires_at: new Date(Date.now() + 5 * 60_000) }),
        )
        .execute();
      reply.header('cache-control', 'no-store').type('image/svg+xml');
      return captchaSvg(code);
    },
  );

  app.get(
    '/api/oauth/getConfig/:id',
    {
      config: { auth: 'public' },
      schema: { tags: ['oauth'], summary: 'Login settings for an account', params: IdParams },
    },
    async () => {
      const s = await ctx.settings.get();
      const data: LoginConfigData = {
        enableVerificationCode: s.enableVerificationCode ? 1 : 0,
        verificationCodeNumber: s.verificationCodeNumber,
        passwordErrorsNumber: s.passwordErrorsNumber,
      };
      return ok(data);
    },
  );

  // A code for a link the browser opens itself (download, image, PDF preview) instead of the token, bound
  // to one resource: kind 'download' (default) opens the address `url` once within a minute; 'media' comes
  // with a key from which the page derives one code per path, each reusable for three minutes
  // (auth/download-codes.ts). The session token is never put in a URL.
  app.post(
    '/api/oauth/DownloadCode',
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags: ['oauth'],
        summary: 'Short-lived code for one download or preview address (?code=)',
        body: { ...DownloadCodeBody, nullable: true },
      },
    },
    async (req) => ok(await downloadCodeFor(ctx.db, req.session!.id, (req.body ?? {}) as DownloadCodeBody)),
  );

  // A one-time code for one external link (spec 1 §7): only for an address the server handed out (menu
  // links, the administrator's allow-list), bound to its app; never the session token (auth/link-codes.ts).
  app.get(
    '/api/oauth/GetUserCode',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags: ['oauth'], summary: 'One-time code for one external link', querystring: UserCodeQuery },
    },
    async (req) => {
      const { url } = req.query as UserCodeQuery;
      const code = await userCodeFor(ctx, me(req), url, req.headers.host ?? '');
      return ok<UserCodeData>({ code });
    },
  );

  // The external app's server turns a user code into the user, once (a second call is refused).
  app.post(
    '/api/oauth/UserCode/Redeem',
    {
      config: { auth: 'public' },
      schema: { tags: ['oauth'], summary: 'Redeem a user code (server to server)', body: UserCodeRedeemBody },
    },
    async (req) => {
      const { code, app: target } = req.body as UserCodeRedeemBody;
      return ok(await redeemIdentity(ctx, code, target));
    },
  );
}

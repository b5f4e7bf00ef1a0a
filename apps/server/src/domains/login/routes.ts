// Sign-in channels besides the password (spec 1 §7): scan-to-log-in and DingTalk login.
//   GET  /api/oauth/codeCertificate                     public: a new QR certificate {id, ticket, expiresIn}
//   GET  /api/oauth/codeCertificateStatus/{id}?ticket=  public (the ticket is the check): {status[, token, theme]}
//   POST /api/oauth/codeCertificate/{id}/Scan|Confirm|Cancel   the signed-in phone's steps (its own user)
//   POST /api/oauth/loginByDingCode {code}              public: DingTalk's one-time code → a session
//   GET  /api/common/encoded/get?kind=download&url=…|kind=media   the encoded credential a link the browser
//        opens carries instead of the session token, bound to one resource (auth/download-codes.ts; the same
//        as POST /api/oauth/DownloadCode)
import { ApiCode } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { downloadCodeFor } from '../auth/download-codes';
import { me } from '../auth/guard';
import { DING_MSG, dingTalkFromEnv, userOfExternal } from './dingtalk';
import { finishLogin } from './finish';
import { advanceCertificate, certificateStatus, createCertificate } from './scan';

const tags = ['oauth'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const StepParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  step: Type.Union([Type.Literal('Scan'), Type.Literal('Confirm'), Type.Literal('Cancel')]),
});
const TicketQuery = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 128 }) });
const DingBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 512 }) });
const EncodedQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('download'), Type.Literal('media')])),
  /** The address a download code opens (required for kind download). */
  url: Type.Optional(Type.String({ maxLength: 2000 })),
});

export default async function loginChannelRoutes(app: FastifyInstance) {
  const ctx = app.kp;

  app.get(
    '/api/oauth/codeCertificate',
    { config: { auth: 'public' }, schema: { tags, summary: 'A scan-to-log-in certificate' } },
    async (req) => ok(await createCertificate(ctx, req.ip)),
  );

  app.get<{ Params: { id: string }; Querystring: { ticket: string } }>(
    '/api/oauth/codeCertificateStatus/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Status of a scan-to-log-in certificate',
        params: IdParams,
        querystring: TicketQuery,
      },
    },
    async (req) => ok(await certificateStatus(ctx, req, req.params.id, req.query.ticket)),
  );

  app.post<{ Params: { id: string; step: 'Scan' | 'Confirm' | 'Cancel' } }>(
    '/api/oauth/codeCertificate/:id/:step',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Scan, confirm or cancel a scan-to-log-in certificate', params: StepParams },
    },
    async (req) => {
      const step = req.params.step.toLowerCase() as 'scan' | 'confirm' | 'cancel';
      return ok(await advanceCertificate(ctx, req.params.id, me(req).userId, step));
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/oauth/loginByDingCode',
    { config: { auth: 'public' }, schema: { tags, summary: 'Log in with a DingTalk code', body: DingBody } },
    async (req) => {
      const provider = dingTalkFromEnv();
      if (!provider) throw new ApiError(ApiCode.BAD_REQUEST, DING_MSG.notConfigured);
      const who = await provider.userOfCode(req.body.code);
      const userId = await userOfExternal(ctx, provider.name, who);
      return ok(await finishLogin(ctx, req, userId, { device: 'dingtalk' }));
    },
  );

  app.get<{ Querystring: { kind?: 'download' | 'media'; url?: string } }>(
    '/api/common/encoded/get',
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags: ['file'],
        summary: 'A short-lived code for download and preview links',
        querystring: EncodedQuery,
      },
    },
    async (req) => ok(await downloadCodeFor(ctx.db, req.session!.id, req.query)),
  );
}

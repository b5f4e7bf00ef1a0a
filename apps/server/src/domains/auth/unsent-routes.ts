// /api/oauth/UnsentKey: the key of the caller's input kept in his browser (unsent-key.ts). Not served while the
// screen is locked (the guard refuses a locked session unless a route allows it).
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { me } from './guard';
import { dropUnsentKey, unsentKeyOf } from './unsent-key';

const tags = ['oauth'];

export default async function unsentKeyRoutes(app: FastifyInstance) {
  app.get(
    '/api/oauth/UnsentKey',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags },
    },
    async (req) => ok({ key: await unsentKeyOf(app.kp.db, me(req).userId) }),
  );
  app.delete(
    '/api/oauth/UnsentKey',
    { config: { permission: { signedIn: 'self' } }, schema: { tags } },
    async (req) => {
      await dropUnsentKey(app.kp.db, me(req).userId);
      return ok(null);
    },
  );
}

// Read-your-writes over the read replica (replica.ts): a signed-in user's write request (any method but GET,
// HEAD and OPTIONS) keeps their reads on the primary while it runs and, when it wrote something, until the
// replica has replayed the primary's WAL position read before its answer leaves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadRouter } from './replica';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReplicaPins(app: FastifyInstance, router: ReadRouter): void {
  /** Write requests under way: their user and the primary's write count when they were admitted. */
  const writing = new WeakMap<FastifyRequest, { userId: string; writes: number }>();
  app.addHook('preHandler', (req, _reply, done) => {
    const userId = req.principal?.userId;
    if (userId && !READ_METHODS.has(req.method)) {
      writing.set(req, { userId, writes: router.writes });
      router.writing(userId);
    }
    done();
  });
  const finish = async (req: FastifyRequest) => {
    const w = writing.get(req);
    if (!w) return;
    writing.delete(req);
    // no write statement on the primary since it began (by anyone): nothing of theirs for the replica to lag on
    if (router.writes === w.writes) router.written(w.userId);
    else await router.wrote(w.userId);
  };
  app.addHook('onSend', async (req, _reply, payload) => {
    await finish(req);
    return payload;
  });
  // an answer that never reaches onSend (a cut connection) still ends its mark
  app.addHook('onResponse', async (req) => finish(req));
  app.addHook('onRequestAbort', async (req) => finish(req));
}

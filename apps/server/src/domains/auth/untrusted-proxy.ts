// Refusing to serve behind a proxy the server does not trust (issue 34). Without TRUST_PROXY every client
// behind a proxy has the proxy's address: the per-address lockout and rate limits then lock everyone out
// together, and the logs name nobody. So a request carrying X-Forwarded-For whose sender is not a trusted
// proxy (none configured, or another address) is answered 503 with a message naming TRUST_PROXY, and the
// first one is logged as an error (once per server). Requests without the header — direct clients, the
// proxy's own health checks — are served as always.
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/envelope';
import { requestLanguage, translate } from '../../http/i18n';

export const UNTRUSTED_PROXY_MSG =
  '服务器前有未受信任的代理（请求带有 X-Forwarded-For）：请把代理的地址写入 TRUST_PROXY 后重启';

export function registerUntrustedProxyCheck(app: FastifyInstance, trustProxy: string[] | undefined): void {
  let told = false;
  const trusting = !!trustProxy?.length;
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-forwarded-for'] === undefined) return;
    // Fastify puts the socket's address and the believed hops in ips; a lone entry: the sender is not trusted
    if (trusting && (req.ips?.length ?? 0) > 1) return;
    if (!told) {
      told = true;
      req.log.error(
        { remoteAddress: req.socket.remoteAddress, trustProxy: trustProxy ?? [] },
        'request with X-Forwarded-For from a sender that is not a trusted proxy: set TRUST_PROXY to the proxy addresses (answering 503 until then)',
      );
    }
    return reply.code(503).send(fail(503, translate(UNTRUSTED_PROXY_MSG, requestLanguage(req))));
  });
}

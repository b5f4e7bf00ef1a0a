import { readConfig } from './config';
import { startServer } from './server';

// Entry point: `node --import tsx apps/server/src/main.ts` (npm start -w @kp/server).
const cfg = readConfig();
const { app } = await startServer(cfg);
const address = await app.listen({ host: cfg.host, port: cfg.port });
// Fastify says where it listens at info; at the default warn it is said here, once, for whoever started it
if (!['trace', 'debug', 'info'].includes(app.log.level))
  process.stdout.write(`Server listening at ${address}\n`);

/**
 * SIGTERM/SIGINT: graceful shutdown (app.close()) — no new connections, 503 to new requests on open
 * ones, requests under way finish (answered with "Connection: close"), websockets are told
 * (closeSocket) and closed, then the database; exit 0. A request that has not finished after
 * SHUTDOWN_GRACE_MS is cut and the process exits 1, within a supervisor's usual 30 s.
 */
const SHUTDOWN_GRACE_MS = 25_000;
let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal: sig }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long: cutting the remaining connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

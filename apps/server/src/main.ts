import { readConfig } from './config';
import { startServer } from './server';

// Entry point: `node --import tsx apps/server/src/main.ts` (npm start -w @kp/server).
const cfg = readConfig();
const { app } = await startServer(cfg);
await app.listen({ host: cfg.host, port: cfg.port });
let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

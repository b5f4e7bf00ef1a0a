// The server of the soak bench (soak.bench.ts), in its own process so that its RSS is the server's alone (not
// a bench itself): opens the database named by argv (`pglite <data directory>` as the server keeps PGlite,
// or `postgres <url>`), migrates, seeds, adds the bench flow, listens on 127.0.0.1 and sends its address and
// the bench's users (todo-seed approvers) to the parent; answers 'memory' with process.memoryUsage() and exits
// on 'close'. With a third argument `prepare` it exits once the database is set up (a first start).
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed/seed';
import { startServer } from './kit';
import { applicantTemplate, approvers } from './todo-seed';

const [kind, where, mode] = process.argv.slice(2);
if (!where) throw new Error('usage: soak-server.ts pglite <dir> | postgres <url> [prepare]');
const db = await openDatabase(
  kind === 'postgres' ? { kind: 'postgres', url: where, poolSize: 10 } : { kind: 'pglite', dataDir: where },
);
await migrateToLatest(db.kysely);
await seedIfEmpty(db.kysely, { bcryptCost: 4 });
const server = await startServer(db);
// after the start: the workflow domain seeds its example flows (the bench flow copies the leave form)
await applicantTemplate(db.kysely);
const users = await approvers(db.kysely);
if (mode === 'prepare') {
  await server.close();
  await db.close();
  process.exit(0);
}
const send = (m: unknown) => process.send?.(m);
process.on('message', async (m: { type: string }) => {
  if (m.type === 'memory') send({ type: 'memory', usage: process.memoryUsage() });
  if (m.type === 'close') {
    await server.close();
    await db.close();
    process.exit(0);
  }
});
send({ type: 'ready', base: server.base, users, usage: process.memoryUsage() });

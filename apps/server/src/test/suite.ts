// Per-describe set-up shared by the server tests (vitest only: it registers hooks).
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/**
 * One seeded app for the calling describe: made in beforeAll and handed to `use` (which keeps it in the
 * suite's `let t`), closed in afterAll.
 */
export function useTestApp(
  use: (t: TestApp) => void | Promise<void>,
  opts: Parameters<typeof createTestApp>[0] = {},
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(opts);
    await use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** The seeded users' ids by account. */
export async function userIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute();
  return Object.fromEntries(rows.map((u) => [u.account, u.id]));
}

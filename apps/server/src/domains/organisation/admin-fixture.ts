// Shared set-up of the organisation and permission admin tests: one seeded app, sessions for the given
// accounts, and the seeded users, units and roles by account / enCode.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

export interface AdminFixture {
  t: TestApp;
  tokens: string[];
  ids: Record<string, string>;
  units: Record<string, string>;
  roles: Record<string, string>;
}

/** A seeded app with a session per account; `units.hrDept` is the HR department. */
export async function adminFixture(accounts: string[]): Promise<AdminFixture> {
  const t = await createTestApp();
  const tokens = await Promise.all(accounts.map((a) => t.login(a)));
  const ids: Record<string, string> = {};
  for (const u of await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute())
    ids[u.account] = u.id;
  const units: Record<string, string> = {};
  const orgs = await t.db.kysely.selectFrom('base_organize').select(['id', 'full_name', 'en_code']).execute();
  for (const o of orgs) units[o.en_code] = o.id;
  const hrDept = orgs.find((o) => o.full_name === '人力资源部');
  if (hrDept) units.hrDept = hrDept.id;
  const roles = Object.fromEntries(
    (await t.db.kysely.selectFrom('base_role').select(['id', 'en_code']).execute()).map((r) => [
      r.en_code,
      r.id,
    ]),
  );
  return { t, tokens, ids, units, roles };
}

/**
 * adminFixture for the calling describe: made in beforeAll and handed to `use` (which keeps the app and
 * the tokens in the suite's variables), the app closed in afterAll. The users, units and roles by
 * account / enCode are filled in place.
 */
export function useAdminFixture(accounts: string[], use: (f: AdminFixture) => void) {
  const ids: Record<string, string> = {};
  const units: Record<string, string> = {};
  const roles: Record<string, string> = {};
  let t: TestApp | undefined;
  beforeAll(async () => {
    const f = await adminFixture(accounts);
    t = f.t;
    Object.assign(ids, f.ids);
    Object.assign(units, f.units);
    Object.assign(roles, f.roles);
    use(f);
  });
  afterAll(async () => {
    await t?.close();
  });
  return { ids, units, roles };
}

/** A multipart body carrying one file in the field `file`. */
export { fileUpload as multipart } from '../../test/multipart';

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A tree node of the admin answers. */
export interface Node {
  id: string;
  type?: string;
  fullName: string;
  ucName?: string;
  children: Node[];
}
export const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** A row of the user list. */
export interface UserItem {
  id: string;
  account: string;
  realName: string;
  organizeId: string;
  enabledMark: number;
  mobilePhone: string | null;
}

// Users named in a request (recipients, participants): parsed id lists, existence checks, and the brief
// a list shows of each.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { bad } from './texts';

/** User ids from an array or a comma-joined string (JNPF sends both), deduplicated. */
export function idList(input: unknown, field: string): string[] {
  let list: unknown[];
  if (input === undefined || input === null || input === '') list = [];
  else if (typeof input === 'string') list = input.split(',');
  else if (Array.isArray(input)) list = input;
  else throw bad(`${field}: must be a list of user ids`);
  const out = new Set<string>();
  for (const x of list) {
    if (typeof x !== 'string') throw bad(`${field}: must be a list of user ids`);
    const s = x.trim();
    if (s) out.add(s.slice(0, 64));
  }
  return [...out];
}

/** Refuses ids that are not existing users. */
export async function checkUsers(db: Kysely<Database>, ids: string[], field: string): Promise<void> {
  if (!ids.length) return;
  const rows = await db.selectFrom('base_user').select('id').where('id', 'in', ids).execute();
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.id));
    throw bad(`${field}: 用户不存在 ${ids.find((i) => !known.has(i))}`);
  }
}

export interface UserBrief {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  userName: string;
}

export async function usersById(
  db: Kysely<Database>,
  ids: Iterable<string>,
): Promise<Map<string, UserBrief>> {
  const list = [...new Set(ids)].filter(Boolean);
  const map = new Map<string, UserBrief>();
  if (!list.length) return map;
  const rows = await db
    .selectFrom('base_user')
    .select(['id', 'real_name', 'account', 'head_icon'])
    .where('id', 'in', list)
    .execute();
  for (const r of rows)
    map.set(r.id, {
      id: r.id,
      realName: r.real_name,
      account: r.account,
      headIcon: r.head_icon,
      userName: `${r.real_name}/${r.account}`,
    });
  return map;
}

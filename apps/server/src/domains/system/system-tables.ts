// Storage shapes of the tables migration 0090-system-data adds (kept here, not in db/types.ts) and the
// framework's handle seen with them.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Ts = Date | string;

export interface DictionaryTypeTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  is_tree: Generated<number>;
  sort_code: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface DictionaryDataTable {
  id: string;
  type_id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface BillRuleTable {
  id: string;
  full_name: string;
  en_code: string;
  prefix: Generated<string>;
  date_format: Generated<string>;
  digit: Generated<number>;
  start_number: Generated<string>;
  suffix: Generated<string>;
  kind: Generated<string>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  state_date_part: string | null;
  state_sequence: number | null;
  output_number: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface AreaTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  type: Generated<number>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface SystemDataTables {
  sys_area: AreaTable;
  sys_dictionary_type: DictionaryTypeTable;
  sys_dictionary_data: DictionaryDataTable;
  sys_bill_rule: BillRuleTable;
}

export type SDb = Kysely<Database & SystemDataTables>;
export const sdb = (db: Kysely<Database>): SDb => db as unknown as SDb;

/** Code rule of spec 4 §5: letters, digits and dots, no dot at either end. */
export const CODE_RE = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/;
export const CODE_MSG = '编码只能输入英文、数字和小数点且小数点不能放在首尾';

/** Answers a JSON file download (export paths). */
export function jsonFile(reply: import('fastify').FastifyReply, name: string, data: unknown) {
  const safe = name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'export';
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${safe}.json"; filename*=UTF-8''${encodeURIComponent(name)}.json`,
    );
  return JSON.stringify(data, null, 2);
}

/** The new enabled mark of a state call: the body's enabledMark (0/1), or the toggle of the current one. */
export function nextMark(body: unknown, current: number): number {
  const m = (body as { enabledMark?: unknown } | null | undefined)?.enabledMark;
  if (m === 0 || m === 1 || m === '0' || m === '1') return Number(m);
  return current === 1 ? 0 : 1;
}

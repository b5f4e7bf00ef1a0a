// Small helpers shared by the system domain's admin routes (codes, mark fields, JSON file downloads).
import { IdParams } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { Database, SystemTables } from '../../db/types';

/** @deprecated The system tables are part of the one Database (db/tables/system.ts). */
export type SystemDataTables = SystemTables;
/** @deprecated Identity, kept for the form module's call until its branch drops it. */
export const sdb = (db: Kysely<Database>): Kysely<Database> => db;

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

/** Options of an export route ({id}): btn_export of `menu`; the browser opens it with a one-time code. */
export const exportRoute = (menu: string) => ({
  config: { permission: { menu, button: 'btn_export' }, tokenInQuery: true },
  schema: { tags: ['system'], params: IdParams },
});

/** Options of a system route on one record ({id}) guarded by a button of `menu`. */
export const buttonRoute = (menu: string, button: string) => ({
  config: { permission: { menu, button } },
  schema: { tags: ['system'], params: IdParams },
});

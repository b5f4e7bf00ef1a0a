import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * @deprecated The messaging tables are part of the one Database (db/tables/{message,oa,portal}.ts); this identity
 * stays only for the workflow notifier until its branch drops the call.
 */
export const mdb = (db: Kysely<Database>): Kysely<Database> => db;

// The online-development tables are part of Database (db/tables/visualdev.ts); these names stay for readers.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export type { PrintDevTable, VisualDevBaseTable, VisualDevRecordTable } from '../../db/tables/visualdev';

export type VdDb = Kysely<Database>;
/** @deprecated identity — Database already holds the online-development tables. */
export const vdb = (db: Kysely<Database>): VdDb => db;

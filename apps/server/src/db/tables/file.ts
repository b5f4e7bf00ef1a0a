// Storage shapes of the file domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { ColumnType, Generated } from 'kysely';

export interface FileRecordTable {
  id: string;
  owner_user_id: string;
  original_name: string;
  extension: string;
  file_type: string;
  size: ColumnType<number, number, number>;
  md5: string | null;
  storage_key: string;
  creator_time: Generated<Date>;
}

/** The file domain's tables by name. */
export interface FileTables {
  file_record: FileRecordTable;
}

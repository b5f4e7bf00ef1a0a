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

/**
 * A stored file attached to an object (migration 0187-file-links, domains/file/links.ts): reads of a file are
 * authorised by the objects it is linked to, never by where its id appears as text.
 */
export interface FileLinkTable {
  file_id: string;
  /** message, oa_item, oa_comment, meeting, wf_task, chat, online_record (links.ts FileObjectType). */
  object_type: string;
  object_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** The file domain's tables by name. */
export interface FileTables {
  file_record: FileRecordTable;
  file_link: FileLinkTable;
}

// Storage shapes of the message domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Site messages (spec 1 §3 site message) and their recipients. */
export interface MessageTable {
  id: string;
  title: string;
  /** {zh, zhtw, en} as JSON for the server's notices (migration 0182): read in the reader's language. */
  title_i18n: Generated<string | null>;
  type: Generated<number>;
  body_text: string | null;
  files: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
  /** Migration 0050: the addressees as a JSON id list, and the soft-delete flag. */
  to_user_ids: string | null;
  enabled_mark: Generated<number>;
}

export interface MessageReceiveTable {
  id: string;
  message_id: string;
  user_id: string;
  /** 0 unread, 1 read. */
  is_read: Generated<number>;
  read_time: NullableTimestamp;
  /** Migration 0186: the message's type, kept with each receipt (the unread counts read an index alone). */
  message_type: number;
}

/** The message domain's tables by name. */
export interface MessageTables {
  message: MessageTable;
  message_receive: MessageReceiveTable;
}

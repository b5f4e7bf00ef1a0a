// Storage shapes of the chat domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

/** Chat messages; state 0 unread, 1 read. */
export interface ImContentTable {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  content_type: string;
  content: string;
  state: Generated<number>;
  send_time: Generated<Date>;
}

/** The chat domain's tables by name. */
export interface ChatTables {
  im_content: ImContentTable;
}

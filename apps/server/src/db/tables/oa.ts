// Storage shapes of the oa domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

type Ts = Date | string;

/** Business messages (kind 'message'), company news ('news') and notices ('notice'). */
export interface OaItemTable {
  id: string;
  kind: string;
  title: string;
  contents: Generated<string>;
  files: Generated<string>;
  cover_files: Generated<string>;
  is_important: Generated<number>;
  is_remind: Generated<number>;
  is_draft: Generated<number>;
  /** 1: every user may read it (news/notices released without recipients). */
  accept_all: Generated<number>;
  report_user_name: string | null;
  /** 1: deleted by its creator (messages: recoverable from the deleted list). */
  delete_mark: Generated<number>;
  creator_user_id: string;
  creator_time: Generated<Date>;
  release_time: Ts | null;
  last_modify_time: Ts | null;
}

/** Per item and user: recipient flag, read, mark, reminder, personal delete. */
export interface OaItemUserTable {
  id: string;
  item_id: string;
  user_id: string;
  is_recipient: Generated<number>;
  is_read: Generated<number>;
  read_time: Ts | null;
  is_mark: Generated<number>;
  /** null: the item's own is_remind. */
  is_remind: number | null;
  /** 1: removed to the user's deleted list (recoverable); 2: removed for good. */
  delete_mark: Generated<number>;
  creator_time: Generated<Date>;
}

export interface OaCommentTable {
  id: string;
  owner_id: string;
  parent_id: string | null;
  from_user_id: string;
  to_user_id: string | null;
  contents: string;
  files: Generated<string>;
  delete_mark: Generated<number>;
  creator_time: Generated<Date>;
}

export interface OaCommentLikeTable {
  comment_id: string;
  user_id: string;
}

export interface DocumentTable {
  id: string;
  title: string;
  doc_type: string | null;
  contents: Generated<string>;
  accept_users: Generated<string>;
  status: Generated<number>;
  creator_user_id: string;
  creator_time: Generated<Date>;
  issue_time: Date | null;
  last_modify_time: Date | null;
}

export interface DocumentReadTable {
  document_id: string;
  user_id: string;
  read_time: Generated<Date>;
}

/** The oa domain's tables by name. */
export interface OaTables {
  oa_item: OaItemTable;
  oa_item_user: OaItemUserTable;
  oa_comment: OaCommentTable;
  oa_comment_like: OaCommentLikeTable;
  oa_document: DocumentTable;
  oa_document_read: DocumentReadTable;
}

// Storage shapes of the tables migration 0050-messaging adds (kept here, not in the framework's
// db/types.ts) and merged with its Database type for the queries of the messaging modules.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

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

export interface PortalTable {
  id: string;
  /** JSON text of an I18nText. */
  full_name: string;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  type: string | null;
  category: Generated<string>;
  description: string | null;
  form_data: string;
  released_form_data: string | null;
  release_time: Ts | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface PortalPersonalTable {
  portal_id: string;
  user_id: string;
  form_data: string;
  last_modify_time: Generated<Date>;
}

export interface PortalRoleTable {
  portal_id: string;
  role_id: string;
}

export interface AttendanceTable {
  id: string;
  user_id: string;
  /** YYYY-MM-DD (server local date). */
  day: string;
  check_time: Generated<Date>;
  ip: string | null;
}

/** Columns migration 0050 adds to the core `message` table. */
export interface SiteMessageExtra {
  message: Database['message'] & { to_user_ids: string | null; enabled_mark: Generated<number> };
}

export interface MessagingTables {
  oa_item: OaItemTable;
  oa_item_user: OaItemUserTable;
  oa_comment: OaCommentTable;
  oa_comment_like: OaCommentLikeTable;
  base_portal: PortalTable;
  base_portal_personal: PortalPersonalTable;
  base_portal_role: PortalRoleTable;
  oa_attendance: AttendanceTable;
}

export type MDb = Kysely<Omit<Database, 'message'> & SiteMessageExtra & MessagingTables>;

/** The framework's handle seen with these tables too. */
export const mdb = (db: Kysely<Database>): MDb => db as unknown as MDb;

import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FileChunkTables } from './tables/file-chunks';
import type { VisualdevTables } from './tables/visualdev';
import type { WorkflowTables } from './tables/workflow';

/**
 * Table types of the database (Kysely convention: one interface per table, snake_case columns).
 * These are the storage shapes; the HTTP shapes live in @kp/schema (packages/schema/src/http).
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Companies and departments in one tree (JNPF style): category 'company' or 'department'. */
export interface OrganizeTable {
  id: string;
  parent_id: string | null;
  category: string;
  en_code: string;
  full_name: string;
  /** Head of the department or company (a user id). */
  manager_id: string | null;
  /** Ids from the root to this node joined by ',' (includes this node): subtree = tree_path LIKE 'x,%'. */
  tree_path: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  property_json: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

export interface PositionTable {
  id: string;
  organize_id: string;
  full_name: string;
  en_code: string;
  type: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

/** data_scope: the default data scope the role grants on every module it grants (see permission/data-scope). */
export interface RoleTable {
  id: string;
  full_name: string;
  en_code: string;
  type: string | null;
  /** 1: global role; 0: belongs to organize_id. */
  global_mark: Generated<number>;
  organize_id: string | null;
  data_scope: Generated<string>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

export interface UsersTable {
  id: string;
  account: string;
  real_name: string;
  /** bcrypt of the MD5 hex the client sends; never the MD5 itself. */
  password_hash: string;
  /** Set at login when the MD5 is a known weak one, and by an administrator's reset; cleared by a change. */
  password_weak: Generated<boolean>;
  head_icon: string | null;
  gender: string | null;
  mobile_phone: string | null;
  email: string | null;
  /** Company (organize row of category company). */
  organize_id: string | null;
  /** Department (organize row of category department). */
  department_id: string | null;
  manager_id: string | null;
  is_administrator: Generated<boolean>;
  /** 1 enabled, 0 disabled. */
  enabled_mark: Generated<number>;
  /** Consecutive failed logins. */
  error_count: Generated<number>;
  /** Set when error_count reached the limit; null when not locked. */
  locked_at: NullableTimestamp;
  prev_login_time: NullableTimestamp;
  prev_login_ip: string | null;
  last_login_time: NullableTimestamp;
  last_login_ip: string | null;
  theme: string | null;
  language: string | null;
  portal_id: string | null;
  sort_code: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

/** A user's membership: object_type Role | Position | Organize | Group (JNPF base_userrelation). */
export interface UserRelationTable {
  id: string;
  user_id: string;
  object_type: string;
  object_id: string;
  sort_code: Generated<number>;
  creator_time: Generated<Date>;
}

/** Menu entries (spec 1 §2.2). */
export interface ModuleTable {
  id: string;
  parent_id: string | null;
  full_name: string;
  /** {zh, zhtw, en} as JSON for seeded menus (migration 0170, seed-labels.ts); null for the rest. */
  full_name_i18n: string | null;
  en_code: string;
  type: number;
  url_address: string | null;
  icon: string | null;
  /** 'Web' for the main layout; '3' for the portal layout. */
  category: string;
  property_json: string | null;
  link_target: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_time: Generated<Date>;
}

/** Buttons, columns, forms of a module share one shape. */
export interface ModuleItemTable {
  id: string;
  module_id: string;
  full_name: string;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
}

/**
 * What a role grants: item_type 'module' | 'button' | 'column' | 'form' (item_id = the row id),
 * or 'data' (item_id = module id, scope = a DataScope overriding the role's default on that module).
 */
export interface RoleAuthorizeTable {
  id: string;
  role_id: string;
  item_type: string;
  item_id: string;
  scope: string | null;
}

/** Key/value system settings; value is JSON text. */
export interface SysConfigTable {
  key: string;
  value: string;
}

export interface UserSessionTable {
  id: string;
  /** sha256 hex of the opaque token. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  last_active_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  /** 'logout' | 'kicked' | 'replaced' | 'disabled' | 'password' */
  end_reason: string | null;
  locked: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
}

export interface CaptchaTable {
  id: string;
  code_hash: string;
  expires_at: Timestamp;
}

/** One-time codes of GET /api/oauth/GetUserCode (hashed). */
export interface UserCodeTable {
  code_hash: string;
  user_id: string;
  expires_at: Timestamp;
}

export interface SysLogTable {
  id: string;
  category: string;
  user_id: string | null;
  account: string | null;
  ip: string | null;
  success: boolean;
  msg: string | null;
  creator_time: Generated<Date>;
}

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

/** Site messages (spec 1 §3 site message) and their recipients. */
export interface MessageTable {
  id: string;
  title: string;
  type: Generated<number>;
  body_text: string | null;
  files: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

export interface MessageReceiveTable {
  id: string;
  message_id: string;
  user_id: string;
  /** 0 unread, 1 read. */
  is_read: Generated<number>;
  read_time: NullableTimestamp;
}

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

/** Minimal workflow counters used by initMessage until the workflow module adds its tables. */
export interface WfTodoTable {
  id: string;
  task_id: string;
  user_id: string;
  /** 'todo' (to approve) or 'circulate' (copied to read). */
  kind: string;
  /** 0 pending/unread, 1 handled/read. */
  state: Generated<number>;
  creator_time: Generated<Date>;
}

// ---- tables of migration 0010 (organisation and permission administration) ----

/** Personal (type 0, owned by creator) and enterprise (type 1) groups; members in base_user_relation (Group). */
export interface GroupTable {
  id: string;
  full_name: string;
  en_code: string | null;
  type: number;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Date | null;
}

/** One staff-record section of a user (spec 4 §3): JSON text of the section (lists as `{list:[…]}`). */
export interface UserStaffTable {
  user_id: string;
  section: string;
  content: string;
  last_modify_time: Generated<Date>;
}

/** Organisation administrators (organizeAdminIsTrator): what a user may do on a unit and below it. */
export interface OrganizeAdminTable {
  id: string;
  user_id: string;
  organize_id: string;
  this_layer_add: number;
  this_layer_edit: number;
  this_layer_delete: number;
  this_layer_select: number;
  sub_layer_add: number;
  sub_layer_edit: number;
  sub_layer_delete: number;
  sub_layer_select: number;
}

/** A user's list-column settings per module (Authority/SetColumnsByModuleId); field_list is JSON text. */
export interface ColumnSettingTable {
  user_id: string;
  module_id: string;
  field_list: string;
  last_modify_time: Generated<Date>;
}

/** Extra per-user values of this module: main position (PUT major), signature. */
export interface UserExtraTable {
  user_id: string;
  major_position_id: string | null;
  signature: string | null;
}

export interface Database extends WorkflowTables, VisualdevTables, FileChunkTables {
  base_organize: OrganizeTable;
  base_position: PositionTable;
  base_role: RoleTable;
  base_user: UsersTable;
  base_user_relation: UserRelationTable;
  base_module: ModuleTable;
  base_module_button: ModuleItemTable;
  base_module_column: ModuleItemTable;
  base_module_form: ModuleItemTable;
  base_role_authorize: RoleAuthorizeTable;
  sys_config: SysConfigTable;
  user_session: UserSessionTable;
  captcha: CaptchaTable;
  user_code: UserCodeTable;
  sys_log: SysLogTable;
  file_record: FileRecordTable;
  message: MessageTable;
  message_receive: MessageReceiveTable;
  im_content: ImContentTable;
  wf_todo: WfTodoTable;
  base_group: GroupTable;
  base_user_staff: UserStaffTable;
  base_organize_admin: OrganizeAdminTable;
  base_column_setting: ColumnSettingTable;
  base_user_extra: UserExtraTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ModuleRow = Selectable<ModuleTable>;
export type SessionRow = Selectable<UserSessionTable>;

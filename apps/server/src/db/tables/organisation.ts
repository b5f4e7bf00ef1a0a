// Storage shapes of the organisation domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Companies and departments in one tree (JNPF style): category 'company' or 'department'. */
export interface OrganizeTable {
  id: string;
  parent_id: string | null;
  category: string;
  en_code: string;
  full_name: string;
  /** {zh, zhtw, en} as JSON for the seeded rows (migration 0183), shown while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
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
  /** {zh, zhtw, en} as JSON for the seeded rows (migration 0183), shown while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
  en_code: string;
  type: string | null;
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

/** Extra per-user values of this module: main position (PUT major), signature. */
export interface UserExtraTable {
  user_id: string;
  major_position_id: string | null;
  signature: string | null;
}

/** The organisation domain's tables by name. */
export interface OrganisationTables {
  base_organize: OrganizeTable;
  base_position: PositionTable;
  base_user: UsersTable;
  base_user_relation: UserRelationTable;
  base_group: GroupTable;
  base_user_staff: UserStaffTable;
  base_organize_admin: OrganizeAdminTable;
  base_user_extra: UserExtraTable;
}

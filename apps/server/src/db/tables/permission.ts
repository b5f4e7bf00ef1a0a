// Storage shapes of the permission domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** data_scope: the default data scope the role grants on every module it grants (see permission/data-scope). */
export interface RoleTable {
  id: string;
  full_name: string;
  /** {zh, zhtw, en} as JSON for the seeded rows (migration 0183), shown while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
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

/** A user's list-column settings per module (Authority/SetColumnsByModuleId); field_list is JSON text. */
export interface ColumnSettingTable {
  user_id: string;
  module_id: string;
  field_list: string;
  last_modify_time: Generated<Date>;
}

/** The permission domain's tables by name. */
export interface PermissionTables {
  base_role: RoleTable;
  base_module: ModuleTable;
  base_module_button: ModuleItemTable;
  base_module_column: ModuleItemTable;
  base_module_form: ModuleItemTable;
  base_role_authorize: RoleAuthorizeTable;
  base_column_setting: ColumnSettingTable;
}

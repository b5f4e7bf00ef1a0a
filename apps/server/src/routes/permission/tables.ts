// Storage shapes of the tables this module adds (migration permission-admin). Kept here, not in the
// framework's db/types.ts, and merged with its Database type for the queries of this module.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

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

export interface PermissionTables {
  base_group: GroupTable;
  base_user_staff: UserStaffTable;
  base_organize_admin: OrganizeAdminTable;
  base_column_setting: ColumnSettingTable;
  base_user_extra: UserExtraTable;
}

export type PDb = Kysely<Database & PermissionTables>;

/** The framework's handle seen with this module's tables too. */
export const pdb = (db: Kysely<Database>): PDb => db as unknown as PDb;

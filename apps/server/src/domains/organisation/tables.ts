// The tables this module added (migration 0010) are typed in the framework's db/types.ts (part of
// Database); these names stay for the module's imports.
import type { Kysely } from 'kysely';
import type {
  ColumnSettingTable,
  Database,
  GroupTable,
  OrganizeAdminTable,
  UserExtraTable,
  UserStaffTable,
} from '../../db/types';

export type { ColumnSettingTable, GroupTable, OrganizeAdminTable, UserExtraTable, UserStaffTable };

export type PermissionTables = Pick<
  Database,
  'base_group' | 'base_user_staff' | 'base_organize_admin' | 'base_column_setting' | 'base_user_extra'
>;

export type PDb = Kysely<Database>;

/** The framework's handle (kept so existing call sites read the same). */
export const pdb = (db: Kysely<Database>): PDb => db;

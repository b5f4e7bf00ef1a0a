// Storage shapes of the portal domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

type Ts = Date | string;

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

/** The portal domain's tables by name. */
export interface PortalTables {
  base_portal: PortalTable;
  base_portal_personal: PortalPersonalTable;
  base_portal_role: PortalRoleTable;
  oa_attendance: AttendanceTable;
}

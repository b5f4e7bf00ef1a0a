// Storage shapes of the login domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

export interface LoginCertificateTable {
  id: string;
  ticket_hash: string;
  status: Generated<number>;
  user_id: string | null;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface UserSocialTable {
  id: string;
  provider: string;
  external_id: string;
  user_id: string;
  creator_time: Generated<Date>;
}

/** The login domain's tables by name. */
export interface LoginTables {
  base_login_certificate: LoginCertificateTable;
  base_user_social: UserSocialTable;
}

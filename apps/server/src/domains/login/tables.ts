// Storage shapes of migration 0156-login-channels and the database handle seen with them.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

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

export interface LoginDatabase extends Database {
  base_login_certificate: LoginCertificateTable;
  base_user_social: UserSocialTable;
}

export const loginDb = (db: Kysely<Database>) => db as unknown as Kysely<LoginDatabase>;

// Storage shapes of the tables migration 0100-visualdev adds, and the framework's handle seen with them.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface VisualDevBaseTable {
  id: string;
  full_name: string;
  en_code: string;
  category: Generated<string>;
  type: Generated<number>;
  web_type: Generated<number>;
  state: Generated<number>;
  form_data: string;
  column_data: string;
  released_form_data: string | null;
  released_column_data: string | null;
  menu_id: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string;
  creator_time: Generated<Date>;
  last_modify_time: Date | string | null;
  release_time: Date | string | null;
}

export interface VisualDevRecordTable {
  id: string;
  module_id: string;
  data: string;
  creator_user_id: string;
  organize_id: string | null;
  department_id: string | null;
  creator_time: Generated<Date>;
  last_modify_user_id: string | null;
  last_modify_time: Date | string | null;
  version: Generated<number>;
}

export type VdDb = Kysely<
  Database & { visualdev_base: VisualDevBaseTable; visualdev_record: VisualDevRecordTable }
>;
export const vdb = (db: Kysely<Database>): VdDb => db as unknown as VdDb;

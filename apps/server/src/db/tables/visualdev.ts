// Storage shapes of the online-development tables (migration 0100-visualdev) and the print designs
// (0101-print-dev), composed into Database (db/types.ts).
import type { Generated } from 'kysely';

export interface VisualDevBaseTable {
  id: string;
  full_name: string;
  /** {zh, zhtw, en} as JSON for a copy the server made (migration 0183), shown while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
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

export interface PrintDevTable {
  id: string;
  full_name: string;
  /** {zh, zhtw, en} as JSON for a copy the server made (migration 0183), shown while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
  en_code: string;
  type: Generated<number>;
  category: Generated<string>;
  form_id: string | null;
  print_template: string;
  page_setting: Generated<string>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string;
  creator_time: Generated<Date>;
  last_modify_time: Date | string | null;
}

export interface VisualdevTables {
  visualdev_base: VisualDevBaseTable;
  visualdev_record: VisualDevRecordTable;
  sys_print_dev: PrintDevTable;
}

// Storage shapes of the system domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

type Ts = Date | string;

/** Key/value system settings; value is JSON text. */
export interface SysConfigTable {
  key: string;
  value: string;
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

export interface DictionaryTypeTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  /** {zh, zhtw, en} as JSON for seeded rows (migration 0174), read while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
  en_code: string;
  is_tree: Generated<number>;
  sort_code: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface DictionaryDataTable {
  id: string;
  type_id: string;
  parent_id: Generated<string>;
  full_name: string;
  /** {zh, zhtw, en} as JSON for seeded rows (migration 0174), read while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface BillRuleTable {
  id: string;
  full_name: string;
  en_code: string;
  prefix: Generated<string>;
  date_format: Generated<string>;
  digit: Generated<number>;
  start_number: Generated<string>;
  suffix: Generated<string>;
  kind: Generated<string>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  state_date_part: string | null;
  state_sequence: number | null;
  output_number: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface AreaTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  type: Generated<number>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Ts | null;
}

export interface DataInterfaceTable {
  id: string;
  full_name: string;
  en_code: string;
  kind: string;
  method: Generated<string>;
  url: string | null;
  params: Generated<string>;
  static_data: string | null;
  transform: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Date | string | null;
}

export interface DataInterfaceLogTable {
  id: string;
  interface_id: string;
  user_id: string | null;
  invoke_time: Generated<Date>;
  duration_ms: number;
  ok: number;
  error: string | null;
  ip: string | null;
}

/** The system domain's tables by name. */
export interface SystemTables {
  sys_config: SysConfigTable;
  sys_log: SysLogTable;
  sys_dictionary_type: DictionaryTypeTable;
  sys_dictionary_data: DictionaryDataTable;
  sys_bill_rule: BillRuleTable;
  sys_area: AreaTable;
  sys_data_interface: DataInterfaceTable;
  sys_data_interface_log: DataInterfaceLogTable;
}

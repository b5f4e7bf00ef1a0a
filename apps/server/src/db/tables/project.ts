// Storage shapes of the project domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

export interface ProjectCategoryTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  creator_time: Generated<Date>;
}

export interface ProjectTable {
  id: string;
  line: string;
  en_code: string;
  full_name: string;
  category_id: string;
  organize_id: string | null;
  manager_id: string | null;
  address: string | null;
  status: Generated<number>;
  start_date: Date | string | null;
  end_date: Date | string | null;
  /** numeric: the drivers answer text. */
  contract_amount: string | number | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  creator_time: Generated<Date>;
}

/** The project domain's tables by name. */
export interface ProjectTables {
  base_project_category: ProjectCategoryTable;
  base_project: ProjectTable;
}

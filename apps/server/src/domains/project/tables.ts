// Storage shapes of migration 0155-project's tables and the database handle seen with them.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

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

export interface ProjectDatabase extends Database {
  base_project_category: ProjectCategoryTable;
  base_project: ProjectTable;
}

/** The platform's handle, seen with the project tables. */
export const projectDb = (db: Kysely<Database>) => db as unknown as Kysely<ProjectDatabase>;

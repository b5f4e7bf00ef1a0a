import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuthTables, UserSessionTable } from './tables/auth';
import type { ChatTables } from './tables/chat';
import type { FileTables } from './tables/file';
import type { FileChunkTables } from './tables/file-chunks';
import type { LoginTables } from './tables/login';
import type { MeetingTables } from './tables/meeting';
import type { MessageTables } from './tables/message';
import type { OaTables } from './tables/oa';
import type { OrganisationTables, UsersTable } from './tables/organisation';
import type { ModuleTable, PermissionTables } from './tables/permission';
import type { PortalTables } from './tables/portal';
import type { ProjectTables } from './tables/project';
import type { SystemTables } from './tables/system';
import type { VisualdevTables } from './tables/visualdev';
import type { WorkflowTables } from './tables/workflow';

export type * from './tables/auth';
export type * from './tables/chat';
export type * from './tables/file';
export type * from './tables/login';
export type * from './tables/meeting';
export type * from './tables/message';
export type * from './tables/oa';
export type * from './tables/organisation';
export type * from './tables/permission';
export type * from './tables/portal';
export type * from './tables/project';
export type * from './tables/system';

/**
 * Table types of the database (Kysely convention: one interface per table, snake_case columns).
 * These are the storage shapes; the HTTP shapes live in @kp/schema (packages/schema/src/http).
 */

/** Minimal workflow counters used by initMessage until the workflow module adds its tables. */
export interface WfTodoTable {
  id: string;
  task_id: string;
  user_id: string;
  /** 'todo' (to approve) or 'circulate' (copied to read). */
  kind: string;
  /** 0 pending/unread, 1 handled/read. */
  state: Generated<number>;
  creator_time: Generated<Date>;
}

/**
 * The one database type: every domain declares its tables once in tables/<domain>.ts and they are composed
 * here. Queries use Kysely<Database> as it is: no module casts the handle to a wider view.
 */
export interface Database
  extends AuthTables,
    ChatTables,
    FileTables,
    LoginTables,
    MeetingTables,
    MessageTables,
    OaTables,
    OrganisationTables,
    PermissionTables,
    PortalTables,
    ProjectTables,
    SystemTables,
    WorkflowTables,
    VisualdevTables,
    FileChunkTables {
  wf_todo: WfTodoTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ModuleRow = Selectable<ModuleTable>;
export type SessionRow = Selectable<UserSessionTable>;

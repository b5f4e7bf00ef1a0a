// Object-level checks: who may see or act on one object. Routes that every signed-in user may call
// (config.permission.signedIn, route-config.ts) name the check they make; these are those checks, in
// one place instead of a copy per route. Each answers a boolean; the route decides between 404 (the
// caller may not know the object exists) and 403.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types';
import { type ScopeColumns, scopeFilter } from '../permission/data-scope';
import type { Principal } from './principal';

/**
 * The workflow columns these checks read. The workflow tables join the one Database when the workflow domain
 * declares them in db/tables/workflow.ts; until then they are added here with Kysely's withTables (no cast).
 */
type WorkflowObjectTables = {
  wf_task: { id: string; initiator_id: string; form_data: unknown };
  wf_operator: { task_id: string; user_id: string; flow_user_id: string | null };
  wf_record: { task_id: string; user_id: string };
  wf_circulate: { task_id: string; user_id: string };
  wf_comment: { task_id: string; file: unknown; image: unknown; deleted: number };
};
const odb = (db: Kysely<Database>) => db.withTables<WorkflowObjectTables>();

/** owner: the caller created or uploaded the object. */
export const isOwner = (p: Principal, ownerId: string | null | undefined): boolean =>
  !!ownerId && ownerId === p.userId;

/** recipient: a site message (table message) addressed to the caller, or one he wrote; administrators. */
export async function canReadSiteMessage(db: Kysely<Database>, p: Principal, messageId: string) {
  if (p.isAdministrator) return true;
  const hit = await odb(db)
    .selectFrom('message as m')
    .select('m.id')
    .where('m.id', '=', messageId)
    .where((eb) =>
      eb.or([
        eb('m.creator_user_id', '=', p.userId),
        eb.exists(
          eb
            .selectFrom('message_receive as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.user_id', '=', p.userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return !!hit;
}

/**
 * recipient / audience: a business message, news item or notice the caller may read — he wrote it, or
 * it is released, not deleted, and sent to everyone or to him (not removed for good); administrators
 * read every released item.
 */
export async function canReadOaItem(db: Kysely<Database>, p: Principal, itemId: string) {
  const hit = await odb(db)
    .selectFrom('oa_item as i')
    .leftJoin('oa_item_user as iu', (j) => j.onRef('iu.item_id', '=', 'i.id').on('iu.user_id', '=', p.userId))
    .select('i.id')
    .where('i.id', '=', itemId)
    .where((eb) =>
      eb.or([
        eb('i.creator_user_id', '=', p.userId),
        eb.and([
          eb('i.is_draft', '=', 0),
          eb('i.delete_mark', '=', 0),
          eb.or([
            eb('i.accept_all', '=', 1),
            eb.and([eb('iu.is_recipient', '=', 1), eb('iu.delete_mark', '<', 2)]),
            ...(p.isAdministrator ? [sql<SqlBool>`true`] : []),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return !!hit;
}

/** participant: the meeting's creator, leader, recorder, host or one of its attendees; administrators. */
export async function isMeetingParticipant(db: Kysely<Database>, p: Principal, meetingId: string) {
  const m = await odb(db)
    .selectFrom('oa_meeting')
    .select(['creator_user_id', 'leader', 'recorder', 'host', 'participants'])
    .where('id', '=', meetingId)
    .executeTakeFirst();
  if (!m) return false;
  if (p.isAdministrator) return true;
  const people = [m.creator_user_id, m.leader, m.recorder, m.host, ...m.participants.split(',')];
  return people.includes(p.userId);
}

/**
 * The object a business comment hangs on (its ownerId) is one the caller may read: a business
 * message, news item or notice (canReadOaItem) or a meeting he takes part in. Unknown objects: false.
 */
export async function canSeeCommentTarget(db: Kysely<Database>, p: Principal, ownerId: string) {
  return (await canReadOaItem(db, p, ownerId)) || (await isMeetingParticipant(db, p, ownerId));
}

/**
 * handler: the caller launched the flow, holds or held one of its operator tasks (also as the
 * delegate's principal), acted on it, or was copied on it.
 */
export async function isFlowParty(db: Kysely<Database>, userId: string, taskId: string) {
  const hit = await odb(db)
    .selectFrom('wf_task as t')
    .select('t.id')
    .where('t.id', '=', taskId)
    .where((eb) =>
      eb.or([
        eb('t.initiator_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('wf_operator as o')
            .select('o.task_id')
            .whereRef('o.task_id', '=', 't.id')
            .where((e2) => e2.or([e2('o.user_id', '=', userId), e2('o.flow_user_id', '=', userId)])),
        ),
        eb.exists(
          eb
            .selectFrom('wf_record as r')
            .select('r.task_id')
            .whereRef('r.task_id', '=', 't.id')
            .where('r.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('wf_circulate as c')
            .select('c.task_id')
            .whereRef('c.task_id', '=', 't.id')
            .where('c.user_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return !!hit;
}

/**
 * audience: a portal the caller may use — enabled, released, and unrestricted or granted to one of his
 * roles. Administrators use every portal; `designer` (the portal design menu) also sees unreleased ones.
 */
export async function canUsePortal(
  db: Kysely<Database>,
  p: Principal,
  portal: { id: string; enabled_mark: number; released_form_data: string | null },
  designer = false,
) {
  if (p.isAdministrator || designer) return true;
  if (portal.enabled_mark !== 1 || portal.released_form_data === null) return false;
  const roles = await odb(db)
    .selectFrom('base_portal_role')
    .select('role_id')
    .where('portal_id', '=', portal.id)
    .execute();
  return !roles.length || roles.some((r) => p.roleIds.includes(r.role_id));
}

/** scope: the rows of `menu` the caller's data scope covers (throws 403 without a grant on it). */
export function inScope(p: Principal, menu: string, cols: ScopeColumns): Expression<SqlBool> {
  return scopeFilter(p, menu, cols);
}

// Files: canReadFile (by the objects a file is linked to) lives with the links, in ../file/links.ts.

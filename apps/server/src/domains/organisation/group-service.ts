// Groups (spec 4 §7 "Groups") over the typed db: personal groups (type 0) belong to their creator alone;
// enterprise groups (type 1) are administered with the group menu's buttons and, while enabled, are
// shared pickers every signed-in user may read (tree and members). Used by `routes/group.ts`.
import { ApiCode, type GroupImUserQuery, type GroupInput } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { GroupTable } from '../../db/types';
import { allows, me } from '../auth/guard';
import { newId } from '../auth/tokens';
import { BTN, lang, likeOf, MENU, ms, paging, refuse } from '../permission/common';
import { msg } from '../permission/messages';
import { enabledUsers, member, userPage } from './users-common';

type GroupRow = Selectable<GroupTable>;
const typeOf = (t: number | string) => Number(t);

const groupInfo = (g: GroupRow, members?: number) => ({
  id: g.id,
  fullName: g.full_name,
  ucName: g.full_name,
  enCode: g.en_code,
  type: g.type,
  sortCode: g.sort_code,
  enabledMark: g.enabled_mark,
  description: g.description,
  creatorUserId: g.creator_user_id,
  creatorTime: ms(g.creator_time),
  memberCount: members,
  hasChildren: false,
  children: [] as unknown[],
});

/**
 * May the caller use the group? Personal: only its owner. Enterprise: the group menu (with `button` for a
 * change); `read` lets every signed-in user read an enabled enterprise group, as the picker's tree shows it.
 */
function mayUse(
  req: FastifyRequest,
  g: { type: number; creator_user_id: string | null; enabled_mark: number },
  button?: string,
  read = false,
): boolean {
  const p = me(req);
  if (g.type === 0) return g.creator_user_id === p.userId;
  if (read && g.enabled_mark === 1) return true;
  return allows(p, button ? { menu: MENU.group, button } : { menu: MENU.group });
}

async function loadGroup(req: FastifyRequest, id: string, button?: string, read = false): Promise<GroupRow> {
  const g = await req.server.kp.db
    .selectFrom('base_group')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) refuse(req, ApiCode.NOT_FOUND, 'notFound');
  if (!mayUse(req, g!, button, read)) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
  return g!;
}

/** The distinct member ids, refused (400) when one is not a user: checked before anything is written. */
async function knownMembers(req: FastifyRequest, userIds: string[]): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await req.server.kp.db
      .selectFrom('base_user')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length) refuse(req, ApiCode.BAD_REQUEST, 'unknownUser');
  }
  return ids;
}

async function setMembers(req: FastifyRequest, groupId: string, userIds: string[]) {
  const ids = await knownMembers(req, userIds);
  await req.server.kp.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('base_user_relation')
      .where('object_type', '=', 'Group')
      .where('object_id', '=', groupId)
      .execute();
    for (let i = 0; i < ids.length; i += 500)
      await tx
        .insertInto('base_user_relation')
        .values(
          ids.slice(i, i + 500).map((u, k) => ({
            id: newId(),
            user_id: u,
            object_type: 'Group',
            object_id: groupId,
            sort_code: i + k,
          })),
        )
        .execute();
  });
}

/** Groups of one type the caller may see: their own personal groups, or the enterprise groups. */
async function visible(req: FastifyRequest, type: number, keyword?: string) {
  const db = req.server.kp.db;
  if (type === 1 && !allows(me(req), { menu: MENU.group })) {
    // Enterprise groups are shared pickers too: readable by every signed-in user, enabled ones only.
    return db
      .selectFrom('base_group')
      .selectAll()
      .where('type', '=', 1)
      .where('enabled_mark', '=', 1)
      .orderBy('sort_code')
      .execute();
  }
  let q = db.selectFrom('base_group').selectAll().where('type', '=', type);
  if (type === 0) q = q.where('creator_user_id', '=', me(req).userId);
  if (keyword) q = q.where('full_name', 'like', likeOf(keyword));
  return q.orderBy('sort_code').orderBy('creator_time').execute();
}

/** GET groupcustom/tree/{0|1}: the caller's personal groups (0) or the enterprise groups (1). */
export async function groupTree(req: FastifyRequest, type: string) {
  return { list: (await visible(req, typeOf(type))).map((g) => groupInfo(g)) };
}

/** GET groupcustom: the groups the caller may see, of one type or both. */
export async function groupList(req: FastifyRequest, q: { type?: number; keyword?: string }) {
  const types = q.type === undefined ? [0, 1] : [q.type];
  const rows = (await Promise.all(types.map((t) => visible(req, t, q.keyword)))).flat();
  const counts = rows.length
    ? await req.server.kp.db
        .selectFrom('base_user_relation')
        .select(['object_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('object_type', '=', 'Group')
        .where(
          'object_id',
          'in',
          rows.map((g) => g.id),
        )
        .groupBy('object_id')
        .execute()
    : [];
  const members = new Map(counts.map((c) => [c.object_id, Number(c.n)]));
  return { list: rows.map((g) => groupInfo(g, members.get(g.id) ?? 0)) };
}

/** The ids of a unit and every unit below it (none for an unknown unit). */
async function unitAndBelow(req: FastifyRequest, organizeId: string): Promise<string[]> {
  const db = req.server.kp.db;
  const unit = await db
    .selectFrom('base_organize')
    .select('tree_path')
    .where('id', '=', organizeId)
    .executeTakeFirst();
  if (!unit) return [];
  const rows = await db
    .selectFrom('base_organize')
    .select('id')
    .where((eb) =>
      eb.or([eb('tree_path', '=', unit.tree_path), eb('tree_path', 'like', `${unit.tree_path},%`)]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/**
 * GET groupcustom/ImUser: the enabled users of a group the caller may read, or of a unit and its sub-units
 * (picker fields only), paged (the user-by-department table asks for 20000). The caller is left out
 * unless `self` is true/1.
 */
export async function groupUsers(req: FastifyRequest, q: GroupImUserQuery) {
  const p = me(req);
  let base = enabledUsers(req.server.kp.db);
  if (q.groupId) {
    const g = await loadGroup(req, q.groupId, undefined, true);
    base = base.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('base_user_relation as r')
        .select('r.user_id')
        .where('r.object_type', '=', 'Group')
        .where('r.object_id', '=', g.id),
    );
  } else if (q.organizeId && q.organizeId !== '0') {
    const ids = await unitAndBelow(req, q.organizeId);
    if (!ids.length) {
      const { page, size } = paging(q);
      return { list: [], pagination: { currentPage: page, pageSize: size, total: 0 } };
    }
    base = base.where((eb) => eb.or([eb('u.organize_id', 'in', ids), eb('u.department_id', 'in', ids)]));
  }
  const self = q.self === true || q.self === 'true' || q.self === 1 || q.self === '1';
  if (!self) base = base.where('u.id', '<>', p.userId);
  return userPage(req, base, q, member);
}

/** POST groupcustom: an enterprise group needs the group menu's add button; a refused member list writes nothing. */
export async function createGroup(req: FastifyRequest, b: GroupInput) {
  const type = typeOf(b.type);
  if (type === 1 && !allows(me(req), { menu: MENU.group, button: BTN.add }))
    refuse(req, ApiCode.FORBIDDEN, 'noPermission');
  if (b.userIds) await knownMembers(req, b.userIds);
  const id = newId();
  await req.server.kp.db
    .insertInto('base_group')
    .values({
      id,
      full_name: b.fullName,
      en_code: b.enCode ?? null,
      type,
      sort_code: b.sortCode ?? 0,
      enabled_mark: b.enabledMark ?? 1,
      description: b.description ?? null,
      creator_user_id: me(req).userId,
      last_modify_time: null,
    })
    .execute();
  if (b.userIds) await setMembers(req, id, b.userIds);
  return { data: { id }, msg: msg('created', lang(req)) };
}

/** GET groupcustom/{id}: the group with its member ids. */
export async function groupDetail(req: FastifyRequest, id: string) {
  const g = await loadGroup(req, id);
  const members = await req.server.kp.db
    .selectFrom('base_user_relation')
    .select('user_id')
    .where('object_type', '=', 'Group')
    .where('object_id', '=', g.id)
    .orderBy('sort_code')
    .execute();
  return { ...groupInfo(g, members.length), userIds: members.map((m) => m.user_id) };
}

/** PUT groupcustom/{id}: its type stays; `userIds`, when given, replaces the members. */
export async function updateGroup(req: FastifyRequest, id: string, b: GroupInput) {
  const g = await loadGroup(req, id, BTN.edit);
  if (typeOf(b.type) !== g.type) refuse(req, ApiCode.BAD_REQUEST, 'notFound');
  await req.server.kp.db
    .updateTable('base_group')
    .set({
      full_name: b.fullName,
      en_code: b.enCode ?? null,
      sort_code: b.sortCode ?? g.sort_code,
      enabled_mark: b.enabledMark ?? g.enabled_mark,
      description: b.description ?? null,
      last_modify_time: new Date(),
    })
    .where('id', '=', g.id)
    .execute();
  if (b.userIds) await setMembers(req, g.id, b.userIds);
  return msg('updated', lang(req));
}

/** DELETE groupcustom/{id}: the group and its member relations. */
export async function deleteGroup(req: FastifyRequest, id: string) {
  const g = await loadGroup(req, id, BTN.remove);
  await req.server.kp.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('base_user_relation')
      .where('object_type', '=', 'Group')
      .where('object_id', '=', g.id)
      .execute();
    await tx.deleteFrom('base_group').where('id', '=', g.id).execute();
  });
  return msg('deleted', lang(req));
}

// Groups (spec 4 §7 "Groups"): personal (type 0, owned by their creator, any signed-in user) and
// enterprise (type 1, permission.group with btn_add/btn_edit/btn_remove; read with the menu).
// Paths: GET /api/system/groupcustom/tree/{0|1} (data.list, nodes carry ucName), GET .../ImUser, and the
// CRUD chosen here: GET /api/system/groupcustom (?type), POST /api/system/groupcustom,
// GET|PUT|DELETE /api/system/groupcustom/{id}. Members are set with POST /api/permission/UserRelation/{id}
// (objectType Group) or with `userIds` in the create/update body.
import { ApiCode, GroupImUserQuery, GroupInput } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { GroupTable } from '../../../db/types';
import { ok } from '../../../http/envelope';
import { allows, me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { BTN, IdParam, lang, likeOf, MENU, ms, paging, refuse } from '../../permission/common';
import { msg } from '../../permission/messages';
import { accountOrName, member, orgNames } from '../users-common';

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

/** May the caller read / change the group? Personal: only its owner. Enterprise: the group menu (+ button). */
function mayUse(
  req: FastifyRequest,
  g: { type: number; creator_user_id: string | null },
  button?: string,
): boolean {
  const p = me(req);
  if (g.type === 0) return g.creator_user_id === p.userId;
  return allows(p, button ? { menu: MENU.group, button } : { menu: MENU.group });
}

async function loadGroup(req: FastifyRequest, id: string, button?: string): Promise<GroupRow> {
  const g = await req.server.kp.db
    .selectFrom('base_group')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) refuse(req, ApiCode.NOT_FOUND, 'notFound');
  if (!mayUse(req, g!, button)) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
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
  const db = req.server.kp.db;
  const ids = await knownMembers(req, userIds);
  await db.transaction().execute(async (tx) => {
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

export default async function groupRoutes(app: FastifyInstance) {
  const tags = ['system'];
  const db = () => app.kp.db;
  const TypeParams = {
    type: 'object',
    properties: { type: { type: 'string', enum: ['0', '1'] } },
    required: ['type'],
  } as const;

  /** Groups of one type the caller may see: their own personal groups, or every enterprise group. */
  const visible = async (req: FastifyRequest, type: number, keyword?: string) => {
    if (type === 1 && !allows(me(req), { menu: MENU.group })) {
      // Enterprise groups are shared pickers too: readable by every signed-in user, enabled ones only.
      return db()
        .selectFrom('base_group')
        .selectAll()
        .where('type', '=', 1)
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
    }
    let q = db().selectFrom('base_group').selectAll().where('type', '=', type);
    if (type === 0) q = q.where('creator_user_id', '=', me(req).userId);
    if (keyword) q = q.where('full_name', 'like', likeOf(keyword));
    return q.orderBy('sort_code').orderBy('creator_time').execute();
  };

  app.get(
    '/api/system/groupcustom/tree/:type',
    {
      config: { permission: { signedIn: 'owner' } },
      schema: { tags, summary: 'Personal (0) or enterprise (1) groups', params: TypeParams },
    },
    async (req) => {
      const type = typeOf((req.params as { type: string }).type);
      const rows = await visible(req, type);
      return ok({ list: rows.map((g) => groupInfo(g)) });
    },
  );

  app.get(
    '/api/system/groupcustom/ImUser',
    {
      config: { permission: { signedIn: 'owner' } },
      schema: { tags, summary: 'Users of a group or unit (paged)', querystring: GroupImUserQuery },
    },
    async (req) => {
      const q = req.query as GroupImUserQuery;
      const p = me(req);
      const { page, size, offset } = paging(q);
      let base = db().selectFrom('base_user as u').where('u.enabled_mark', '=', 1);
      if (q.groupId) {
        await loadGroup(req, q.groupId);
        base = base.where('u.id', 'in', (eb) =>
          eb
            .selectFrom('base_user_relation as r')
            .select('r.user_id')
            .where('r.object_type', '=', 'Group')
            .where('r.object_id', '=', q.groupId!),
        );
      } else if (q.organizeId && q.organizeId !== '0') {
        const unit = await db()
          .selectFrom('base_organize')
          .select('tree_path')
          .where('id', '=', q.organizeId)
          .executeTakeFirst();
        const ids = unit
          ? (
              await db()
                .selectFrom('base_organize')
                .select('id')
                .where((eb) =>
                  eb.or([
                    eb('tree_path', '=', unit.tree_path),
                    eb('tree_path', 'like', `${unit.tree_path},%`),
                  ]),
                )
                .execute()
            ).map((r) => r.id)
          : ['\u0000'];
        base = base.where((eb) => eb.or([eb('u.organize_id', 'in', ids), eb('u.department_id', 'in', ids)]));
      }
      // self: true/1 keeps the caller in the list; otherwise the caller is left out (pickers choose others).
      const self = q.self === true || q.self === 'true' || q.self === 1 || q.self === '1';
      if (!self) base = base.where('u.id', '<>', p.userId);
      if (q.keyword) base = base.where(accountOrName(q.keyword!));
      const [total, rows, names] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'u.organize_id', 'u.department_id'])
          .orderBy('u.sort_code')
          .orderBy('u.id')
          .limit(size)
          .offset(offset)
          .execute(),
        orgNames(req),
      ]);
      return ok({
        list: rows.map((r) => member(r, names)),
        pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
      });
    },
  );

  const ListQuery = {
    type: 'object',
    properties: {
      type: { type: 'integer', minimum: 0, maximum: 1 },
      keyword: { type: 'string', maxLength: 200 },
    },
  } as const;
  app.get(
    '/api/system/groupcustom',
    {
      config: { permission: { signedIn: 'owner' } },
      schema: { tags, summary: 'Groups the caller may see', querystring: ListQuery },
    },
    async (req) => {
      const q = req.query as { type?: number; keyword?: string };
      const types = q.type === undefined ? [0, 1] : [q.type];
      const rows = (await Promise.all(types.map((t) => visible(req, t, q.keyword)))).flat();
      return ok({ list: rows.map((g) => groupInfo(g)) });
    },
  );
  app.post(
    '/api/system/groupcustom',
    {
      config: { permission: { signedIn: 'owner' } },
      schema: { tags, summary: 'Create a group', body: GroupInput },
    },
    async (req) => {
      const b = req.body as GroupInput;
      const type = typeOf(b.type);
      if (type === 1 && !allows(me(req), { menu: MENU.group, button: BTN.add }))
        refuse(req, ApiCode.FORBIDDEN, 'noPermission');
      // a refused member list must not leave a group behind
      if (b.userIds) await knownMembers(req, b.userIds);
      const id = newId();
      await db()
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
      return ok({ id }, msg('created', lang(req)));
    },
  );
  app.get(
    '/api/system/groupcustom/:id',
    { config: { permission: { signedIn: 'owner' } }, schema: { tags, params: IdParam } },
    async (req) => {
      const g = await loadGroup(req, (req.params as IdParam).id);
      const members = await db()
        .selectFrom('base_user_relation')
        .select('user_id')
        .where('object_type', '=', 'Group')
        .where('object_id', '=', g.id)
        .orderBy('sort_code')
        .execute();
      return ok({ ...groupInfo(g, members.length), userIds: members.map((m) => m.user_id) });
    },
  );
  app.put(
    '/api/system/groupcustom/:id',
    { config: { permission: { signedIn: 'owner' } }, schema: { tags, params: IdParam, body: GroupInput } },
    async (req) => {
      const g = await loadGroup(req, (req.params as IdParam).id, BTN.edit);
      const b = req.body as GroupInput;
      if (typeOf(b.type) !== g.type) refuse(req, ApiCode.BAD_REQUEST, 'notFound');
      await db()
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
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.delete(
    '/api/system/groupcustom/:id',
    { config: { permission: { signedIn: 'owner' } }, schema: { tags, params: IdParam } },
    async (req) => {
      const g = await loadGroup(req, (req.params as IdParam).id, BTN.remove);
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .deleteFrom('base_user_relation')
            .where('object_type', '=', 'Group')
            .where('object_id', '=', g.id)
            .execute();
          await tx.deleteFrom('base_group').where('id', '=', g.id).execute();
        });
      return ok(null, msg('deleted', lang(req)));
    },
  );
}

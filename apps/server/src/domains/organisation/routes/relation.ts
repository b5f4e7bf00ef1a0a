// Member relations (spec 4 §7 UserRelation): GET/POST /api/permission/UserRelation/{objectId}
// with objectType Position | Role | Group and userIds. The permission depends on objectType, so the
// route asks for a session and checks with the framework's `allows` in code: Position needs
// permission.position + btn_edit, Role permission.role + btn_edit (and the role must be assignable by
// the caller), Group an enterprise group needs permission.group + btn_edit, a personal group its owner.
// Callers without scope 'all' on the user menu only add or remove users in their scope.
import { ApiCode, UserRelationBody, UserRelationQuery } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope';
import { allows, me } from '../../auth/guard';
import { assertOutranks } from '../../auth/rank';
import { newId } from '../../auth/tokens';
import { BTN, IdParam, lang, MENU, outOfScope, refuse } from '../../permission/common';
import { msg } from '../../permission/messages';
import { filterOrNone, hasAllScope, POS_COLS, USER_COLS } from '../../permission/scope';
import { assertAssignableRoles, member, orgNames } from '../users-common';

type ObjType = 'Position' | 'Role' | 'Group';

/** Checks the caller may read (write=false) or change the members of the object. */
async function assertObject(req: FastifyRequest, type: ObjType, id: string, write: boolean) {
  const p = me(req);
  const db = req.server.kp.db;
  if (type === 'Position') {
    if (!allows(p, write ? { menu: MENU.position, button: BTN.edit } : { menu: MENU.position }))
      refuse(req, ApiCode.FORBIDDEN, 'noPermission');
    const pos = await db
      .selectFrom('base_position as p')
      .select('p.id')
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!pos) refuse(req, ApiCode.NOT_FOUND, 'unknownPosition');
    const inScope = await db
      .selectFrom('base_position as p')
      .select('p.id')
      .where('p.id', '=', id)
      .where(filterOrNone(p, MENU.position, POS_COLS))
      .executeTakeFirst();
    if (!inScope) outOfScope(req);
  } else if (type === 'Role') {
    if (!allows(p, write ? { menu: MENU.role, button: BTN.edit } : { menu: MENU.role }))
      refuse(req, ApiCode.FORBIDDEN, 'noPermission');
    const role = await db.selectFrom('base_role').select('id').where('id', '=', id).executeTakeFirst();
    if (!role) refuse(req, ApiCode.NOT_FOUND, 'unknownRole');
    if (write) await assertAssignableRoles(req, [id]);
  } else {
    const g = await db.selectFrom('base_group').selectAll().where('id', '=', id).executeTakeFirst();
    if (!g) refuse(req, ApiCode.NOT_FOUND, 'notFound');
    if (g!.type === 0) {
      if (g!.creator_user_id !== p.userId) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
    } else if (!allows(p, write ? { menu: MENU.group, button: BTN.edit } : { menu: MENU.group }))
      refuse(req, ApiCode.FORBIDDEN, 'noPermission');
  }
}

export default async function relationRoutes(app: FastifyInstance) {
  const tags = ['permission'];
  const db = () => app.kp.db;

  app.get(
    '/api/permission/UserRelation/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: {
        tags,
        summary: 'Members of a position, role or group (objectType in the query; default Role)',
        params: IdParam,
        querystring: UserRelationQuery,
      },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const type = ((req.query as { objectType?: ObjType }).objectType ?? 'Role') as ObjType;
      await assertObject(req, type, id, false);
      const [rows, names] = await Promise.all([
        db()
          .selectFrom('base_user_relation as r')
          .innerJoin('base_user as u', 'u.id', 'r.user_id')
          .select(['u.id', 'u.account', 'u.real_name', 'u.organize_id', 'u.department_id', 'u.head_icon'])
          .where('r.object_type', '=', type)
          .where('r.object_id', '=', id)
          .orderBy('r.sort_code')
          .orderBy('u.sort_code')
          .execute(),
        orgNames(req),
      ]);
      return ok({
        ids: rows.map((r) => r.id),
        list: rows.map((r) => member(r, names)),
      });
    },
  );

  app.post(
    '/api/permission/UserRelation/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: {
        tags,
        summary: 'Replace the members of a position, role or group',
        params: IdParam,
        body: UserRelationBody,
      },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const { objectType, userIds } = req.body as UserRelationBody;
      await assertObject(req, objectType, id, true);
      const p = me(req);
      const wanted = [...new Set(userIds)];
      const existing = (
        await db()
          .selectFrom('base_user_relation')
          .select('user_id')
          .where('object_type', '=', objectType)
          .where('object_id', '=', id)
          .execute()
      ).map((r) => r.user_id);
      const touched = [...new Set([...wanted, ...existing])];
      const found = wanted.length
        ? await db().selectFrom('base_user').select('id').where('id', 'in', wanted).execute()
        : [];
      if (found.length !== wanted.length) refuse(req, ApiCode.BAD_REQUEST, 'unknownUser');
      // Personal groups hold any users; otherwise only users in the caller's scope are added or removed.
      const personal =
        objectType === 'Group' &&
        (await db().selectFrom('base_group').select('type').where('id', '=', id).executeTakeFirst())?.type ===
          0;
      let manageable = new Set(touched);
      if (!personal && !hasAllScope(p, MENU.user) && touched.length) {
        const rows = await db()
          .selectFrom('base_user as u')
          .select('u.id')
          .where('u.id', 'in', touched)
          .where(filterOrNone(p, MENU.user, USER_COLS))
          .execute();
        manageable = new Set(rows.map((r) => r.id));
        if (wanted.some((u) => !manageable.has(u) && !existing.includes(u))) outOfScope(req);
      }
      const keep = existing.filter((u) => !manageable.has(u));
      const final = [...new Set([...keep, ...wanted])];
      // rank (auth/rank.ts): members added or removed must be outranked by the caller
      if (!personal)
        await assertOutranks(req, ...touched.filter((u) => final.includes(u) !== existing.includes(u)));
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .deleteFrom('base_user_relation')
            .where('object_type', '=', objectType)
            .where('object_id', '=', id)
            .execute();

          for (let i = 0; i < final.length; i += 500)
            await tx
              .insertInto('base_user_relation')
              .values(
                final.slice(i, i + 500).map((u, k) => ({
                  id: newId(),
                  user_id: u,
                  object_type: objectType,
                  object_id: id,
                  sort_code: i + k,
                })),
              )
              .execute();
        });
      if (objectType !== 'Group') await app.kp.authz.invalidate();
      return ok({ count: final.length }, msg('updated', lang(req)));
    },
  );
}

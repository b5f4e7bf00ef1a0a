// User pickers and chat users (spec 4 §7 "Users"): any signed-in user; answers carry picker fields only.
import { ApiCode, KeywordBody, UserIdListBody } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { nameIn } from '../../../db/stored-label';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { IdParam, lang, MENU, refuse } from '../../permission/common';
import {
  accountOrName,
  BASIC,
  basic,
  enabledUsers,
  ImUserQuery,
  OrgQuery,
  orgNames,
  PosQuery,
  pickerList,
  RoleOrgQuery,
  scopedUser,
  subtree,
  type UserRow,
  userPage,
} from '../users-common';

/** Chat users and the user pickers of the organisation API. */
export default async function userPickerRoutes(app: FastifyInstance) {
  const _user = { menu: MENU.user };
  const tags = ['permission'];
  const db = () => app.kp.db;

  // ---- chat users and pickers (any signed-in user; picker fields only) ----
  app.get(
    '/api/permission/Users/ImUser',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Chat contacts (paged)', querystring: ImUserQuery },
    },
    async (req) => {
      const q = req.query as { keyword?: string; currentPage?: number; pageSize?: number };
      return ok(await userPage(req, enabledUsers(db()).where('u.id', '<>', me(req).userId), q, basic));
    },
  );
  app.get(
    '/api/permission/users/ImAdminUser',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'The administrator account (feedback chat)' },
    },
    async (req) => {
      const row = await db()
        .selectFrom('base_user as u')
        .select(BASIC)
        .where('u.is_administrator', '=', true)
        .orderBy('u.creator_time')
        .executeTakeFirst();
      if (!row) refuse(req, ApiCode.NOT_FOUND, 'unknownUser');
      return ok(basic(row!, await orgNames(req)));
    },
  );
  app.post(
    '/api/permission/Users/ImUser/Selector/:id',
    // id: a unit ('0' the top). Answers the unit's child units and its users; with a keyword, matching users.
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: {
        tags,
        summary: 'Lazy user picker below a unit',
        params: IdParam,
        body: { ...KeywordBody, nullable: true },
      },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const kw = (req.body as KeywordBody | null)?.keyword;
      const names = await orgNames(req);
      if (kw) {
        const rows = await db()
          .selectFrom('base_user as u')
          .select(BASIC)
          .where('u.enabled_mark', '=', 1)
          .where(accountOrName(kw))
          .orderBy('u.sort_code')
          .limit(200)
          .execute();
        return ok({ list: rows.map((r) => ({ ...basic(r, names), hasChildren: false })) });
      }
      const top = id === '0' || id === '-1';
      const units = await db()
        .selectFrom('base_organize')
        .select(['id', 'full_name', 'full_name_i18n', 'category', 'parent_id'])
        .where('enabled_mark', '=', 1)
        .$if(top, (q) => q.where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '-1')])))
        .$if(!top, (q) => q.where('parent_id', '=', id))
        .orderBy('sort_code')
        .execute();
      const users = top
        ? []
        : await db()
            .selectFrom('base_user as u')
            .select(BASIC)
            .where('u.enabled_mark', '=', 1)
            .where((eb) =>
              eb.or([
                eb('u.department_id', '=', id),
                eb.and([eb('u.organize_id', '=', id), eb('u.department_id', 'is', null)]),
              ]),
            )
            .orderBy('u.sort_code')
            .execute();
      return ok({
        list: [
          ...units.map((u) => ({
            id: u.id,
            fullName: nameIn(u, lang(req)),
            type: u.category,
            hasChildren: true,
            icon: 'icon-ym icon-ym-tree-organization3',
          })),
          ...users.map((u) => ({ ...basic(u, names), hasChildren: false })),
        ],
      });
    },
  );
  app.post(
    '/api/permission/Users/getUserList',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Users by id (picker fields)', body: UserIdListBody },
    },
    async (req) => {
      const raw = (req.body as UserIdListBody).userId;
      const ids = [
        ...new Set((Array.isArray(raw) ? raw : raw.split(',')).map((s) => s.trim()).filter(Boolean)),
      ].slice(0, 10_000);
      if (!ids.length) return ok({ list: [] });
      const [rows, names] = await Promise.all([
        db().selectFrom('base_user as u').select(BASIC).where('u.id', 'in', ids).execute(),
        orgNames(req),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ok({ list: ids.filter((i) => byId.has(i)).map((i) => basic(byId.get(i)!, names)) });
    },
  );
  app.post(
    '/api/permission/Users/getSubordinates',
    // "My subordinates": users whose manager is the caller, and users of the departments the caller heads.
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'The caller’s subordinates', body: { ...KeywordBody, nullable: true } },
    },
    async (req) => {
      const p = me(req);
      const kw = (req.body as KeywordBody | null)?.keyword;
      const headed = (
        await db().selectFrom('base_organize').select('id').where('manager_id', '=', p.userId).execute()
      ).map((r) => r.id);
      let q = db()
        .selectFrom('base_user as u')
        .select(BASIC)
        .where('u.enabled_mark', '=', 1)
        .where('u.id', '<>', p.userId)
        .where((eb) =>
          eb.or([
            eb('u.manager_id', '=', p.userId),
            ...(headed.length ? [eb('u.department_id', 'in', headed)] : []),
          ]),
        );
      if (kw) q = q.where(accountOrName(kw));
      return ok(await pickerList(req, q.orderBy('u.sort_code').execute()));
    },
  );
  app.get(
    '/api/permission/Users/getOrganization',
    // The units of a user (the caller by default; another user needs the user menu and scope).
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, summary: 'A user’s company and department with their paths', querystring: OrgQuery },
    },
    async (req) => {
      const q = req.query as { userId?: string };
      const p = me(req);
      let row: Pick<UserRow, 'organize_id' | 'department_id'>;
      if (q.userId && q.userId !== p.userId) row = await scopedUser(req, q.userId);
      else row = { organize_id: p.organizeId, department_id: p.departmentId };
      const ids = [row.organize_id, row.department_id].filter((x): x is string => !!x);
      if (!ids.length) return ok({ list: [] });
      const units = await db().selectFrom('base_organize').selectAll().where('id', 'in', ids).execute();
      const names = await orgNames(req);
      return ok({
        list: units.map((u) => ({
          id: u.id,
          fullName: names(u.id),
          category: u.category,
          organizeIdTree: u.tree_path.split(','),
          organizeName: u.tree_path.split(',').map(names).join('/'),
        })),
      });
    },
  );
  app.get(
    '/api/permission/Users/GetUsersByPositionId',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Users holding a position', querystring: PosQuery },
    },
    async (req) => {
      const { positionId } = req.query as { positionId: string };
      return ok(
        await pickerList(
          req,
          db()
            .selectFrom('base_user as u')
            .innerJoin('base_user_relation as r', 'r.user_id', 'u.id')
            .select(BASIC)
            .where('r.object_type', '=', 'Position')
            .where('r.object_id', '=', positionId)
            .where('u.enabled_mark', '=', 1)
            .orderBy('u.sort_code')
            .execute(),
        ),
      );
    },
  );
  app.get(
    '/api/permission/Users/GetUsersByRoleOrgId',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: {
        tags,
        summary: 'Users holding a role, optionally within a unit subtree',
        querystring: RoleOrgQuery,
      },
    },
    async (req) => {
      const q = req.query as { roleId: string; organizeId?: string; keyword?: string };
      let base = db()
        .selectFrom('base_user as u')
        .innerJoin('base_user_relation as r', 'r.user_id', 'u.id')
        .select(BASIC)
        .where('r.object_type', '=', 'Role')
        .where('r.object_id', '=', q.roleId)
        .where('u.enabled_mark', '=', 1);
      if (q.organizeId && q.organizeId !== '0') {
        const ids = await subtree(req, q.organizeId);
        base = base.where((eb) =>
          eb.or([
            eb('u.organize_id', 'in', ids.length ? ids : ['\u0000']),
            eb('u.department_id', 'in', ids.length ? ids : ['\u0000']),
          ]),
        );
      }
      if (q.keyword) base = base.where(accountOrName(q.keyword!));
      return ok(await pickerList(req, base.orderBy('u.sort_code').execute()));
    },
  );
}

// User administration (spec 4 §7 "Users"): list, CRUD, actions, pickers, chat users. Menu permission.user;
// lists, reads and writes go through the data-scope filter on that menu.
import {
  ApiCode,
  KeywordBody,
  PermissionStateBody,
  ResetPasswordBody,
  type UserDetail,
  UserIdListBody,
  UserInput,
  UserListQuery,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { buildTree } from '../../db/tree';
import { MSG } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { languageOf, translate } from '../../http/i18n';
import { defaultPasswordMd5, setUserPassword, unlockUser } from '../auth/accounts';
import { me } from '../auth/guard';
import { hashPasswordMd5, isWeakPasswordMd5 } from '../auth/password';
import { newId } from '../auth/tokens';
import { BTN, IdParam, lang, likeOf, MENU, paging, refuse } from '../permission/common';
import { scopeKey } from '../permission/data-scope';
import { msg } from '../permission/messages';
import { filterOrNone, hasAllScope, nonEmpty, USER_COLS } from '../permission/scope';
import {
  assertAssignableRoles,
  assertPositions,
  assertUserFields,
  managedUser,
  orgNames,
  placeInScope,
  placeOf,
  relationIds,
  scopedUser,
  setRelations,
  type UserRow,
  userItem,
} from './users-common';

const BASIC = [
  'u.id',
  'u.account',
  'u.real_name',
  'u.head_icon',
  'u.organize_id',
  'u.department_id',
  'u.gender',
] as const;
type Basic = Pick<
  UserRow,
  'id' | 'account' | 'real_name' | 'head_icon' | 'organize_id' | 'department_id' | 'gender'
>;
/** The fields a picker may show of any user: no phone, e-mail or state. */
const basic = (r: Basic, orgName: (id: string | null) => string) => ({
  id: r.id,
  account: r.account,
  realName: r.real_name,
  fullName: `${r.real_name}/${r.account}`,
  headIcon: r.head_icon,
  organizeId: r.department_id ?? r.organize_id,
  organize: [orgName(r.organize_id), orgName(r.department_id)].filter(Boolean).join('/'),
  department: orgName(r.department_id),
  gender: r.gender === '1' || r.gender === '2' ? Number(r.gender) : null,
  type: 'user',
  icon: 'icon-ym icon-ym-tree-user2',
});

const PosQuery = {
  type: 'object',
  properties: { positionId: { type: 'string', maxLength: 64 } },
  required: ['positionId'],
} as const;
const RoleOrgQuery = {
  type: 'object',
  properties: {
    roleId: { type: 'string', maxLength: 64 },
    organizeId: { type: 'string', maxLength: 64 },
    keyword: { type: 'string', maxLength: 200 },
  },
  required: ['roleId'],
} as const;
const ImUserQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 20_000 },
  },
} as const;
const OrgQuery = { type: 'object', properties: { userId: { type: 'string', maxLength: 64 } } } as const;

/** Subtree ids of a unit (the unit itself included). */
async function subtree(req: FastifyRequest, unitId: string): Promise<string[]> {
  const db = req.server.kp.db;
  const u = await db
    .selectFrom('base_organize')
    .select('tree_path')
    .where('id', '=', unitId)
    .executeTakeFirst();
  if (!u) return [];
  const rows = await db
    .selectFrom('base_organize')
    .select('id')
    .where((eb) => eb.or([eb('tree_path', '=', u.tree_path), eb('tree_path', 'like', `${u.tree_path},%`)]))
    .execute();
  return rows.map((r) => r.id);
}

export default async function userRoutes(app: FastifyInstance) {
  const user = { menu: MENU.user };
  const tags = ['permission'];
  const db = () => app.kp.db;

  app.get(
    '/api/permission/Users',
    {
      config: { permission: user },
      schema: { tags, summary: 'Users (paged, data-scoped)', querystring: UserListQuery },
    },
    async (req, reply) => {
      const q = req.query as UserListQuery;
      const { page, size } = paging(q);
      // Pages are cached per scope and query until any organisation table changes (db/read-cache.ts).
      const key = `users.list|${scopeKey(me(req), MENU.user)}|${JSON.stringify([page, size, q.keyword ?? '', q.organizeId ?? '', q.enabledMark ?? ''])}`;
      // Kept as JSON text: a cached page is sent without serialising it again.
      const json = await app.kp.dbHandle.cache.get(key, async () => JSON.stringify(await userPage(req, q)));
      const text = translate(MSG.ok, languageOf(req.headers['accept-language']));
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"code":${ApiCode.OK},"msg":${JSON.stringify(text)},"data":${json}}`);
    },
  );

  async function userPage(req: FastifyRequest, q: UserListQuery) {
    const { page, size, offset } = paging(q);
    const unitIds =
      q.organizeId && q.organizeId !== '0' && q.organizeId !== '-1'
        ? nonEmpty(await subtree(req, q.organizeId))
        : null;
    const scope = filterOrNone(me(req), MENU.user, USER_COLS);
    // One builder for the page and its count: the same scope and filters on both.
    const filtered = () => {
      let b = db().selectFrom('base_user as u').where(scope);
      if (q.keyword) {
        const kw = likeOf(q.keyword);
        b = b.where((eb) =>
          eb.or([
            eb('u.account', 'like', kw),
            eb('u.real_name', 'like', kw),
            eb('u.mobile_phone', 'like', kw),
          ]),
        );
      }
      if (unitIds)
        b = b.where((eb) =>
          eb.or([eb('u.organize_id', 'in', unitIds), eb('u.department_id', 'in', unitIds)]),
        );
      if (q.enabledMark === 2) b = b.where('u.locked_at', 'is not', null);
      else if (q.enabledMark !== undefined) b = b.where('u.enabled_mark', '=', q.enabledMark);
      return b;
    };
    // One round trip: the page's ids first (an index-only walk of base_user_list_order when the scope
    // allows), then those rows with their unit names, and the total as a scalar subquery evaluated once.
    const pageIds = filtered()
      .select('u.id')
      .orderBy('u.sort_code')
      .orderBy('u.creator_time')
      .orderBy('u.id')
      .limit(size)
      .offset(offset);
    const rows = await db()
      .selectFrom('base_user as u')
      .innerJoin(pageIds.as('p'), 'p.id', 'u.id')
      .leftJoin('base_organize as oc', 'oc.id', 'u.organize_id')
      .leftJoin('base_organize as od', 'od.id', 'u.department_id')
      .selectAll('u')
      .select(['oc.full_name as company_name', 'od.full_name as dept_name'])
      .select(
        filtered()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .as('total'),
      )
      .orderBy('u.sort_code')
      .orderBy('u.creator_time')
      .orderBy('u.id')
      .execute();
    const total = rows.length
      ? Number(rows[0].total)
      : Number(
          (
            await filtered()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
    const list = rows.map((r) => {
      const names = (id: string | null) =>
        id && id === r.organize_id
          ? (r.company_name ?? '')
          : id && id === r.department_id
            ? (r.dept_name ?? '')
            : '';
      return userItem(r, names);
    });
    return { list, pagination: { currentPage: page, pageSize: size, total } };
  }

  app.get(
    '/api/permission/Users/All',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Every enabled user (picker fields only)' },
    },
    async (req) => {
      const [rows, names] = await Promise.all([
        db()
          .selectFrom('base_user as u')
          .select(BASIC)
          .where('u.enabled_mark', '=', 1)
          .orderBy('u.sort_code')
          .execute(),
        orgNames(req),
      ]);
      return ok({ list: rows.map((r) => basic(r, names)) });
    },
  );

  app.get(
    '/api/permission/Users/Selector',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Unit tree with users as leaves (type user)' },
    },
    async (req) => {
      const [orgs, users, names] = await Promise.all([
        db()
          .selectFrom('base_organize')
          .selectAll()
          .where('enabled_mark', '=', 1)
          .orderBy('sort_code')
          .orderBy('creator_time')
          .execute(),
        db()
          .selectFrom('base_user as u')
          .select(BASIC)
          .where('u.enabled_mark', '=', 1)
          .orderBy('u.sort_code')
          .execute(),
        orgNames(req),
      ]);
      const nodes: Array<Record<string, unknown> & { id: string; parentId: string | null }> = orgs.map(
        (o) => ({
          id: o.id,
          parentId: o.parent_id,
          fullName: o.full_name,
          type: o.category,
          onlyId: `organize-${o.id}`,
          icon:
            o.category === 'company'
              ? 'icon-ym icon-ym-tree-organization3'
              : 'icon-ym icon-ym-tree-department1',
        }),
      );
      for (const u of users)
        nodes.push({
          ...basic(u, names),
          id: u.id,
          parentId: u.department_id ?? u.organize_id,
          onlyId: `user-${u.id}`,
        });
      return ok({ list: buildTree(nodes) });
    },
  );

  app.post(
    '/api/permission/Users',
    { config: { permission: { ...user, button: BTN.add } }, schema: { tags, body: UserInput } },
    async (req) => {
      const b = req.body as UserInput;
      assertUserFields(req, b);
      const p = me(req);
      const place = await placeOf(req, b.organizeId);
      if (
        !placeInScope(
          p,
          hasAllScope(p, MENU.user) ? 'all' : (p.modules.get(MENU.user)?.scope ?? 'self'),
          place,
        )
      )
        refuse(req, ApiCode.FORBIDDEN, 'outOfScope');
      await assertPositions(req, b.positionIds ?? []);
      await assertAssignableRoles(req, b.roleIds ?? []);
      const dupe = await db()
        .selectFrom('base_user')
        .select('id')
        .where(sql`lower(account)`, '=', b.account.toLowerCase())
        .executeTakeFirst();
      if (dupe) refuse(req, ApiCode.CONFLICT, 'duplicateAccount');
      const md5 = b.password ?? (await defaultPasswordMd5(app.kp));
      const id = newId();
      const passwordHash = await hashPasswordMd5(md5, app.kp.options.bcryptCost);
      // The user and its relations commit together (a crash never leaves a user without its unit).
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .insertInto('base_user')
            .values({
              id,
              account: b.account,
              real_name: b.realName,
              password_hash: passwordHash,
              password_weak: !b.password || isWeakPasswordMd5(md5),
              gender:
                b.gender == null ? null : String(b.gender === '男' ? 1 : b.gender === '女' ? 2 : b.gender),
              mobile_phone: b.mobilePhone ?? null,
              email: b.email ?? null,
              ...place,
              manager_id: b.managerId ?? null,
              head_icon: b.headIcon ?? null,
              enabled_mark: b.enabledMark ?? 1,
              sort_code: b.sortCode ?? 0,
              description: b.description ?? null,
              creator_user_id: p.userId,
            })
            .execute();
          await setRelations(req, id, 'Organize', [place.department_id ?? place.organize_id], tx);
          await setRelations(req, id, 'Position', b.positionIds ?? [], tx);
          await setRelations(req, id, 'Role', b.roleIds ?? [], tx);
        });
      return ok({ id }, msg('created', lang(req)));
    },
  );

  app.get(
    '/api/permission/Users/:id',
    { config: { permission: user }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await scopedUser(req, (req.params as IdParam).id);
      const rel = await relationIds(req, row.id);
      const detail: UserDetail = {
        ...userItem(row, await orgNames(req)),
        managerId: row.manager_id,
        positionIds: rel.positionIds,
        roleIds: rel.roleIds,
        groupIds: rel.groupIds,
      };
      return ok(detail);
    },
  );

  app.put(
    '/api/permission/Users/:id',
    {
      config: { permission: { ...user, button: BTN.edit } },
      schema: { tags, params: IdParam, body: UserInput },
    },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      const b = req.body as UserInput;
      assertUserFields(req, b);
      const p = me(req);
      const place = await placeOf(req, b.organizeId);
      const moved = place.organize_id !== row.organize_id || place.department_id !== row.department_id;
      if (
        moved &&
        !placeInScope(
          p,
          hasAllScope(p, MENU.user) ? 'all' : (p.modules.get(MENU.user)?.scope ?? 'self'),
          place,
        )
      )
        refuse(req, ApiCode.FORBIDDEN, 'outOfScope');
      if (b.positionIds) await assertPositions(req, b.positionIds);
      if (b.roleIds) {
        const current = (await relationIds(req, row.id)).roleIds;
        await assertAssignableRoles(
          req,
          b.roleIds.filter((r) => !current.includes(r)),
        );
      }
      const dupe = await db()
        .selectFrom('base_user')
        .select('id')
        .where(sql`lower(account)`, '=', b.account.toLowerCase())
        .where('id', '<>', row.id)
        .executeTakeFirst();
      if (dupe) refuse(req, ApiCode.CONFLICT, 'duplicateAccount');
      if (row.id === p.userId && b.enabledMark === 0) refuse(req, ApiCode.BAD_REQUEST, 'disableSelf');
      await db()
        .updateTable('base_user')
        .set({
          account: b.account,
          real_name: b.realName,
          gender: b.gender == null ? null : String(b.gender === '男' ? 1 : b.gender === '女' ? 2 : b.gender),
          mobile_phone: b.mobilePhone ?? null,
          email: b.email ?? null,
          ...place,
          manager_id: b.managerId ?? null,
          head_icon: b.headIcon ?? row.head_icon,
          enabled_mark: b.enabledMark ?? row.enabled_mark,
          sort_code: b.sortCode ?? row.sort_code,
          description: b.description ?? null,
          last_modify_time: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      if (moved) await setRelations(req, row.id, 'Organize', [place.department_id ?? place.organize_id]);
      if (b.positionIds) await setRelations(req, row.id, 'Position', b.positionIds);
      if (b.roleIds) await setRelations(req, row.id, 'Role', b.roleIds);
      await app.kp.authz.invalidate(row.id);
      if (b.enabledMark === 0 && row.enabled_mark !== 0)
        await app.kp.sessions.endAllOfUser(row.id, 'disabled', '账号已被禁用，请联系管理员');
      return ok(null, msg('updated', lang(req)));
    },
  );

  app.delete(
    '/api/permission/Users/:id',
    { config: { permission: { ...user, button: BTN.remove } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      if (row.id === me(req).userId) refuse(req, ApiCode.BAD_REQUEST, 'deleteSelf');
      if (row.is_administrator) refuse(req, ApiCode.BAD_REQUEST, 'deleteAdmin');
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx.deleteFrom('base_user_relation').where('user_id', '=', row.id).execute();
          await tx.deleteFrom('base_user_staff').where('user_id', '=', row.id).execute();
          await tx.deleteFrom('base_user_extra').where('user_id', '=', row.id).execute();
          await tx.deleteFrom('base_organize_admin').where('user_id', '=', row.id).execute();
          await tx.deleteFrom('base_column_setting').where('user_id', '=', row.id).execute();
          await tx.deleteFrom('base_user').where('id', '=', row.id).execute();
        });
      await app.kp.sessions.endAllOfUser(row.id, 'disabled', '账号已被删除');
      await app.kp.authz.invalidate(row.id);
      return ok(null, msg('deleted', lang(req)));
    },
  );

  app.post(
    '/api/permission/Users/:id/Actions/ResetPassword',
    // Body { userPassword } (MD5 hex); without it the system default password is set. Either way the
    // password is flagged weak so the user is asked to change it, and their sessions end.
    {
      config: { permission: { ...user, button: BTN.resetPassword } },
      schema: { tags, params: IdParam, body: { ...ResetPasswordBody, nullable: true } },
    },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      const b = (req.body ?? {}) as ResetPasswordBody;
      if (
        b.userPassword &&
        b.validatePassword &&
        b.userPassword.toLowerCase() !== b.validatePassword.toLowerCase()
      )
        refuse(req, ApiCode.BAD_REQUEST, 'password');
      const md5 = b.userPassword ?? (await defaultPasswordMd5(app.kp));
      await setUserPassword(app.kp, row.id, md5, { byAdmin: true });
      return ok(null, msg('resetDone', lang(req)));
    },
  );
  app.put(
    '/api/permission/Users/:id/Actions/State',
    // Body { enabledMark: 0|1 } sets the state; an empty body toggles it. Disabling ends the user's sessions.
    {
      config: { permission: { ...user, button: BTN.state } },
      schema: { tags, params: IdParam, body: { ...PermissionStateBody, nullable: true } },
    },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      const want = (req.body as PermissionStateBody | null)?.enabledMark;
      const next = want ?? (row.enabled_mark === 1 ? 0 : 1);
      if (next === 0 && row.id === me(req).userId) refuse(req, ApiCode.BAD_REQUEST, 'disableSelf');
      if (next === 0 && row.is_administrator) refuse(req, ApiCode.BAD_REQUEST, 'deleteAdmin');
      await db()
        .updateTable('base_user')
        .set({ enabled_mark: next, last_modify_time: new Date() })
        .where('id', '=', row.id)
        .execute();
      if (next === 0) await app.kp.sessions.endAllOfUser(row.id, 'disabled', '账号已被禁用，请联系管理员');
      await app.kp.authz.invalidate(row.id);
      return ok({ enabledMark: next }, msg('updated', lang(req)));
    },
  );
  app.put(
    '/api/permission/Users/:id/Actions/unlock',
    { config: { permission: { ...user, button: BTN.unlock } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      await unlockUser(app.kp, row.id);
      return ok(null, msg('lockedUnlocked', lang(req)));
    },
  );

  // ---- chat users and pickers (any signed-in user; picker fields only) ----
  app.get(
    '/api/permission/Users/ImUser',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Chat contacts (paged)', querystring: ImUserQuery },
    },
    async (req) => {
      const q = req.query as { keyword?: string; currentPage?: number; pageSize?: number };
      const { page, size, offset } = paging(q);
      let base = db()
        .selectFrom('base_user as u')
        .where('u.enabled_mark', '=', 1)
        .where('u.id', '<>', me(req).userId);
      if (q.keyword) {
        const kw = likeOf(q.keyword);
        base = base.where((eb) => eb.or([eb('u.account', 'like', kw), eb('u.real_name', 'like', kw)]));
      }
      const [total, rows, names] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base.select(BASIC).orderBy('u.sort_code').orderBy('u.id').limit(size).offset(offset).execute(),
        orgNames(req),
      ]);
      return ok({
        list: rows.map((r) => basic(r, names)),
        pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
      });
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
          .where((eb) => eb.or([eb('u.account', 'like', likeOf(kw)), eb('u.real_name', 'like', likeOf(kw))]))
          .orderBy('u.sort_code')
          .limit(200)
          .execute();
        return ok({ list: rows.map((r) => ({ ...basic(r, names), hasChildren: false })) });
      }
      const top = id === '0' || id === '-1';
      const units = await db()
        .selectFrom('base_organize')
        .select(['id', 'full_name', 'category', 'parent_id'])
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
            fullName: u.full_name,
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
      if (kw)
        q = q.where((eb) =>
          eb.or([eb('u.account', 'like', likeOf(kw)), eb('u.real_name', 'like', likeOf(kw))]),
        );
      const [rows, names] = await Promise.all([q.orderBy('u.sort_code').execute(), orgNames(req)]);
      return ok({ list: rows.map((r) => basic(r, names)) });
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
          fullName: u.full_name,
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
      const [rows, names] = await Promise.all([
        db()
          .selectFrom('base_user as u')
          .innerJoin('base_user_relation as r', 'r.user_id', 'u.id')
          .select(BASIC)
          .where('r.object_type', '=', 'Position')
          .where('r.object_id', '=', positionId)
          .where('u.enabled_mark', '=', 1)
          .orderBy('u.sort_code')
          .execute(),
        orgNames(req),
      ]);
      return ok({ list: rows.map((r) => basic(r, names)) });
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
      if (q.keyword)
        base = base.where((eb) =>
          eb.or([eb('u.account', 'like', likeOf(q.keyword!)), eb('u.real_name', 'like', likeOf(q.keyword!))]),
        );
      const [rows, names] = await Promise.all([base.orderBy('u.sort_code').execute(), orgNames(req)]);
      return ok({ list: rows.map((r) => basic(r, names)) });
    },
  );
}

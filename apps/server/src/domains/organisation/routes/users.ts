// User administration (spec 4 §7 "Users"): list, CRUD and actions (pickers: user-pickers.ts). Menu permission.user;
// lists, reads and writes go through the data-scope filter on that menu.
import {
  ApiCode,
  PermissionStateBody,
  ResetPasswordBody,
  type UserDetail,
  UserInput,
  UserListQuery,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { joinedNameIn } from '../../../db/stored-label';
import { buildTree } from '../../../db/tree';
import { ok, okJson, sendJsonText } from '../../../http/envelope';
import { setUserPassword, unlockUser } from '../../auth/accounts';
import { me } from '../../auth/guard';
import { isRetiredPasswordMd5, newOneTimePassword } from '../../auth/one-time-password';
import { hashPasswordMd5, isWeakPasswordMd5 } from '../../auth/password';
import { newId } from '../../auth/tokens';
import { BTN, IdParam, lang, likeOf, MENU, paging, refuse } from '../../permission/common';
import { scopeKey } from '../../permission/data-scope';
import { msg } from '../../permission/messages';
import { filterOrNone, hasAllScope, nonEmpty, USER_COLS } from '../../permission/scope';
import {
  assertAssignableRoles,
  assertPositions,
  assertUserFields,
  BASIC,
  basic,
  managedUser,
  orgNames,
  pickerList,
  placeInScope,
  placeOf,
  refuseTakenEmail,
  relationIds,
  scopedUser,
  setRelations,
  subtree,
  userItem,
} from '../users-common';

/** The gender column's code: 男 1, 女 2, anything else kept as given. */
const genderCode = (g: UserInput['gender']) =>
  g == null ? null : String(g === '男' ? 1 : g === '女' ? 2 : g);

/** Whether the caller's user-module data scope covers this place (unit and department). */
const userPlaceInScope = (p: ReturnType<typeof me>, place: Parameters<typeof placeInScope>[2]) =>
  placeInScope(p, hasAllScope(p, MENU.user) ? 'all' : (p.modules.get(MENU.user)?.scope ?? 'self'), place);

/** 409 duplicateAccount when another user (not `selfId`) has this account, case-insensitively. */
async function refuseTakenAccount(req: FastifyRequest, account: string, selfId: string | null) {
  const dupe = await req.server.kp.db
    .selectFrom('base_user')
    .select('id')
    .where(sql`lower(account)`, '=', account.toLowerCase())
    .$if(selfId != null, (q) => q.where('id', '<>', selfId ?? ''))
    .executeTakeFirst();
  if (dupe) refuse(req, ApiCode.CONFLICT, 'duplicateAccount');
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
    (req, reply) => {
      const q = req.query as UserListQuery;
      const { page, size } = paging(q);
      const language = lang(req);
      // Pages are cached per scope, language (unit names) and query until any organisation table changes
      // (db/read-cache.ts). Kept as JSON text, the page and its answer: a cached page is sent as it is.
      const key = `users.list|${scopeKey(me(req), MENU.user)}|${language}|${JSON.stringify([page, size, q.keyword ?? '', q.organizeId ?? '', q.enabledMark ?? ''])}`;
      const { cache } = app.kp.dbHandle;
      const answerKey = `${key}|answer`;
      return sendJsonText(reply, cache.peek<string>(answerKey), () =>
        cache.get(answerKey, async () =>
          okJson(await cache.get(key, async () => JSON.stringify(await userPage(req, q))), language),
        ),
      );
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
      .select([
        'oc.full_name as company_name',
        'oc.full_name_i18n as company_i18n',
        'od.full_name as dept_name',
        'od.full_name_i18n as dept_i18n',
      ])
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
    const language = lang(req);
    const list = rows.map((r) => {
      const names = (id: string | null) =>
        (id && id === r.organize_id
          ? joinedNameIn(r.company_name, r.company_i18n, language)
          : id && id === r.department_id
            ? joinedNameIn(r.dept_name, r.dept_i18n, language)
            : '') ?? '';
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
      return ok(
        await pickerList(
          req,
          db()
            .selectFrom('base_user as u')
            .select(BASIC)
            .where('u.enabled_mark', '=', 1)
            .orderBy('u.sort_code')
            .execute(),
        ),
      );
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
          fullName: names(o.id),
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
      if (!userPlaceInScope(p, place)) refuse(req, ApiCode.FORBIDDEN, 'outOfScope');
      await assertPositions(req, b.positionIds ?? []);
      await assertAssignableRoles(req, b.roleIds ?? []);
      await refuseTakenAccount(req, b.account, null);
      await refuseTakenEmail(req, b.email, null);
      // No default password: without one chosen, a random one-time password answered once (below).
      if (b.password && isRetiredPasswordMd5(b.password)) refuse(req, ApiCode.BAD_REQUEST, 'password');
      const oneTime = b.password ? null : newOneTimePassword();
      const md5 = b.password ?? oneTime!.md5;
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
              gender: genderCode(b.gender),
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
      return ok(oneTime ? { id, password: oneTime.plain } : { id }, msg('created', lang(req)));
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
      if (moved && !userPlaceInScope(p, place)) refuse(req, ApiCode.FORBIDDEN, 'outOfScope');
      if (b.positionIds) await assertPositions(req, b.positionIds);
      if (b.roleIds) {
        const current = (await relationIds(req, row.id)).roleIds;
        await assertAssignableRoles(
          req,
          b.roleIds.filter((r) => !current.includes(r)),
        );
      }
      await refuseTakenAccount(req, b.account, row.id);
      await refuseTakenEmail(req, b.email, row.id);
      if (row.id === p.userId && b.enabledMark === 0) refuse(req, ApiCode.BAD_REQUEST, 'disableSelf');
      await db()
        .updateTable('base_user')
        .set({
          account: b.account,
          real_name: b.realName,
          gender: genderCode(b.gender),
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
    // Body { userPassword } (MD5 hex); without it a random one-time password is set and answered once
    // ({password}). Either way the password is flagged weak so the user is asked to change it, and
    // their sessions end.
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
      if (b.userPassword && isRetiredPasswordMd5(b.userPassword))
        refuse(req, ApiCode.BAD_REQUEST, 'password');
      const oneTime = b.userPassword ? null : newOneTimePassword();
      await setUserPassword(app.kp, row.id, b.userPassword ?? oneTime!.md5, { byAdmin: true });
      return ok(oneTime ? { password: oneTime.plain } : null, msg('resetDone', lang(req)));
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
}

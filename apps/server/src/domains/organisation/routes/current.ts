// The current user's self-service calls (spec 1 §7 "Current user", under /api/permission/Users/Current).
// A session is all they need; each one only ever reads or writes the caller's own rows.
// ModifyPassword: both passwords arrive as MD5 hex, so the 6-16 letters-and-digits rule is checked by
// the host on the plain text; the server checks the old password, that the new one differs, and flags a
// known weak MD5 (invalidPassword) — see README.
import {
  ApiCode,
  CurrentBaseInfoBody,
  LANGUAGES,
  MajorBody,
  ModifyPasswordBody,
  SystemLogQuery,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nameIn } from '../../../db/stored-label';
import { buildTree } from '../../../db/tree';
import { ApiError, MSG } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { setUserPassword } from '../../auth/accounts';
import { checkOldPassword } from '../../auth/credentials';
import { me } from '../../auth/guard';
import { isRetiredPasswordMd5 } from '../../auth/one-time-password';
import { isWeakPasswordMd5 } from '../../auth/password';
import { badInput, IdParam, lang, MENU, ms, paging, refuse } from '../../permission/common';
import { msg } from '../../permission/messages';
import { checkFields, problemsText } from '../rules';
import { loadSections } from '../staff-service';
import { genderOf, namedRows, orgNames, placeOf, relationIds, scopedUser, stateOf } from '../users-common';

const NameParam = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 80 } },
  required: ['name'],
} as const;

async function self(req: FastifyRequest) {
  const row = await req.server.kp.db
    .selectFrom('base_user')
    .selectAll()
    .where('id', '=', me(req).userId)
    .executeTakeFirst();
  if (!row) refuse(req, ApiCode.NOT_FOUND, 'unknownUser');
  return row!;
}

async function mergeSection(
  req: FastifyRequest,
  userId: string,
  section: string,
  patch: Record<string, unknown>,
) {
  const db = req.server.kp.db;
  const current = (await loadSections(req, userId))[section] as Record<string, unknown>;
  const next = { ...current };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) next[k] = v;
  const content = JSON.stringify(next);
  await db
    .insertInto('base_user_staff')
    .values({ user_id: userId, section, content })
    .onConflict((oc) =>
      oc.columns(['user_id', 'section']).doUpdateSet({ content, last_modify_time: new Date() }),
    )
    .execute();
}

export default async function currentUserRoutes(app: FastifyInstance) {
  const tags = ['permission'];
  const base = '/api/permission/Users/Current';
  const db = () => app.kp.db;

  app.put(
    `${base}/Avatar/:name`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Set the avatar to an uploaded userAvatar file', params: NameParam },
    },
    async (req) => {
      const { name } = req.params as { name: string };
      const m = /^([0-9a-f]{32})\.([A-Za-z0-9]{1,16})$/.exec(name);
      if (!m) badInput(`name: ${msg('badAvatar', lang(req))}`);
      const file = await db()
        .selectFrom('file_record')
        .select(['id', 'file_type', 'owner_user_id'])
        .where('id', '=', m![1])
        .executeTakeFirst();
      if (file?.file_type !== 'userAvatar' || file.owner_user_id !== me(req).userId)
        badInput(`name: ${msg('badAvatar', lang(req))}`);
      const url = `/api/file/Download/userAvatar/${name}`;
      await db()
        .updateTable('base_user')
        .set({ head_icon: url, last_modify_time: new Date() })
        .where('id', '=', me(req).userId)
        .execute();
      return ok({ headIcon: url }, msg('updated', lang(req)));
    },
  );

  app.get(
    `${base}/BaseInfo`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'The caller’s own information' },
    },
    async (req) => {
      const row = await self(req);
      const [names, rel, extra, sections] = await Promise.all([
        orgNames(req),
        relationIds(req, row.id),
        db().selectFrom('base_user_extra').selectAll().where('user_id', '=', row.id).executeTakeFirst(),
        loadSections(req, row.id),
      ]);
      const [positions, roles, manager] = await Promise.all([
        namedRows(req, 'base_position', rel.positionIds),
        namedRows(req, 'base_role', rel.roleIds),
        row.manager_id
          ? db()
              .selectFrom('base_user')
              .select(['real_name', 'account'])
              .where('id', '=', row.manager_id)
              .executeTakeFirst()
          : undefined,
      ]);
      const basic = sections.basicInfo as Record<string, unknown>;
      const contact = sections.ContactInfo as Record<string, unknown>;
      const identity = sections.IdentityInfo as Record<string, unknown>;
      return ok({
        id: row.id,
        account: row.account,
        realName: row.real_name,
        gender: genderOf(row.gender),
        mobilePhone: row.mobile_phone,
        email: row.email,
        headIcon: row.head_icon,
        organizeId: row.department_id ?? row.organize_id,
        organize: [names(row.organize_id), names(row.department_id)].filter(Boolean).join('/'),
        position: positions.map((p) => p.fullName).join(','),
        majorPositionId: extra?.major_position_id ?? rel.positionIds[0] ?? null,
        roleId: roles.map((r) => r.fullName).join(','),
        manager: manager ? `${manager.real_name}/${manager.account}` : null,
        signature: extra?.signature ?? null,
        birthday: basic.birthday ?? null,
        nation: basic.nation ?? null,
        nativePlace: basic.nativePlace ?? null,
        entryDate: basic.entryDate ?? null,
        telePhone: contact.telePhone ?? null,
        postalAddress: contact.postalAddress ?? null,
        urgentContacts: contact.urgentContacts ?? null,
        urgentTelePhone: contact.urgentTelePhone ?? null,
        certificatesNumber: identity.certificatesNumber ?? null,
        theme: row.theme,
        language: row.language,
        enabledMark: stateOf(row),
        prevLoginTime: ms(row.prev_login_time),
        prevLoginIPAddress: row.prev_login_ip,
        creatorTime: ms(row.creator_time),
        description: row.description,
      });
    },
  );

  app.put(
    `${base}/BaseInfo`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Update the caller’s own information', body: CurrentBaseInfoBody },
    },
    async (req) => {
      const b = req.body as CurrentBaseInfoBody;
      const row = await self(req);
      const l = lang(req);
      const problems = checkFields(
        [
          ['mobilePhone', 'phone', b.mobilePhone],
          ['urgentTelePhone', 'phone', b.urgentTelePhone],
          ['email', 'email', b.email],
          ['certificatesNumber', 'idCard', b.certificatesNumber],
        ],
        l,
      );
      if (problems.length) badInput(problemsText(problems));
      // The e-mail is administered (unique, migration 0188): the profile may send it back unchanged only.
      if (b.email !== undefined && (b.email ?? '').toLowerCase() !== (row.email ?? '').toLowerCase())
        refuse(req, ApiCode.FORBIDDEN, 'ownEmail');
      await db()
        .updateTable('base_user')
        .set({
          real_name: b.realName ?? row.real_name,
          gender: b.gender === undefined ? row.gender : b.gender === null ? null : String(b.gender),
          mobile_phone: b.mobilePhone === undefined ? row.mobile_phone : b.mobilePhone,
          description: b.description === undefined ? row.description : b.description,
          last_modify_time: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      if (b.signature !== undefined)
        await db()
          .insertInto('base_user_extra')
          .values({ user_id: row.id, signature: b.signature, major_position_id: null })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ signature: b.signature ?? null }))
          .execute();
      await mergeSection(req, row.id, 'basicInfo', {
        birthday: b.birthday,
        nation: b.nation,
        nativePlace: b.nativePlace,
      });
      await mergeSection(req, row.id, 'ContactInfo', {
        telePhone: b.telePhone,
        postalAddress: b.postalAddress,
        urgentContacts: b.urgentContacts,
        urgentTelePhone: b.urgentTelePhone,
        mobilePhone: b.mobilePhone,
      });
      if (b.certificatesNumber !== undefined)
        await mergeSection(req, row.id, 'IdentityInfo', { certificatesNumber: b.certificatesNumber });
      return ok(null, msg('updated', l));
    },
  );

  app.post(
    `${base}/Actions/ModifyPassword`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Change the caller’s password (MD5 hex)', body: ModifyPasswordBody },
    },
    async (req) => {
      const b = req.body as ModifyPasswordBody;
      const row = await self(req);
      // wrong old passwords lock the change with back-off, like the login (auth/credentials.ts)
      const old = await checkOldPassword(app.kp, row, b.oldPassword);
      if (old === 'locked') throw new ApiError(ApiCode.FORBIDDEN, MSG.accountLocked);
      if (old === 'wrong') refuse(req, ApiCode.BAD_REQUEST, 'oldPasswordWrong');
      if (b.oldPassword.toLowerCase() === b.password.toLowerCase())
        refuse(req, ApiCode.BAD_REQUEST, 'samePassword');
      // the retired default (0000) never signs in, so it may not be chosen either
      if (isRetiredPasswordMd5(b.password)) refuse(req, ApiCode.BAD_REQUEST, 'password');
      await setUserPassword(app.kp, row.id, b.password, {
        byAdmin: false,
        weak: isWeakPasswordMd5(b.password),
        keepSessionId: req.session!.id,
      });
      return ok(null, msg('modifyDone', lang(req)));
    },
  );

  app.put(
    `${base}/SystemTheme`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags,
        summary: 'Save the caller’s theme',
        body: {
          type: 'object',
          properties: { theme: { type: 'string', pattern: '^[A-Za-z0-9_#-]{1,32}$' } },
          required: ['theme'],
        },
      },
    },
    async (req) => {
      const { theme } = req.body as { theme: string };
      await db().updateTable('base_user').set({ theme }).where('id', '=', me(req).userId).execute();
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.put(
    `${base}/SystemLanguage`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: {
        tags,
        summary: 'Save the caller’s language (zh, zhtw or en)',
        body: {
          type: 'object',
          properties: { language: { type: 'string', maxLength: 16 } },
          required: ['language'],
        },
      },
    },
    async (req) => {
      const { language } = req.body as { language: string };
      if (!(LANGUAGES as readonly string[]).includes(language))
        badInput(`language: ${msg('badLanguage', lang(req))}`);
      await db().updateTable('base_user').set({ language }).where('id', '=', me(req).userId).execute();
      return ok(null, msg('updated', lang(req)));
    },
  );

  app.get(
    `${base}/Subordinate/:id`,
    // id '0' (or the caller's id): the caller's direct subordinates; another id needs the user menu and scope.
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, summary: 'Direct subordinates of a user (org chart)', params: IdParam },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const p = me(req);
      const target = id === '0' || id === p.userId ? p.userId : (await scopedUser(req, id, MENU.user)).id;
      const headed = (
        await db().selectFrom('base_organize').select('id').where('manager_id', '=', target).execute()
      ).map((r) => r.id);
      const rows = await db()
        .selectFrom('base_user as u')
        .select(['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'u.organize_id', 'u.department_id'])
        .where('u.enabled_mark', '=', 1)
        .where('u.id', '<>', target)
        .where((eb) =>
          eb.or([
            eb('u.manager_id', '=', target),
            ...(headed.length ? [eb('u.department_id', 'in', headed)] : []),
          ]),
        )
        .orderBy('u.sort_code')
        .execute();
      const names = await orgNames(req);
      const subs = rows.length
        ? await db()
            .selectFrom('base_user')
            .select('manager_id')
            .where(
              'manager_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        : [];
      const hasSubs = new Set(subs.map((s) => s.manager_id));
      return ok(
        rows.map((r) => ({
          id: r.id,
          avatar: r.head_icon,
          userName: `${r.real_name}/${r.account}`,
          department: names(r.department_id) || names(r.organize_id),
          isLeaf: !hasSubs.has(r.id),
        })),
      );
    },
  );

  app.get(
    `${base}/Authorize`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'What the caller is granted: menus, buttons, columns, forms, data scopes' },
    },
    async (req) => {
      const p = me(req);
      const name = (m: (typeof p.moduleRows)[number]) => nameIn(m, lang(req));
      const byCode = (kind: 'buttons' | 'columns' | 'forms') =>
        p.moduleRows
          .filter((m) => (p.modules.get(m.en_code)?.[kind].size ?? 0) > 0)
          .map((m) => ({
            id: m.id,
            fullName: name(m),
            children: [...(p.modules.get(m.en_code)?.[kind] ?? [])].map((code) => ({
              id: `${m.id}:${code}`,
              enCode: code,
              fullName: code,
            })),
          }));
      return ok({
        module: buildTree(
          p.moduleRows.map((m) => ({
            id: m.id,
            parentId: m.parent_id,
            fullName: name(m),
            enCode: m.en_code,
            icon: m.icon,
            type: m.type,
          })),
        ),
        button: byCode('buttons'),
        column: byCode('columns'),
        form: byCode('forms'),
        resource: p.moduleRows.map((m) => ({
          id: m.id,
          fullName: name(m),
          enCode: m.en_code,
          scope: p.modules.get(m.en_code)?.scope ?? 'self',
        })),
      });
    },
  );

  app.get(
    `${base}/SystemLog`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'The caller’s own log (logins, …), paged', querystring: SystemLogQuery },
    },
    async (req) => {
      const q = req.query as { currentPage?: number; pageSize?: number; category?: string };
      const { page, size, offset } = paging(q);
      let base0 = db().selectFrom('sys_log').where('user_id', '=', me(req).userId);
      if (q.category) base0 = base0.where('category', '=', q.category);
      const [total, rows] = await Promise.all([
        base0.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base0.selectAll().orderBy('creator_time', 'desc').limit(size).offset(offset).execute(),
      ]);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          category: r.category,
          ipaddress: r.ip,
          success: r.success,
          abstracts: r.msg,
          creatorTime: ms(r.creator_time),
        })),
        pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
      });
    },
  );

  app.get(
    `${base}/getUserOrganizes`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Units the caller belongs to (isDefault: the current one)' },
    },
    async (req) => {
      const row = await self(req);
      const rel = await relationIds(req, row.id);
      const current = row.department_id ?? row.organize_id;
      const ids = [...new Set([...(current ? [current] : []), ...rel.organizeIds])];
      if (!ids.length) return ok([]);
      const names = await orgNames(req);
      const units = await db()
        .selectFrom('base_organize')
        .select(['id', 'tree_path'])
        .where('id', 'in', ids)
        .execute();
      return ok(
        units.map((u) => ({
          id: u.id,
          fullName: u.tree_path.split(',').map(names).join('/'),
          isDefault: u.id === current,
        })),
      );
    },
  );

  app.get(
    `${base}/getUserPositions`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Positions of the caller (isDefault: the main one)' },
    },
    async (req) => {
      const p = me(req);
      const rel = await relationIds(req, p.userId);
      if (!rel.positionIds.length) return ok([]);
      const extra = await db()
        .selectFrom('base_user_extra')
        .select('major_position_id')
        .where('user_id', '=', p.userId)
        .executeTakeFirst();
      const major = extra?.major_position_id ?? rel.positionIds[0];
      const rows = await namedRows(req, 'base_position', rel.positionIds);
      return ok(rows.map((r) => ({ ...r, isDefault: r.id === major })));
    },
  );

  app.put(
    `${base}/major`,
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Switch the main unit or position among the caller’s own', body: MajorBody },
    },
    async (req) => {
      const { majorType, majorId } = req.body as MajorBody;
      const row = await self(req);
      const rel = await relationIds(req, row.id);
      if (majorType === 'Organize') {
        const mine = new Set([row.department_id, row.organize_id, ...rel.organizeIds].filter(Boolean));
        if (!mine.has(majorId)) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
        const place = await placeOf(req, majorId);
        await db()
          .updateTable('base_user')
          .set({ ...place, last_modify_time: new Date() })
          .where('id', '=', row.id)
          .execute();
        await app.kp.authz.invalidate(row.id);
      } else {
        if (!rel.positionIds.includes(majorId)) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
        await db()
          .insertInto('base_user_extra')
          .values({ user_id: row.id, major_position_id: majorId, signature: null })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ major_position_id: majorId }))
          .execute();
      }
      return ok(null, msg('updated', lang(req)));
    },
  );
}

// Shared pieces of the user routes: row mapping, unit resolution, role-assignment checks, validation.
import { ApiCode, type UserListItem } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import { nameIn } from '../../db/stored-label';
import type { Database, UsersTable } from '../../db/types';
import { me } from '../auth/guard';
import type { DataScope, Principal } from '../auth/principal';
import { assertOutranks } from '../auth/rank';
import { newId } from '../auth/tokens';
import { badInput, lang, likeOf, MENU, ms, outOfScope, paging, refuse } from '../permission/common';
import { filterOrNone, USER_COLS } from '../permission/scope';
import { checkFields, problemsText } from './rules';

export type UserRow = Selectable<UsersTable>;

/** Gender as the API carries it: 1 male, 2 female (stored as text '1' / '2'). */
export const genderOf = (g: string | null): number | null => (g === '1' || g === '2' ? Number(g) : null);

/** 0 disabled, 1 enabled, 2 locked (a login lock shows as 2 while enabled). */
export const stateOf = (r: { enabled_mark: number; locked_at: Date | string | null }): number =>
  r.enabled_mark === 1 && r.locked_at ? 2 : r.enabled_mark;

export function userItem(r: UserRow, orgName: (id: string | null) => string): UserListItem {
  return {
    id: r.id,
    account: r.account,
    realName: r.real_name,
    gender: genderOf(r.gender),
    mobilePhone: r.mobile_phone,
    email: r.email,
    organizeId: r.department_id ?? r.organize_id,
    departmentId: r.department_id,
    organize: [orgName(r.organize_id), orgName(r.department_id)].filter(Boolean).join('/'),
    headIcon: r.head_icon,
    enabledMark: stateOf(r),
    isAdministrator: r.is_administrator ? 1 : 0,
    sortCode: r.sort_code,
    description: r.description,
    creatorTime: ms(r.creator_time) ?? 0,
  };
}

/** id -> name of every unit in the request's language (one small query; the tree is small next to users). */
export async function orgNames(req: FastifyRequest): Promise<(id: string | null) => string> {
  const rows = await req.server.kp.db
    .selectFrom('base_organize')
    .select(['id', 'full_name', 'full_name_i18n'])
    .execute();
  const language = lang(req);
  const m = new Map(rows.map((r) => [r.id, nameIn(r, language)]));
  return (id) => (id ? (m.get(id) ?? '') : '');
}

/** Positions or roles by id with their names in the request's language. */
export async function namedRows(
  req: FastifyRequest,
  table: 'base_position' | 'base_role',
  ids: string[],
): Promise<Array<{ id: string; fullName: string }>> {
  if (!ids.length) return [];
  const rows = await req.server.kp.db
    .selectFrom(table)
    .select(['id', 'full_name', 'full_name_i18n'])
    .where('id', 'in', ids)
    .execute();
  const language = lang(req);
  return rows.map((r) => ({ id: r.id, fullName: nameIn(r, language) }));
}

/**
 * A user's place from the unit the client picks: a department gives department_id and its nearest
 * company as organize_id; a company gives organize_id and no department.
 */
export async function placeOf(
  req: FastifyRequest,
  unitId: string,
): Promise<{ organize_id: string; department_id: string | null }> {
  const db = req.server.kp.db;
  const unit = await db
    .selectFrom('base_organize')
    .select(['id', 'category', 'tree_path'])
    .where('id', '=', unitId)
    .executeTakeFirst();
  if (!unit) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
  if (unit!.category === 'company') return { organize_id: unit!.id, department_id: null };
  const chain = unit!.tree_path.split(',').reverse();
  const companies = await db
    .selectFrom('base_organize')
    .select(['id'])
    .where('id', 'in', chain)
    .where('category', '=', 'company')
    .execute();
  const set = new Set(companies.map((c) => c.id));
  const company = chain.find((id) => set.has(id));
  return { organize_id: company ?? unit!.id, department_id: unit!.id };
}

/** The user row if it is in the caller's scope on the user menu: 404 when missing, 403 when out of scope. */
export async function scopedUser(
  req: FastifyRequest,
  id: string,
  menu: string = MENU.user,
): Promise<UserRow> {
  const db = req.server.kp.db;
  const row = await db.selectFrom('base_user as u').selectAll('u').where('u.id', '=', id).executeTakeFirst();
  if (!row) refuse(req, ApiCode.NOT_FOUND, 'unknownUser');
  const inScope = await db
    .selectFrom('base_user as u')
    .select('u.id')
    .where('u.id', '=', id)
    .where(filterOrNone(me(req), menu, USER_COLS))
    .executeTakeFirst();
  if (!inScope) outOfScope(req);
  return row!;
}

/**
 * The user row an administrative action (edit, delete, state, reset password, unlock, staff record…)
 * may act on: in the caller's scope (scopedUser) and outranked by the caller (auth/rank.ts).
 */
export async function managedUser(
  req: FastifyRequest,
  id: string,
  menu: string = MENU.user,
): Promise<UserRow> {
  const row = await scopedUser(req, id, menu);
  await assertOutranks(req, row.id);
  return row;
}

/** A place (company + department) the caller may put a user in: checked like a user row of that place. */
export function placeInScope(
  p: Principal,
  scope: DataScope,
  place: { organize_id: string; department_id: string | null },
): boolean {
  if (scope === 'all') return true;
  if (scope === 'org') return p.orgSubtreeIds.includes(place.organize_id);
  if (scope === 'dept') return !!p.departmentId && place.department_id === p.departmentId;
  return false; // 'self': a user one creates must still be placed somewhere the caller manages
}

/** Roles a caller may hand out: one check for every route (../permission/role-assign.ts). */
export { assertAssignableRoles } from '../permission/role-assign';

/**
 * 409 duplicateEmail when another user (not `selfId`) has this e-mail, case-insensitively (empty: none).
 * E-mails are unique (index base_user_email_unique, migration 0188) and set by administrators only.
 */
export async function refuseTakenEmail(
  req: FastifyRequest,
  email: string | null | undefined,
  selfId: string | null,
) {
  if (!email) return;
  const dupe = await req.server.kp.db
    .selectFrom('base_user')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .$if(selfId != null, (q) => q.where('id', '<>', selfId ?? ''))
    .executeTakeFirst();
  if (dupe) refuse(req, ApiCode.CONFLICT, 'duplicateEmail');
}

export async function assertPositions(req: FastifyRequest, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const found = await req.server.kp.db
    .selectFrom('base_position')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  if (found.length !== new Set(ids).size) refuse(req, ApiCode.BAD_REQUEST, 'unknownPosition');
}

/** Field rules of spec 4 §5 on a user body; refuses with `field: message` of every problem. */
export function assertUserFields(
  req: FastifyRequest,
  b: { account?: string; mobilePhone?: string | null; email?: string | null },
) {
  const problems = checkFields(
    [
      ['account', 'account', b.account],
      ['mobilePhone', 'phone', b.mobilePhone],
      ['email', 'email', b.email],
    ],
    lang(req),
  );
  if (problems.length) badInput(problemsText(problems));
}

/** Replaces a user's relations of one object type. */
export async function setRelations(
  req: FastifyRequest,
  userId: string,
  type: 'Role' | 'Position' | 'Organize' | 'Group',
  ids: readonly string[],
  /** The caller's transaction (the relations commit with the rest of its work); none: one of its own. */
  inTx?: Transaction<Database>,
) {
  const write = async (tx: Transaction<Database>) => {
    await tx
      .deleteFrom('base_user_relation')
      .where('user_id', '=', userId)
      .where('object_type', '=', type)
      .execute();
    const uniq = [...new Set(ids)];
    if (uniq.length)
      await tx
        .insertInto('base_user_relation')
        .values(
          uniq.map((object_id, i) => ({
            id: newId(),
            user_id: userId,
            object_type: type,
            object_id,
            sort_code: i,
          })),
        )
        .execute();
  };
  if (inTx) await write(inTx);
  else await req.server.kp.db.transaction().execute(write);
}

export async function relationIds(req: FastifyRequest, userId: string) {
  const rows = await req.server.kp.db
    .selectFrom('base_user_relation')
    .select(['object_type', 'object_id'])
    .where('user_id', '=', userId)
    .orderBy('sort_code')
    .execute();
  const of = (t: string) => rows.filter((r) => r.object_type === t).map((r) => r.object_id);
  return {
    positionIds: of('Position'),
    roleIds: of('Role'),
    groupIds: of('Group'),
    organizeIds: of('Organize'),
  };
}

export const ensure = (
  cond: unknown,
  req: FastifyRequest,
  code: number,
  key: Parameters<typeof refuse>[2],
) => {
  if (!cond) refuse(req, code, key);
};

/** Users whose account or name contains the keyword (wildcards escaped): the user lists' search. */
export const accountOrName = (keyword: string) => {
  const kw = likeOf(keyword);
  return sql<SqlBool>`(${sql.ref('u.account')} like ${kw} or ${sql.ref('u.real_name')} like ${kw})`;
};

/** A picker's answer: the basic fields of `rows` (a query of BASIC) with their units' names. */
export async function pickerList(req: FastifyRequest, rows: Promise<Basic[]>) {
  const [list, names] = await Promise.all([rows, orgNames(req)]);
  return { list: list.map((r) => basic(r, names)) };
}

/** The enabled users, as `u` (the start of a picker's query). */
export const enabledUsers = (db: Kysely<Database>) =>
  db.selectFrom('base_user as u').where('u.enabled_mark', '=', 1);

/**
 * One page of the users of `base` (enabledUsers narrowed), searched by `q.keyword`, in the users' order: each
 * row (BASIC) shaped by `shape` with its units' names, and the pagination.
 */
export async function userPage<T>(
  req: FastifyRequest,
  base: ReturnType<typeof enabledUsers>,
  q: { keyword?: string; currentPage?: number; pageSize?: number },
  shape: (r: Basic, orgName: (id: string | null) => string) => T,
) {
  const { page, size, offset } = paging(q);
  const found = q.keyword ? base.where(accountOrName(q.keyword)) : base;
  const [total, rows, names] = await Promise.all([
    found.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    found.select(BASIC).orderBy('u.sort_code').orderBy('u.id').limit(size).offset(offset).execute(),
    orgNames(req),
  ]);
  return {
    list: rows.map((r) => shape(r, names)),
    pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
  };
}

export const BASIC = [
  'u.id',
  'u.account',
  'u.real_name',
  'u.head_icon',
  'u.organize_id',
  'u.department_id',
  'u.gender',
] as const;
export type Basic = Pick<
  UserRow,
  'id' | 'account' | 'real_name' | 'head_icon' | 'organize_id' | 'department_id' | 'gender'
>;
/** The fields a member list (of a group, of a position/role relation) shows of a user. */
export const member = (
  r: Pick<UserRow, 'id' | 'account' | 'real_name' | 'head_icon' | 'organize_id' | 'department_id'>,
  orgName: (id: string | null) => string,
) => ({
  id: r.id,
  account: r.account,
  realName: r.real_name,
  fullName: `${r.real_name}/${r.account}`,
  headIcon: r.head_icon,
  organize: [orgName(r.organize_id), orgName(r.department_id)].filter(Boolean).join('/'),
  type: 'user',
});

/** The fields a picker may show of any user: no phone, e-mail or state. */
export const basic = (r: Basic, orgName: (id: string | null) => string) => ({
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

export const PosQuery = {
  type: 'object',
  properties: { positionId: { type: 'string', maxLength: 64 } },
  required: ['positionId'],
} as const;
export const RoleOrgQuery = {
  type: 'object',
  properties: {
    roleId: { type: 'string', maxLength: 64 },
    organizeId: { type: 'string', maxLength: 64 },
    keyword: { type: 'string', maxLength: 200 },
  },
  required: ['roleId'],
} as const;
export const ImUserQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 20_000 },
  },
} as const;
export const OrgQuery = {
  type: 'object',
  properties: { userId: { type: 'string', maxLength: 64 } },
} as const;

/** Subtree ids of a unit (the unit itself included). */
export async function subtree(req: FastifyRequest, unitId: string): Promise<string[]> {
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

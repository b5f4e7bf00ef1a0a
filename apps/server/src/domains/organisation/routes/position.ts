// Positions (spec 4 §7 "Positions"). Menu permission.position; rows are scoped by their unit (organize_id).
import { ApiCode, OrganizeIdsBody, type PositionInfo, PositionInput } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { joinedNameIn, shownName } from '../../../db/stored-label';
import type { PositionTable } from '../../../db/types';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import {
  BTN,
  IdParam,
  lang,
  likeOf,
  MENU,
  ms,
  notFoundErr,
  outOfScope,
  refuse,
  refuseDuplicateCode,
} from '../../permission/common';
import { type Lang, msg } from '../../permission/messages';
import { filterOrNone, hasAllScope, POS_COLS, unitInScope } from '../../permission/scope';
import { orgTree } from '../organize-service';

type PosRow = Selectable<PositionTable>;

/** A position as the API shows it: named in `lang` (lists, pickers), or as stored without one (the edit form). */
export const positionInfo = (r: PosRow, lang?: Lang, orgName?: string): PositionInfo => ({
  id: r.id,
  organizeId: r.organize_id,
  organizeName: orgName,
  fullName: shownName(r, lang),
  enCode: r.en_code,
  type: r.type,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  description: r.description,
  creatorTime: ms(r.creator_time) ?? 0,
});

const Query = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    organizeId: { type: 'string', maxLength: 64 },
    enabledMark: { type: 'integer', minimum: 0, maximum: 1 },
  },
} as const;
type Query = { keyword?: string; organizeId?: string; enabledMark?: number };

/** Units with their positions as leaves (type position); pickers disable enabledMark 0. */
async function positionTree(
  req: FastifyRequest,
  opts: { scoped: boolean; keyword?: string; enabledOnly?: boolean },
) {
  const db = req.server.kp.db;
  const orgs = await db
    .selectFrom('base_organize')
    .selectAll()
    .orderBy('sort_code')
    .orderBy('creator_time')
    .execute();
  let q = db.selectFrom('base_position as p').selectAll('p');
  if (opts.enabledOnly) q = q.where('p.enabled_mark', '=', 1);
  if (opts.keyword) {
    const kw = likeOf(opts.keyword);
    q = q.where((eb) => eb.or([eb('p.full_name', 'like', kw), eb('p.en_code', 'like', kw)]));
  }
  if (opts.scoped) q = q.where(filterOrNone(me(req), MENU.position, POS_COLS));
  const positions = await q.orderBy('p.sort_code').orderBy('p.creator_time').execute();
  const used = new Set(positions.map((p) => p.organize_id));
  // Keep the units on the path to a position so the tree reads from the top.
  const keep = new Set<string>();
  for (const o of orgs) if (used.has(o.id)) for (const id of o.tree_path.split(',')) keep.add(id);
  const language = lang(req);
  const tree = orgTree(
    orgs.filter((o) => keep.has(o.id)),
    language,
  );
  const byUnit = new Map<string, ReturnType<typeof positionInfo>[]>();
  for (const p of positions) {
    const list = byUnit.get(p.organize_id) ?? [];
    list.push(positionInfo(p, language));
    byUnit.set(p.organize_id, list);
  }
  type Node = (typeof tree)[number];
  const attach = (nodes: Node[]) => {
    for (const n of nodes) {
      attach(n.children as Node[]);
      const leaves = (byUnit.get(n.id) ?? []).map((p) => ({
        ...p,
        parentId: n.id,
        type: 'position',
        icon: 'icon-ym icon-ym-tree-position1',
        onlyId: `position-${p.id}`,
        hasChildren: false,
        children: [],
      }));
      (n.children as unknown[]).push(...leaves);
      n.hasChildren = n.children.length > 0;
    }
  };
  attach(tree);
  return tree;
}

async function loadPos(req: FastifyRequest, id: string): Promise<PosRow> {
  const r = await req.server.kp.db
    .selectFrom('base_position')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ?? notFoundErr(req);
}
/** The position row through the data-scope filter; 403 when it exists but is out of scope. */
async function assertPosScope(req: FastifyRequest, id: string) {
  const r = await req.server.kp.db
    .selectFrom('base_position as p')
    .select('p.id')
    .where('p.id', '=', id)
    .where(filterOrNone(me(req), MENU.position, POS_COLS))
    .executeTakeFirst();
  if (!r) outOfScope(req);
}

async function writePosition(req: FastifyRequest, body: PositionInput, existing?: PosRow): Promise<string> {
  const db = req.server.kp.db;
  const unit = await db
    .selectFrom('base_organize')
    .select('id')
    .where('id', '=', body.organizeId)
    .executeTakeFirst();
  if (!unit) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
  // The unit a position is put in must be in scope too ('all' may use any unit).
  if (!hasAllScope(me(req), MENU.position) && !(await unitInScope(req, MENU.position, body.organizeId)))
    outOfScope(req);
  await refuseDuplicateCode(req, 'base_position', body.enCode, existing);
  const values = {
    organize_id: body.organizeId,
    full_name: body.fullName,
    en_code: body.enCode,
    type: body.type ?? null,
    sort_code: body.sortCode ?? 0,
    enabled_mark: body.enabledMark ?? 1,
    description: body.description ?? null,
  };
  if (existing) {
    await db
      .updateTable('base_position')
      .set({ ...values, last_modify_time: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const id = newId();
  await db
    .insertInto('base_position')
    .values({ id, ...values, creator_user_id: me(req).userId })
    .execute();
  return id;
}

export default async function positionRoutes(app: FastifyInstance) {
  const pos = { menu: MENU.position };
  const tags = ['permission'];
  const listByOrgs = async (organizeIds: string[], language: Lang) => {
    if (!organizeIds.length) return [];
    const rows = await app.kp.db
      .selectFrom('base_position')
      .selectAll()
      .where('organize_id', 'in', organizeIds)
      .where('enabled_mark', '=', 1)
      .orderBy('sort_code')
      .execute();
    return rows.map((r) => positionInfo(r, language));
  };

  app.get(
    '/api/permission/Position/Tree',
    {
      config: { permission: pos },
      schema: { tags, summary: 'Units with their positions (data-scoped)', querystring: Query },
    },
    async (req) =>
      ok({ list: await positionTree(req, { scoped: true, keyword: (req.query as Query).keyword }) }),
  );
  app.get(
    '/api/permission/Position/Selector',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Position picker tree' },
    },
    async (req) => ok({ list: await positionTree(req, { scoped: false }) }),
  );
  app.get(
    '/api/Permission/position/GetPositionSelector',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Position picker tree (enabled only)' },
    },
    async (req) => ok({ list: await positionTree(req, { scoped: false, enabledOnly: true }) }),
  );
  app.get(
    '/api/permission/Position/All',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Every enabled position (flat)' },
    },
    async (req) => {
      const language = lang(req);
      const rows = await app.kp.db
        .selectFrom('base_position as p')
        .leftJoin('base_organize as o', 'o.id', 'p.organize_id')
        .selectAll('p')
        .select(['o.full_name as org_name', 'o.full_name_i18n as org_name_i18n'])
        .where('p.enabled_mark', '=', 1)
        .orderBy('p.sort_code')
        .execute();
      return ok({
        list: rows.map((r) =>
          positionInfo(r, language, joinedNameIn(r.org_name, r.org_name_i18n, language) ?? undefined),
        ),
      });
    },
  );
  app.post(
    '/api/permission/Position/getListByOrgIds',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Enabled positions of the given units', body: OrganizeIdsBody },
    },
    async (req) => ok({ list: await listByOrgs((req.body as OrganizeIdsBody).organizeIds, lang(req)) }),
  );
  app.post(
    '/api/permission/Position',
    { config: { permission: { ...pos, button: BTN.add } }, schema: { tags, body: PositionInput } },
    async (req) => ok({ id: await writePosition(req, req.body as PositionInput) }, msg('created', lang(req))),
  );
  app.get(
    '/api/permission/Position/:id',
    { config: { permission: pos }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await loadPos(req, (req.params as IdParam).id);
      await assertPosScope(req, row.id);
      return ok(positionInfo(row));
    },
  );
  app.put(
    '/api/permission/Position/:id',
    {
      config: { permission: { ...pos, button: BTN.edit } },
      schema: { tags, params: IdParam, body: PositionInput },
    },
    async (req) => {
      const row = await loadPos(req, (req.params as IdParam).id);
      await assertPosScope(req, row.id);
      await writePosition(req, req.body as PositionInput, row);
      await app.kp.authz.invalidate();
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.delete(
    '/api/permission/Position/:id',
    { config: { permission: { ...pos, button: BTN.remove } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await loadPos(req, (req.params as IdParam).id);
      await assertPosScope(req, row.id);
      const member = await app.kp.db
        .selectFrom('base_user_relation')
        .select('id')
        .where('object_type', '=', 'Position')
        .where('object_id', '=', row.id)
        .executeTakeFirst();
      if (member) refuse(req, ApiCode.CONFLICT, 'positionHasUsers');
      await app.kp.db.deleteFrom('base_position').where('id', '=', row.id).execute();
      return ok(null, msg('deleted', lang(req)));
    },
  );
}

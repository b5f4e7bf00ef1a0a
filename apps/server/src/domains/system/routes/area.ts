import { AreaBody, AreaByIdsBody, IdParams } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { treeCrud } from '../../../db/tree-crud';
import { likeOf } from '../../../db/values';
import { badRequest, conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { toggleMark } from '../crud';
import { buttonRoute } from '../system-tables';

const MENU = 'systemData.area';
const SelParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  pid: Type.String({ minLength: 1, maxLength: 64 }),
});
const ListQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) });

/**
 * Areas (spec 4 §7): a lazy tree. GET /api/system/Area/{parentId} answers the children of a node (root
 * -1); GET /api/system/Area/{parentId}/Selector/{pid} the enabled children for the parent picker, without
 * node {pid} (the one being edited; 0 excludes nothing). Reads need a session (region widgets of every
 * form); changes need systemData.area with btn_add / btn_edit / btn_remove.
 */
export default async function areaRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  // One tree, root '-1' ('0' also means none).
  const areas = treeCrud(db, {
    table: 'sys_area',
    root: '-1',
    rootAliases: ['0', ''],
    messages: { hasChildren: '该区域下有子区域，不能删除' },
  });

  const children = async (parentId: string, opts: { enabledOnly?: boolean; keyword?: string } = {}) => {
    const rows = await db
      .selectFrom('sys_area as a')
      .select(['a.id', 'a.parent_id', 'a.full_name', 'a.en_code', 'a.type', 'a.sort_code', 'a.enabled_mark'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('sys_area as c').select('c.id').whereRef('c.parent_id', '=', 'a.id'))
          .as('has_children'),
      )
      .where('a.parent_id', '=', parentId)
      .$if(!!opts.enabledOnly, (q) => q.where('a.enabled_mark', '=', 1))
      .$if(!!opts.keyword, (q) =>
        q.where((eb) =>
          eb.or([
            eb('a.full_name', 'like', likeOf(opts.keyword ?? '')),
            eb('a.en_code', 'like', likeOf(opts.keyword ?? '')),
          ]),
        ),
      )
      .orderBy('a.sort_code')
      .orderBy('a.en_code')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      fullName: r.full_name,
      enCode: r.en_code,
      type: r.type,
      sortCode: r.sort_code,
      enabledMark: r.enabled_mark,
      hasChildren: !!r.has_children,
      isLeaf: !r.has_children,
    }));
  };

  app.get(
    '/api/system/Area/:id',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], params: IdParams, querystring: ListQuery },
    },
    async (req) => {
      const kw = (req.query as { keyword?: string }).keyword?.trim();
      return ok({ list: await children((req.params as IdParams).id, { keyword: kw }) });
    },
  );

  app.get(
    '/api/system/Area/:id/Selector/:pid',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: SelParams } },
    async (req) => {
      const { id, pid } = req.params as { id: string; pid: string };
      const list = (await children(id, { enabledOnly: true })).filter((r) => r.id !== pid);
      return ok({ list });
    },
  );

  app.post(
    '/api/system/Area/GetAreaByIds',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], body: AreaByIdsBody },
    },
    async (req) => {
      const { idsList } = req.body as AreaByIdsBody;
      const ids = [...new Set(idsList.flat())];
      const rows = ids.length
        ? await db.selectFrom('sys_area').select(['id', 'full_name']).where('id', 'in', ids).execute()
        : [];
      const name = new Map(rows.map((r) => [r.id, r.full_name]));
      // Unknown ids keep their place as '' so a path stays aligned with its ids.
      return ok(idsList.map((path) => path.map((id) => name.get(id) ?? '')));
    },
  );

  app.get(
    '/api/system/Area/:id/Info',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => {
      const r = await db
        .selectFrom('sys_area')
        .selectAll()
        .where('id', '=', (req.params as IdParams).id)
        .executeTakeFirst();
      if (!r) throw notFound();
      return ok({
        id: r.id,
        parentId: r.parent_id,
        fullName: r.full_name,
        enCode: r.en_code,
        type: r.type,
        sortCode: r.sort_code,
        enabledMark: r.enabled_mark,
        description: r.description,
      });
    },
  );

  /**
   * After the parent check: the node's level (the body's, else one below its parent's, a root 1) and the
   * refusal of a code another area (not `selfId`) has.
   */
  const levelAndCode = async (b: AreaBody, parentId: string, selfId: string | null) => {
    let type = b.type ?? 1;
    if (b.type === undefined && parentId !== '-1') {
      const p = await db.selectFrom('sys_area').select('type').where('id', '=', parentId).executeTakeFirst();
      type = (p?.type ?? 0) + 1;
    }
    const dup = await db
      .selectFrom('sys_area')
      .select('id')
      .where('en_code', '=', b.enCode)
      .$if(!!selfId, (q) => q.where('id', '<>', selfId ?? ''))
      .executeTakeFirst();
    if (dup) throw conflict('编码已存在');
    return type;
  };
  const values = (b: AreaBody, parentId: string, type: number) => ({
    parent_id: parentId,
    full_name: b.fullName,
    en_code: b.enCode,
    type,
    sort_code: b.sortCode ?? 0,
    enabled_mark: b.enabledMark ?? 1,
    description: b.description ?? null,
  });
  const checkCode = (b: AreaBody) => {
    if (!/^[0-9]+$/.test(b.enCode)) throw badRequest('enCode: 编码只能输入数字');
  };

  app.post(
    '/api/system/Area',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['system'], body: AreaBody },
    },
    async (req) => {
      const b = req.body as AreaBody;
      checkCode(b);
      const id = await areas.create(b.parentId, async (parentId) => {
        const type = await levelAndCode(b, parentId, null);
        const id = newId();
        await db
          .insertInto('sys_area')
          .values({ id, ...values(b, parentId, type), creator_user_id: me(req).userId })
          .execute();
        return id;
      });
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/system/Area/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['system'], params: IdParams, body: AreaBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as AreaBody;
      const cur = await db.selectFrom('sys_area').select('id').where('id', '=', id).executeTakeFirst();
      if (!cur) throw notFound();
      checkCode(b);
      await areas.update(id, b.parentId, async (parentId) => {
        const type = await levelAndCode(b, parentId, id);
        return db
          .updateTable('sys_area')
          .set({ ...values(b, parentId, type), last_modify_time: new Date() })
          .where('id', '=', id)
          .executeTakeFirst();
      });
      return ok(null, '更新成功');
    },
  );

  app.delete('/api/system/Area/:id', buttonRoute(MENU, 'btn_remove'), async (req) => {
    await areas.remove((req.params as IdParams).id);
    return ok(null, '删除成功');
  });

  app.put('/api/system/Area/:id/Actions/State', buttonRoute(MENU, 'btn_edit'), async (req) => {
    const enabledMark = await toggleMark(db, 'sys_area', (req.params as IdParams).id, req.body);
    return ok({ enabledMark }, '更新成功');
  });
}

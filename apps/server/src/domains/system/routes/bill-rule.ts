import { BillRuleBody, BillRuleQuery, IdParams } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { countOf } from '../../../db/values';
import { ApiError, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { CodeParams, MENU, previewBillNumber, type Row, view } from '../bill-rule-service';
import { deleteById, nameOrCodeLike, refuseDuplicate, toggleMark } from '../crud';
import { buttonRoute, CODE_MSG, CODE_RE, exportRoute, jsonFile } from '../system-tables';

/**
 * Bill rules (spec 4 §7). Reading the list/selector/one rule and taking a number need a session (forms
 * of every user take numbers); changes need systemData.billRule with btn_add/btn_edit/btn_remove,
 * export btn_export. GET …/BillNumber/{code} previews the next number and takes none (the form's save
 * takes it). Preview (not in the spec's list): GET /api/system/BillRule/{id}/Actions/Preview.
 */
export default async function billRuleRoutes(app: FastifyInstance) {
  const db = app.kp.db;

  const find = async (id: string) => {
    const r = await db.selectFrom('sys_bill_rule').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r as Row;
  };

  app.get(
    '/api/system/BillRule',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], querystring: BillRuleQuery },
    },
    async (req) => {
      const q = req.query as BillRuleQuery;
      const { currentPage, pageSize, offset } = pageOf(q);
      const kw = q.keyword?.trim();
      const base = db.selectFrom('sys_bill_rule').$if(!!kw, (qb) => qb.where(nameOrCodeLike(kw ?? '')));
      const total = await countOf(base);
      const rows = await base
        .selectAll()
        .orderBy('sort_code')
        .orderBy('creator_time', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset(offset)
        .execute();
      return ok({ list: rows.map((r) => view(r as Row)), pagination: { currentPage, pageSize, total } });
    },
  );

  app.get(
    '/api/system/BillRule/Selector',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'] } },
    async () => {
      const rows = await db
        .selectFrom('sys_bill_rule')
        .select(['id', 'full_name', 'en_code'])
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
      return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code })) });
    },
  );

  app.get(
    '/api/system/BillRule/BillNumber/:code',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: CodeParams } },
    // A preview: a GET takes no number; saving the form takes it (bill-rule-service.ts).
    async (req) => ok(await previewBillNumber(db, (req.params as { code: string }).code)),
  );

  app.get(
    '/api/system/BillRule/:id',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req) => ok(view(await find((req.params as IdParams).id))),
  );

  app.get(
    '/api/system/BillRule/:id/Actions/Preview',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => {
      // By id or enCode (form fields name their rule by enCode): what the next number looks like, not taken.
      return ok(await previewBillNumber(db, (req.params as IdParams).id, { evenDisabled: true }));
    },
  );

  const check = async (b: BillRuleBody, selfId: string | null) => {
    if (!CODE_RE.test(b.enCode)) throw new ApiError(400, `enCode: ${CODE_MSG}`);
    await refuseDuplicate(db, 'sys_bill_rule', b, selfId);
  };
  const values = (b: BillRuleBody) => ({
    full_name: b.fullName,
    en_code: b.enCode,
    prefix: b.prefix ?? '',
    date_format: b.dateFormat ?? '',
    digit: b.digit,
    start_number: String(b.startNumber ?? 1),
    suffix: b.suffix ?? '',
    kind: b.kind ?? 'sequence',
    sort_code: b.sortCode ?? 0,
    enabled_mark: b.enabledMark ?? 1,
    description: b.description ?? null,
  });

  app.post(
    '/api/system/BillRule',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['system'], body: BillRuleBody },
    },
    async (req) => {
      const b = req.body as BillRuleBody;
      await check(b, null);
      const id = newId();
      await db
        .insertInto('sys_bill_rule')
        .values({ id, ...values(b), creator_user_id: me(req).userId })
        .execute();
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/system/BillRule/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['system'], params: IdParams, body: BillRuleBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as BillRuleBody;
      await check(b, id);
      const r = await db
        .updateTable('sys_bill_rule')
        .set({ ...values(b), last_modify_time: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return ok(null, '更新成功');
    },
  );

  app.delete('/api/system/BillRule/:id', buttonRoute(MENU, 'btn_remove'), async (req) => {
    await deleteById(db, 'sys_bill_rule', (req.params as IdParams).id);
    return ok(null, '删除成功');
  });

  app.put('/api/system/BillRule/:id/Actions/State', buttonRoute(MENU, 'btn_edit'), async (req) => {
    const enabledMark = await toggleMark(db, 'sys_bill_rule', (req.params as IdParams).id, req.body);
    return ok({ enabledMark }, '更新成功');
  });

  app.get('/api/system/BillRule/:id/Action/Export', exportRoute(MENU), async (req, reply) => {
    const r = await find((req.params as IdParams).id);
    const { example: _e, outputNumber: _o, creatorTime: _c, ...data } = view(r);
    return jsonFile(reply, r.full_name, data);
  });
}

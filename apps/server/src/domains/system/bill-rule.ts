import { type BillDateFormat, type BillState, nextBillNumber } from '@kp/engine';
import { BillRuleBody, BillRuleQuery, IdParams } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { BillRuleTable, Database } from '../../db/types';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { me } from '../auth/guard';
import { newId } from '../auth/tokens';
import { CODE_MSG, CODE_RE, jsonFile, nextMark } from './system-tables';

const MENU = 'systemData.billRule';
const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

type Row = {
  [K in keyof BillRuleTable]: BillRuleTable[K] extends import('kysely').Generated<infer T>
    ? T
    : BillRuleTable[K];
};

const ruleOf = (r: Row) => ({
  prefix: r.prefix,
  dateFormat: r.date_format as BillDateFormat,
  digits: r.digit,
  startNumber: r.start_number,
  suffix: r.suffix,
  kind: r.kind as 'sequence' | 'random' | 'uuid',
});
const stateOf = (r: Row): BillState | null =>
  r.state_sequence === null ? null : { datePart: r.state_date_part ?? '', sequence: r.state_sequence };

const view = (r: Row) => ({
  id: r.id,
  fullName: r.full_name,
  enCode: r.en_code,
  prefix: r.prefix,
  dateFormat: r.date_format,
  digit: r.digit,
  startNumber: r.start_number,
  suffix: r.suffix,
  kind: r.kind,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  description: r.description,
  outputNumber: r.output_number,
  /** What the next number would look like now (not taken). */
  example: nextBillNumber(ruleOf(r), stateOf(r), new Date()).number,
  creatorTime: new Date(r.creator_time).getTime(),
});

/**
 * Takes the next number of a rule (by id or enCode) atomically: the rule row is locked with
 * SELECT … FOR UPDATE inside one transaction, nextBillNumber computes the number from the stored
 * state, and the new state is written before the lock is released, so concurrent callers queue.
 */
export async function takeBillNumber(db: Kysely<Database>, key: string, now = new Date()): Promise<string> {
  // Inside the caller's transaction (a flow launch) the number is taken there: it commits or rolls back
  // with the launch, and no second connection is needed (PGlite has one).
  if (db.isTransaction) return takeIn(db, key, now);
  return db.transaction().execute((tx) => takeIn(tx, key, now));
}

async function takeIn(tx: Kysely<Database>, key: string, now: Date): Promise<string> {
  const r = await tx
    .selectFrom('sys_bill_rule')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('en_code', '=', key)]))
    .forUpdate()
    .executeTakeFirst();
  if (!r) throw notFound();
  if (r.enabled_mark !== 1) throw new ApiError(400, '单据规则已禁用');
  const next = nextBillNumber(ruleOf(r), stateOf(r), now);
  await tx
    .updateTable('sys_bill_rule')
    .set({
      state_date_part: next.state.datePart,
      state_sequence: next.state.sequence,
      output_number: next.number,
    })
    .where('id', '=', r.id)
    .execute();
  return next.number;
}

/**
 * Bill rules (spec 4 §7). Reading the list/selector/one rule and taking a number need a session (forms
 * of every user take numbers); changes need systemData.billRule with btn_add/btn_edit/btn_remove,
 * export btn_export. Preview (not in the spec's list): GET /api/system/BillRule/{id}/Actions/Preview.
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
      const currentPage = q.currentPage ?? 1;
      const pageSize = q.pageSize ?? 20;
      const kw = q.keyword?.trim();
      const base = db
        .selectFrom('sys_bill_rule')
        .$if(!!kw, (qb) =>
          qb.where((eb) => eb.or([eb('full_name', 'like', `%${kw}%`), eb('en_code', 'like', `%${kw}%`)])),
        );
      const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await base
        .selectAll()
        .orderBy('sort_code')
        .orderBy('creator_time', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
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
    async (req) => ok(await takeBillNumber(db, (req.params as { code: string }).code)),
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
      const key = (req.params as IdParams).id;
      const r = await db
        .selectFrom('sys_bill_rule')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', key), eb('en_code', '=', key)]))
        .executeTakeFirst();
      if (!r) throw notFound();
      return ok(nextBillNumber(ruleOf(r as Row), stateOf(r as Row), new Date()).number);
    },
  );

  const check = async (b: BillRuleBody, selfId: string | null) => {
    if (!CODE_RE.test(b.enCode)) throw new ApiError(400, `enCode: ${CODE_MSG}`);
    const dup = await db
      .selectFrom('sys_bill_rule')
      .select(['en_code'])
      .where((eb) => eb.or([eb('en_code', '=', b.enCode), eb('full_name', '=', b.fullName)]))
      .$if(!!selfId, (q) => q.where('id', '<>', selfId as string))
      .executeTakeFirst();
    if (dup) throw conflict(dup.en_code === b.enCode ? '编码已存在' : '名称已存在');
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

  app.delete(
    '/api/system/BillRule/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_remove' } },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req) => {
      const r = await db
        .deleteFrom('sys_bill_rule')
        .where('id', '=', (req.params as IdParams).id)
        .executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
      return ok(null, '删除成功');
    },
  );

  app.put(
    '/api/system/BillRule/:id/Actions/State',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req) => {
      const r = await find((req.params as IdParams).id);
      const enabledMark = nextMark(req.body, r.enabled_mark);
      await db
        .updateTable('sys_bill_rule')
        .set({ enabled_mark: enabledMark })
        .where('id', '=', r.id)
        .execute();
      return ok({ enabledMark }, '更新成功');
    },
  );

  app.get(
    '/api/system/BillRule/:id/Action/Export',
    {
      config: { permission: { menu: MENU, button: 'btn_export' }, tokenInQuery: true },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req, reply) => {
      const r = await find((req.params as IdParams).id);
      const { example: _e, outputNumber: _o, creatorTime: _c, ...data } = view(r);
      return jsonFile(reply, r.full_name, data);
    },
  );
}

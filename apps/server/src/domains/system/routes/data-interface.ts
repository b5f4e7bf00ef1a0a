import { BillRuleQuery, DataInterfaceBody, DataInterfaceCallBody, IdParams } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import jsonata from 'jsonata';
import { type SqlBool, sql } from 'kysely';
import { countOf } from '../../../db/values';
import { ApiError, badRequest, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { languageOf } from '../../../http/i18n';
import { pageOf } from '../../../http/paging';
import { allows, me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { deleteById, nameOrCodeLike, refuseDuplicate, toggleMark } from '../crud';
import { checkUrl, MENU, type Row, runSource } from '../data-interface-service';
import { buttonRoute, CODE_MSG, CODE_RE, exportRoute, jsonFile } from '../system-tables';

/**
 * Data interfaces (spec 4 §7) and their log. Admin paths need systemData.dataInterface (+ btn_add,
 * btn_edit, btn_remove, btn_export; preview btn_preview); the popup picker calls
 * (POST …/{id}/Actions/List and …/{id}/Actions/Info, paths not in the spec) need a session.
 */
export default async function dataInterfaceRoutes(app: FastifyInstance) {
  const db = app.kp.db;

  const find = async (id: string) => {
    const r = await db.selectFrom('sys_data_interface').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r;
  };
  const view = (r: Row) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    kind: r.kind,
    method: r.method,
    url: r.url,
    params: JSON.parse(r.params || '[]'),
    staticData: r.static_data,
    transform: r.transform,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description,
    creatorTime: new Date(r.creator_time).getTime(),
  });

  /** Runs and logs one call (time, duration, user, ok/error). */
  const call = async (r: Row, values: Record<string, unknown>, req: FastifyRequest) => {
    const t0 = Date.now();
    let error: string | null = null;
    try {
      if (r.enabled_mark !== 1) throw badRequest('接口已禁用');
      return await runSource(r, values, languageOf(req.headers['accept-language']), {
        user: me(req).userId,
        self: app.server.address(),
      });
    } catch (e) {
      error = e instanceof ApiError ? e.message : '接口调用出错';
      throw e instanceof ApiError ? e : new ApiError(400, error);
    } finally {
      await db
        .insertInto('sys_data_interface_log')
        .values({
          id: newId(),
          interface_id: r.id,
          user_id: me(req).userId,
          duration_ms: Date.now() - t0,
          ok: error ? 0 : 1,
          error: error?.slice(0, 500) ?? null,
          ip: req.ip ?? null,
        })
        .execute();
    }
  };

  /**
   * An interface the caller may run from a form (GetParam, popup List/Info): holders of the data
   * interface menu run any; other users only one a form uses — an online-development item whose menu
   * they hold, or a flow template (objects they fill in). Anything else answers 404.
   */
  const findRunnable = async (req: FastifyRequest, id: string) => {
    const r = await find(id);
    const p = me(req);
    if (allows(p, { menu: MENU })) return r;
    const needle = r.id;
    const inText = (col: string) => sql<SqlBool>`(position(${needle} in cast(${sql.ref(col)} as text)) > 0)`;
    const items = await db
      .withTables<{
        visualdev_base: {
          menu_id: string | null;
          enabled_mark: number;
          released_form_data: unknown;
          form_data: unknown;
        };
      }>()
      .selectFrom('visualdev_base')
      .select('menu_id')
      .where('enabled_mark', '=', 1)
      .where((eb) => eb.or([inText('released_form_data'), inText('form_data')]))
      .limit(50)
      .execute();
    if (items.some((i) => i.menu_id && p.moduleRows.some((m) => m.id === i.menu_id))) return r;
    const flow = await db
      .withTables<{
        wf_template: { id: string; deleted: number; enabled_mark: number; form_json: unknown };
      }>()
      .selectFrom('wf_template')
      .select('id')
      .where('deleted', '=', 0)
      .where('enabled_mark', '=', 1)
      .where(inText('form_json'))
      .executeTakeFirst();
    if (flow) return r;
    throw notFound();
  };

  const check = async (b: DataInterfaceBody, selfId: string | null) => {
    if (!CODE_RE.test(b.enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
    if (b.kind === 'http') {
      if (!b.url) throw badRequest('url: 请输入接口地址');
      checkUrl(b.url.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, 'x'), app.server.address());
    } else {
      try {
        JSON.parse(b.staticData || 'null');
      } catch {
        throw badRequest('staticData: 不是有效的JSON');
      }
    }
    if (b.transform?.trim()) {
      try {
        jsonata(b.transform);
      } catch (e) {
        throw badRequest(`transform: ${String((e as { message?: string }).message).slice(0, 200)}`);
      }
    }
    await refuseDuplicate(db, 'sys_data_interface', b, selfId);
    return {
      full_name: b.fullName,
      en_code: b.enCode,
      kind: b.kind,
      method: b.method ?? 'GET',
      url: b.kind === 'http' ? (b.url ?? null) : null,
      params: JSON.stringify(b.params ?? []),
      static_data: b.kind === 'static' ? (b.staticData ?? 'null') : null,
      transform: b.transform ?? null,
      sort_code: b.sortCode ?? 0,
      enabled_mark: b.enabledMark ?? 1,
      description: b.description ?? null,
    };
  };

  app.get(
    '/api/system/DataInterface',
    { config: { permission: { menu: MENU } }, schema: { tags: ['system'], querystring: BillRuleQuery } },
    async (req) => {
      const q = req.query as BillRuleQuery;
      const { currentPage, pageSize, offset } = pageOf(q);
      const kw = q.keyword?.trim();
      const base = db.selectFrom('sys_data_interface').$if(!!kw, (qb) => qb.where(nameOrCodeLike(kw ?? '')));
      const total = await countOf(base);
      const rows = await base
        .selectAll()
        .orderBy('sort_code')
        .orderBy('id')
        .limit(pageSize)
        .offset(offset)
        .execute();
      return ok({ list: rows.map(view), pagination: { currentPage, pageSize, total } });
    },
  );

  app.get(
    '/api/system/DataInterface/Selector',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'] } },
    async () => {
      const rows = await db
        .selectFrom('sys_data_interface')
        .select(['id', 'full_name', 'en_code', 'kind'])
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
      return ok({
        list: rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, kind: r.kind })),
      });
    },
  );

  app.post(
    '/api/system/DataInterface',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['system'], body: DataInterfaceBody },
    },
    async (req) => {
      const values = await check(req.body as DataInterfaceBody, null);
      const id = newId();
      await db
        .insertInto('sys_data_interface')
        .values({ id, ...values, creator_user_id: me(req).userId })
        .execute();
      return ok(id, '新建成功');
    },
  );

  const update = async (id: string | undefined, b: DataInterfaceBody) => {
    if (!id) throw badRequest('id: 不能为空');
    await find(id);
    const values = await check(b, id);
    await db
      .updateTable('sys_data_interface')
      .set({ ...values, last_modify_time: new Date() })
      .where('id', '=', id)
      .execute();
    return ok(null, '更新成功');
  };
  const editCfg = { config: { permission: { menu: MENU, button: 'btn_edit' } } };
  app.put(
    '/api/system/DataInterface',
    { ...editCfg, schema: { tags: ['system'], body: DataInterfaceBody } },
    async (req) => update((req.body as DataInterfaceBody).id, req.body as DataInterfaceBody),
  );
  app.put(
    '/api/system/DataInterface/:id',
    { ...editCfg, schema: { tags: ['system'], params: IdParams, body: DataInterfaceBody } },
    async (req) => update((req.params as IdParams).id, req.body as DataInterfaceBody),
  );

  app.get(
    '/api/system/DataInterface/:id',
    { config: { permission: { menu: MENU } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => ok(view(await find((req.params as IdParams).id))),
  );

  app.delete('/api/system/DataInterface/:id', buttonRoute(MENU, 'btn_remove'), async (req) => {
    await deleteById(db, 'sys_data_interface', (req.params as IdParams).id);
    return ok(null, '删除成功');
  });

  app.put(
    '/api/system/DataInterface/:id/Actions/State',
    { ...editCfg, schema: { tags: ['system'], params: IdParams } },
    async (req) => {
      const enabledMark = await toggleMark(db, 'sys_data_interface', (req.params as IdParams).id, req.body);
      return ok({ enabledMark }, '更新成功');
    },
  );

  app.get(
    '/api/system/DataInterface/GetParam/:id',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => ok(JSON.parse((await findRunnable(req, (req.params as IdParams).id)).params || '[]')),
  );

  // The response with the default parameter values (the "response" view of the admin page).
  app.get(
    '/api/system/DataInterface/:id/Actions/Response',
    { config: { permission: { menu: MENU } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => ok(await call(await find((req.params as IdParams).id), {}, req)),
  );

  app.post(
    '/api/system/DataInterface/:id/Actions/Preview',
    {
      config: { permission: { menu: MENU, button: 'btn_preview' } },
      schema: { tags: ['system'], params: IdParams, body: DataInterfaceCallBody },
    },
    async (req) => {
      const b = (req.body ?? {}) as DataInterfaceCallBody;
      return ok(await call(await find((req.params as IdParams).id), b.paramList ?? {}, req));
    },
  );

  app.get('/api/system/DataInterface/:id/Action/Export', exportRoute(MENU), async (req, reply) => {
    const r = await find((req.params as IdParams).id);
    const { creatorTime: _c, ...data } = view(r);
    return jsonFile(reply, r.full_name, data);
  });

  // Popup picker (paths chosen here): the interface's array result, filtered by keyword over every
  // field, paged; or the records whose propsValue field equals `id` (single record by id).
  const picker = {
    config: { permission: { signedIn: 'public-data' as const } },
    schema: { tags: ['system'], params: IdParams, body: DataInterfaceCallBody },
  };
  /** The array result of interface {id} called with the body's parameters (anything else: none). */
  const resultRows = async (req: FastifyRequest, b: DataInterfaceCallBody) => {
    const data = await call(await findRunnable(req, (req.params as IdParams).id), b.paramList ?? {}, req);
    return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
  };
  app.post('/api/system/DataInterface/:id/Actions/List', picker, async (req) => {
    const b = (req.body ?? {}) as DataInterfaceCallBody;
    let rows = await resultRows(req, b);
    const kw = b.keyword?.trim().toLowerCase();
    if (kw) {
      const field = b.relationField;
      rows = rows.filter((r) =>
        field
          ? String(r?.[field] ?? '')
              .toLowerCase()
              .includes(kw)
          : JSON.stringify(r).toLowerCase().includes(kw),
      );
    }
    const currentPage = b.currentPage ?? 1;
    const pageSize = b.pageSize ?? 20;
    return ok({
      list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize),
      pagination: { currentPage, pageSize, total: rows.length },
    });
  });
  app.post('/api/system/DataInterface/:id/Actions/Info', picker, async (req) => {
    const b = (req.body ?? {}) as DataInterfaceCallBody;
    if (!b.id || !b.propsValue) throw badRequest('id: 不能为空');
    const rows = await resultRows(req, b);
    return ok(rows.find((r) => String(r?.[b.propsValue as string]) === b.id) ?? null);
  });

  // ---- log ----
  // A call log row with the caller's and the interface's names (list and detail).
  const logRows = () =>
    db
      .selectFrom('sys_data_interface_log as l')
      .leftJoin('base_user as u', 'u.id', 'l.user_id')
      .leftJoin('sys_data_interface as i', 'i.id', 'l.interface_id');
  const logView = (r: {
    id: string;
    interface_id: string;
    full_name: string | null;
    user_id: string | null;
    real_name: string | null;
    invoke_time: Date | string | number;
    duration_ms: number;
    ok: number | boolean;
    error: string | null;
    ip: string | null;
  }) => ({
    id: r.id,
    invokId: r.interface_id,
    fullName: r.full_name,
    userId: r.user_id,
    userName: r.real_name,
    invokTime: new Date(r.invoke_time).getTime(),
    invokWasteTime: r.duration_ms,
    invokType: r.ok ? 'ok' : 'error',
    error: r.error,
    invokIp: r.ip,
  });
  const LOG_COLUMNS = [
    'l.id',
    'l.interface_id',
    'i.full_name',
    'l.user_id',
    'u.real_name',
    'l.invoke_time',
    'l.duration_ms',
    'l.ok',
    'l.error',
    'l.ip',
  ] as const;
  const logList = async (interfaceId: string | null, q: BillRuleQuery) => {
    const { currentPage, pageSize, offset } = pageOf(q);
    const base = logRows().$if(!!interfaceId, (qb) => qb.where('l.interface_id', '=', interfaceId as string));
    const total = await countOf(base);
    const rows = await base
      .select(LOG_COLUMNS)
      .orderBy('l.invoke_time', 'desc')
      .orderBy('l.id')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return ok({ list: rows.map(logView), pagination: { currentPage, pageSize, total } });
  };
  const logCfg = { config: { permission: { menu: MENU } } };
  app.get(
    '/api/system/DataInterfaceLog/getList',
    { ...logCfg, schema: { tags: ['system'], querystring: BillRuleQuery } },
    async (req) => logList(null, req.query as BillRuleQuery),
  );
  // The log's Action/List and Action/Info under the spec's spelling (DataInterfaceLog) and the one the JNPF
  // client calls (DataInterface/{id}/Action/List|Info): one declaration each, the same right (the menu).
  const LOG_BASES = ['/api/system/DataInterfaceLog', '/api/system/DataInterface'];
  // One interface's log: the spec's path and its Action/List aliases.
  for (const path of ['/api/system/DataInterfaceLog/:id', ...LOG_BASES.map((b) => `${b}/:id/Action/List`)])
    app.get(
      path,
      { ...logCfg, schema: { tags: ['system'], params: IdParams, querystring: BillRuleQuery } },
      async (req) => logList((req.params as IdParams).id, req.query as BillRuleQuery),
    );
  for (const base of LOG_BASES)
    app.get(
      `${base}/:id/Action/Info`,
      { ...logCfg, schema: { tags: ['system'], params: IdParams } },
      async (req) => {
        const r = await logRows()
          .select(LOG_COLUMNS)
          .where('l.id', '=', (req.params as IdParams).id)
          .executeTakeFirst();
        if (!r) throw notFound();
        return ok(logView(r));
      },
    );
}

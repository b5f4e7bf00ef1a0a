import { CaseError, parseCases, type SimCase } from '@kp/flow';
import { IdParams } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { BASE } from '../access';
import { simulationOrg } from '../simulation';
import { json, parseJson, updateLive } from '../tables';

const MENU = 'workFlow.flowEngine';
const P = `${BASE}/FlowEngine`;

/**
 * Simulator routes (menu workFlow.flowEngine): the organisation snapshot the browser simulates on
 * (membership answered by the server's own resolver), and the regression cases stored with a flow.
 */
export default async function flowSimulateRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  app.get(`${P}/Simulate/Org`, { config: { permission: { menu: MENU } } }, async () => {
    return ok(await simulationOrg(ctx));
  });
  app.get(
    `${P}/:id/SimCases`,
    { config: { permission: { menu: MENU } }, schema: { params: IdParams } },
    async (req) => {
      const row = await ctx.db
        .selectFrom('wf_template')
        .select('sim_cases_json')
        .where('id', '=', (req.params as IdParams).id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(parseJson(row.sim_cases_json, []));
    },
  );
  app.put(
    `${P}/:id/SimCases`,
    // written from the designer, which the list's 设计 button (btn_edit) opens
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { params: IdParams },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (req) => {
      const body = req.body as { cases?: unknown } | null;
      let cases: SimCase[];
      try {
        cases = parseCases(body?.cases);
      } catch (e) {
        if (e instanceof CaseError) throw badRequest(e.message);
        throw e;
      }
      await updateLive(ctx.db, 'wf_template', (req.params as IdParams).id, { sim_cases_json: json(cases) });
      return ok(cases.length);
    },
  );
}

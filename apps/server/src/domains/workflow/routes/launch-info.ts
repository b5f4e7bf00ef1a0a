import { createFlowState, transition } from '@kp/flow';
import type { FlowTemplate, FormOperate } from '@kp/schema';
import { WfLaunchInfoParams } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { me } from '../../auth/guard';
import { BASE } from '../access';
import { orgOf } from '../engine';
import { templateName } from '../labels';
import { parseJson } from '../tables';

export const LAUNCH_MSG = {
  notFound: '流程不存在或未发布',
  notAllowed: '您没有发起该流程的权限',
} as const;

/**
 * GET /FlowTask/LaunchInfo/{flowId} (our path): the launch dialog's data for an employee who may launch
 * the flow (not only designers), without creating a draft. The check is the one FlowTask create makes:
 * the template's visible users, then the start node's initiator rules (a dry-run draft submit through
 * @kp/flow, so the two can never disagree).
 */
export default async function launchInfoRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  app.get(
    `${BASE}/FlowTask/LaunchInfo/:flowId`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: { tags: ['workflow'], params: WfLaunchInfoParams },
    },
    async (req) => {
      const { flowId } = req.params as WfLaunchInfoParams;
      const uid = me(req).userId;
      const tpl = await db
        .selectFrom('wf_template')
        .selectAll()
        .where('id', '=', flowId)
        .where('deleted', '=', 0)
        .where('enabled_mark', '=', 1)
        .executeTakeFirst();
      if (!tpl) throw notFound(LAUNCH_MSG.notFound);
      const visible = parseJson<string[]>(tpl.visible_user_ids, []);
      if (visible.length && !visible.includes(uid)) throw new ApiError(403, LAUNCH_MSG.notAllowed);
      const template: FlowTemplate = {
        flowId: tpl.id,
        fullName: tpl.full_name,
        tree: parseJson(tpl.flow_json),
        properties: parseJson(tpl.properties_json, {}),
      };
      const org = await orgOf(app.kp);
      const dry = transition(
        createFlowState(),
        { type: 'submit', userId: uid, status: 1, formData: {} },
        { template, org, now: new Date().toISOString(), managers: org.managers },
      );
      if (!dry.ok && dry.error.code === 'NOT_ALLOWED_TO_INITIATE')
        throw new ApiError(403, LAUNCH_MSG.notAllowed);
      const { formOperates, ...startNodeProperties } = (template.tree.properties ?? {}) as {
        formOperates?: FormOperate[];
      } & Record<string, unknown>;
      const prints = await db
        .selectFrom('wf_print_template')
        .select('id')
        .where('template_id', '=', tpl.id)
        .where('deleted', '=', 0)
        .where((eb) => eb.or([eb('node_id', 'is', null), eb('node_id', '=', template.tree.nodeId)]))
        .orderBy('sort_code')
        .orderBy('full_name')
        .execute();
      return ok({
        flowId: tpl.id,
        fullName: templateName(tpl, requestLanguage(req)),
        enCode: tpl.en_code,
        category: tpl.category,
        formType: tpl.form_type,
        formConf: parseJson(tpl.form_json, null),
        formOperates: formOperates ?? [],
        flowTemplateJson: template.tree,
        printIds: prints.map((p) => p.id),
        startNodeProperties,
        flowProperties: template.properties as Record<string, unknown>,
      });
    },
  );
}

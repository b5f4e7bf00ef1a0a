import { WfCandidateList } from '@kp/schema';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { assertCanRead, ms, splitIds, submitStatus } from '../access';
import { actOnTask, launchAnswer } from '../engine';
import { readableTaskData } from '../print-values';
import { parseJson } from '../tables';

const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
const NameIdParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  id: Type.String({ minLength: 1, maxLength: 50 }),
});
/** The submit payload of spec 2 §3: the form's fields at the top level plus these. */
const META = [
  'flowId',
  'status',
  'flowUrgent',
  'copyIds',
  'candidateList',
  'id',
  'flowState',
  'formData',
  'data',
];
const FormBody = Type.Object(
  {
    flowId: Type.Optional(Type.String({ maxLength: 50 })),
    status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    flowUrgent: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
    copyIds: Type.Optional(Type.String({ maxLength: 5000 })),
    candidateList: Type.Optional(WfCandidateList),
    id: Type.Optional(Type.String({ maxLength: 50 })),
    flowState: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  },
  { additionalProperties: true },
);
type FormBody = Static<typeof FormBody> & Record<string, unknown>;

/** Annual leave days a year (our constant: the spec names the remaining-leave call only). */
export const ANNUAL_LEAVE_DAYS = 10;

/**
 * System forms (spec 2 §7 "Forms and tasks"): /api/workflow/Form/{Name} where Name is a flow's enCode
 * with its first letter capitalised (Leave, Expense). The body is the form data at the top level plus
 * the submit fields (flowId, status 0 submit / 1 draft, flowUrgent, copyIds, candidateList, id,
 * flowState); `formData` / `data` objects are accepted too.
 */
export default async function flowFormRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const ctx = app.kp;

  const templateOf = async (name: string) => {
    const code = name.charAt(0).toLowerCase() + name.slice(1);
    const tpl = await db
      .selectFrom('wf_template')
      .select(['id', 'en_code', 'form_json', 'version', 'enabled_mark'])
      .where('deleted', '=', 0)
      .where((eb) => eb.or([eb('en_code', '=', code), eb('en_code', '=', name)]))
      .executeTakeFirst();
    if (!tpl) throw notFound(`表单不存在: ${name}`);
    return tpl;
  };
  const formDataOf = (b: FormBody): Record<string, unknown> => {
    if (b.formData && typeof b.formData === 'object') return b.formData as Record<string, unknown>;
    if (b.data && typeof b.data === 'object') return b.data as Record<string, unknown>;
    return Object.fromEntries(Object.entries(b).filter(([k]) => !META.includes(k)));
  };
  const taskOfName = async (req: FastifyRequest, name: string, id: string) => {
    const tpl = await templateOf(name);
    await assertCanRead(db, req, id);
    const t = await db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (t.template_id !== tpl.id) throw notFound(`任务不属于表单 ${name}`);
    return { tpl, t };
  };

  // Paths match case-insensitively (app.ts): /api/WorkFlow/Form/… is this route too.
  for (const base of ['/api/workflow/Form']) {
    /** Remaining annual leave of the caller this year: `{ total, used, remainingLeave }` (days). */
    app.get(
      `${base}/twfformleaveinfo/remainingLeave`,
      { config: { permission: { signedIn: 'self' } } },
      async (req) => {
        const year = new Date().getUTCFullYear();
        const rows = await db
          .selectFrom('wf_task')
          .select('form_data')
          .where('initiator_id', '=', me(req).userId)
          .where('flow_code', '=', 'leave')
          .where('status', 'in', [1, 2])
          .where('creator_time', '>=', new Date(Date.UTC(year, 0, 1)))
          .execute();
        const used = rows
          .map((r) => parseJson<Record<string, unknown>>(r.form_data, {}))
          .filter((d) => d.leaveType === 'annual')
          .reduce((n, d) => n + (Number(d.days) || 0), 0);
        return ok({ total: ANNUAL_LEAVE_DAYS, used, remainingLeave: Math.max(0, ANNUAL_LEAVE_DAYS - used) });
      },
    );
  }

  const B = '/api/workflow/Form';
  /** The task's form data flat, with id, flowId, status, flowUrgent, creatorTime. */
  app.get(
    `${B}/:name/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: NameIdParams } },
    async (req) => {
      const { name, id } = req.params as { name: string; id: string };
      const { t } = await taskOfName(req, name, id);
      return ok({
        // only what the caller's node may read (a read:false field never leaves the server)
        ...(await readableTaskData(db, me(req), t)),
        id: t.id,
        flowId: t.template_id,
        status: t.status,
        flowUrgent: t.flow_urgent,
        creatorTime: ms(t.creator_time),
      });
    },
  );
  /** Launch (status 0) or save a draft (status 1); data = the new task id. */
  app.post(
    `${B}/:name`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: NameParams, body: FormBody } },
    async (req) => {
      const { name } = req.params as { name: string };
      const b = req.body as FormBody;
      const tpl = await templateOf(name);
      if (b.flowId && b.flowId !== tpl.id) throw badRequest('flowId: 与表单不符');
      const launch = { userId: me(req).userId, templateId: tpl.id, formData: formDataOf(b) };
      return launchAnswer(ctx, { ...launch, status: submitStatus(b) }, b);
    },
  );
  /** The initiator resubmits (status 0) or saves (status 1) a draft / rejected / withdrawn task. */
  app.put(
    `${B}/:name/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: NameIdParams, body: FormBody } },
    async (req) => {
      const { name, id } = req.params as { name: string; id: string };
      const b = req.body as FormBody;
      await taskOfName(req, name, id); // the task is a task of this form
      const uid = me(req).userId;
      const data = formDataOf(b);
      const status = submitStatus(b);
      await actOnTask(ctx, id, (l) => {
        if (l.row.initiator_id !== uid) throw forbidden();
        return {
          type: 'submit',
          userId: uid,
          status,
          formData: data,
          candidates: b.candidateList,
          copyIds: splitIds(b.copyIds),
        };
      });
      return ok(id, status === 1 ? '保存成功' : '提交成功');
    },
  );
}

// A flow task keeps the form version it was launched on (issue 18): a later save of the template's form
// (a field made required, a field removed) does not change how an in-flight task is validated, projected or
// printed — audit, save, resubmit after reject and every read use the task's own form; a new launch uses the
// new form. A save that leaves the form as it was does not move the form version. Also the scripts layer on
// the server: a field the form's scriptEffects declare (a script may relax it) is not required there.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { TEST_DB_KIND } from '../../test/harness';
import { B, gapsSuite } from './gaps.suite';

type Field = { __vModel__?: string; __config__?: { required?: boolean; children?: Field[] } };
type Form = { fields: Field[] };

/** The form with `attachments` required and `reason` removed (the second version). */
function secondVersion(form: Form): Form {
  const walk = (fields: Field[]): Field[] =>
    fields
      .filter((f) => f.__vModel__ !== 'reason')
      .map((f) => ({
        ...f,
        __config__: {
          ...f.__config__,
          ...(f.__vModel__ === 'attachments' ? { required: true } : {}),
          ...(f.__config__?.children ? { children: walk(f.__config__.children) } : {}),
        },
      }));
  return { ...form, fields: walk(form.fields) };
}

const file = {
  name: 'note.pdf',
  fileId: '0123456789abcdef0123456789abcdef',
  url: '/api/file/Download/annex/0123456789abcdef0123456789abcdef.pdf',
};

describe(`a flow task keeps its form version on ${TEST_DB_KIND}`, () => {
  const s = gapsSuite();
  const { ids, makeTemplate, startNode, approverNode, launchLeave, login, pending, task } = s;
  let t: TestApp;
  let v1: Form;
  let v2: Form;
  let tid: string;
  let tree: unknown;
  beforeAll(async () => {
    t = s.t;
    v1 = s.leaveForm as Form;
    v2 = secondVersion(v1);
    tree = startNode({}, approverNode('a1', [ids.get('chenjing')!]));
    tid = await makeTemplate('form_versions', tree as Record<string, unknown>);
  });

  const save = async (form: Form, flow = tree) => {
    const r = await t.call(await login('admin'), {
      method: 'PUT',
      url: `${B}/FlowEngine/${tid}`,
      payload: { enCode: 'form_versions', fullName: 'form_versions', formData: form, flowTemplateJson: flow },
    });
    expect(r.code, r.msg).toBe(200);
  };
  const act = async (what: string, opId: string, payload: Record<string, unknown>) =>
    t.call(await login('chenjing'), { method: 'POST', url: `${B}/FlowBefore/${what}/${opId}`, payload });
  const fieldsOf = (form: Form | null): string[] => {
    const out: string[] = [];
    const walk = (fs: Field[]) => {
      for (const f of fs) {
        if (f.__vModel__) out.push(f.__vModel__);
        walk(f.__config__?.children ?? []);
      }
    };
    walk(form?.fields ?? []);
    return out;
  };

  it('audit, save, reads and prints of a task launched before a form change use its own form; a new launch the new one', async () => {
    const inFlight = await launchLeave('zhangwei', tid);
    const rejected = await launchLeave('zhangwei', tid);
    expect((await task(inFlight)).form_version).toBe(1);
    // the form changes: attachments required, reason removed (a second save of the same form moves nothing)
    await save(v2);
    await save(v2);
    const tpl = await t.db.kysely
      .selectFrom('wf_template')
      .select(['form_version', 'version'])
      .where('id', '=', tid)
      .executeTakeFirstOrThrow();
    expect(tpl).toEqual({ form_version: 2, version: 3 });

    const op = (await pending(inFlight))[0]!;
    // the detail the handler opens: the launch form (reason kept, attachments optional) and its data
    const emp = await login('chenjing');
    const info = await t.call<{
      formData: Record<string, unknown>;
      flowFormInfo: { propertyJson: Form | null };
    }>(emp, { method: 'GET', url: `${B}/FlowBefore/${inFlight}?taskOperatorId=${op.id}` });
    expect(info.code, info.msg).toBe(200);
    expect(info.data.formData.reason).toBe('回家');
    expect(fieldsOf(info.data.flowFormInfo.propertyJson)).toContain('reason');
    const read = await t.call<{ formData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${B}/FlowTask/${inFlight}`,
    });
    expect(read.data.formData.reason).toBe('回家');
    const print = await t.call<{ printData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printData/${inFlight}`,
    });
    expect(print.code, print.msg).toBe(200);
    expect(print.data.printData.reason).toBe('回家');

    // save and audit without attachments: the launch form does not require them
    const saved = await act('SaveAudit', op.id, { formData: { reason: '回家探亲' } });
    expect(saved.code, saved.msg).toBe(200);
    expect(((await task(inFlight)).form_data as Record<string, unknown>).reason).toBe('回家探亲');
    const audited = await act('Audit', op.id, { handleOpinion: '同意', formData: { reason: '回家探亲' } });
    expect(audited.code, audited.msg).toBe(200);
    expect((await task(inFlight)).status).toBe(2);

    // rejected and resubmitted: still the launch form (the spec moves no task to a newer form)
    const rop = (await pending(rejected))[0]!;
    expect((await act('Reject', rop.id, { handleOpinion: '再议' })).code).toBe(200);
    const re = await t.call(await login('zhangwei'), {
      method: 'PUT',
      url: `${B}/FlowTask/${rejected}`,
      payload: { flowId: tid, formData: { ...s.leave, reason: '再回家' } },
    });
    expect(re.code, re.msg).toBe(200);
    const again = await task(rejected);
    expect(again).toMatchObject({ status: 1, form_version: 1 });
    expect((again.form_data as Record<string, unknown>).reason).toBe('再回家');

    // a new launch meets the new form: attachments required, reason gone
    const refused = await t.call(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: tid, formData: s.leave },
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('attachments');
    const fresh = await launchLeave('zhangwei', tid, { ...s.leave, attachments: [file] });
    const row = await task(fresh);
    expect(row.form_version).toBe(2);
    expect((row.form_data as Record<string, unknown>).reason).toBeUndefined();
    const freshOp = (await pending(fresh))[0]!;
    const info2 = await t.call<{ flowFormInfo: { propertyJson: Form | null } }>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/${fresh}?taskOperatorId=${freshOp.id}`,
    });
    expect(fieldsOf(info2.data.flowFormInfo.propertyJson)).not.toContain('reason');
  });

  it('a flow-only save keeps the form version; the superseded form is kept by its version', async () => {
    const before = await t.db.kysely
      .selectFrom('wf_template')
      .select('form_version')
      .where('id', '=', tid)
      .executeTakeFirstOrThrow();
    const renamed = startNode({ title: '申请人' }, approverNode('a1', [ids.get('chenjing')!]));
    await save(v2, renamed);
    const after = await t.db.kysely
      .selectFrom('wf_template')
      .select('form_version')
      .where('id', '=', tid)
      .executeTakeFirstOrThrow();
    expect(after.form_version).toBe(before.form_version);
    const kept = await t.db.kysely
      .selectFrom('wf_template_form')
      .select(['form_version', 'form_json'])
      .where('template_id', '=', tid)
      .execute();
    expect(kept.map((k) => k.form_version)).toEqual([1]);
    expect(fieldsOf(kept[0]!.form_json as Form)).toContain('reason');
  });

  it('a field the form declares in scriptEffects is not required by the server; undeclared it is', async () => {
    const withScripts = (declared: string[]) => ({
      ...v1,
      funcs: { onLoad: "if (formData.leaveType === 'annual') setRequired('reason', false);" },
      scriptEffects: { onLoad: declared },
    });
    const declared = await makeTemplate(
      'script_effects',
      startNode({}, approverNode('a1', [ids.get('chenjing')!])),
      {
        form: withScripts(['reason']),
      },
    );
    const plain = await makeTemplate(
      'script_plain',
      startNode({}, approverNode('a1', [ids.get('chenjing')!])),
      {
        form: withScripts([]),
      },
    );
    const noReason = { ...s.leave, reason: '' };
    expect((await launchLeave('zhangwei', declared, noReason)).length).toBeGreaterThan(0);
    const refused = await t.call(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: plain, formData: noReason },
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('reason');
  });
});

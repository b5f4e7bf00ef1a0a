// The baselines of the audit bench (workflow.bench.ts; not a bench itself): one bare transaction per audit,
// on the same pool as the server's audits.
import type { Db } from '../src/db/database';

/**
 * - `same` (judged, issue 40): every write an audit does, as plain statements one after another — lock the
 *   task row (reading its state), the operator row, the approval record, the notice to the initiator and its
 *   receipt, the task row with its state. Values keep the tasks as ours left them (status = status, the state
 *   read back), so the rounds can share tasks; the triggers an audit's writes fire (to-do counts, change
 *   notifications) fire for these too.
 * - `floor` (information; what issue 21's figure was judged on): the bare database work of an audit — row
 *   lock, version bump, one record.
 */
export type BareKind = 'same' | 'floor';

/** One bare transaction on task `id` (`k`: which of its rounds, for unique row ids). */
export async function bareAudit(db: Db, kind: BareKind, id: string, k: number, initiatorId: string) {
  const now = new Date();
  await db.kysely.transaction().execute(async (x) => {
    if (kind === 'floor') {
      await x.selectFrom('wf_task').select(['version']).where('id', '=', id).forUpdate().executeTakeFirst();
      await x
        .updateTable('wf_task')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await x
        .insertInto('wf_record')
        .values({
          id: `${id}:bench${k}`,
          task_id: id,
          node_id: 'a1',
          user_id: 'bench',
          handle_status: 1,
          handle_time: now,
        })
        .execute();
      return;
    }
    const t = await x
      .selectFrom('wf_task')
      .select(['version', 'state_json', 'form_data'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await x
      .updateTable('wf_operator')
      .set((eb) => ({ status: eb.ref('status'), result: eb.ref('result'), handle_time: now }))
      .where('task_id', '=', id)
      .execute();
    await x
      .insertInto('wf_record')
      .values({
        id: `${id}:same${k}`,
        task_id: id,
        node_id: 'a1',
        node_name: '审批',
        user_id: 'bench',
        handle_status: 1,
        handle_opinion: '同意',
        flow_task_id: 't2',
        handle_time: now,
      })
      .execute();
    const messageId = `${id}:m${k}`;
    const title = `审核通过：压测审批（${now.toISOString().slice(0, 16)}）`;
    await x
      .insertInto('message')
      .values({
        id: messageId,
        title,
        title_i18n: JSON.stringify({ zh: title, zhtw: title, en: title }),
        type: 2,
        body_text: null,
        files: '[]',
        creator_user_id: null,
        last_modify_time: now,
        to_user_ids: initiatorId,
        enabled_mark: 1,
      })
      .execute();
    await x
      .insertInto('message_receive')
      .values({
        id: `${messageId}:r`,
        message_id: messageId,
        user_id: initiatorId,
        is_read: 0,
        message_type: 2,
      })
      .execute();
    await x
      .updateTable('wf_task')
      .set((eb) => ({
        status: eb.ref('status'),
        current_nodes: eb.ref('current_nodes'),
        this_step: eb.ref('this_step'),
        form_data: t.form_data,
        state_json: t.state_json,
        last_modify_time: now,
        end_time: eb.ref('end_time'),
        version: t.version + 1,
      }))
      .where('id', '=', id)
      .where('version', '=', t.version)
      .execute();
  });
}

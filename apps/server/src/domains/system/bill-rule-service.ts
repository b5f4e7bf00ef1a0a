// Bill rules over the typed db: row views and taking the next number (used by the bill-rule routes and forms).
import { type BillDateFormat, type BillState, nextBillNumber } from '@kp/engine';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { BillRuleTable, Database } from '../../db/types';
import { ApiError, notFound } from '../../http/api-error';

export const MENU = 'systemData.billRule';
export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

export type Row = {
  [K in keyof BillRuleTable]: BillRuleTable[K] extends import('kysely').Generated<infer T>
    ? T
    : BillRuleTable[K];
};

export const ruleOf = (r: Row) => ({
  prefix: r.prefix,
  dateFormat: r.date_format as BillDateFormat,
  digits: r.digit,
  startNumber: r.start_number,
  suffix: r.suffix,
  kind: r.kind as 'sequence' | 'random' | 'uuid',
});
export const stateOf = (r: Row): BillState | null =>
  r.state_sequence === null ? null : { datePart: r.state_date_part ?? '', sequence: r.state_sequence };

export const view = (r: Row) => ({
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
 * The number the rule (by id or enCode) would give next, without taking it: GET …/BillNumber/{code}
 * answers this (a GET consumes nothing); the number is taken when the form is saved (takeBillNumber from
 * form/form-data.ts), so the saved number may be a later one when others saved in between.
 */
export async function previewBillNumber(
  db: Kysely<Database>,
  key: string,
  opts: { evenDisabled?: boolean } = {},
  now = new Date(),
): Promise<string> {
  const r = await db
    .selectFrom('sys_bill_rule')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('en_code', '=', key)]))
    .executeTakeFirst();
  if (!r) throw notFound();
  if (r.enabled_mark !== 1 && !opts.evenDisabled) throw new ApiError(400, '单据规则已禁用');
  return nextBillNumber(ruleOf(r), stateOf(r), now).number;
}

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

export async function takeIn(tx: Kysely<Database>, key: string, now: Date): Promise<string> {
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

import { type Kysely, sql } from 'kysely';
import type { Database } from '../types';

/**
 * System data (issue 9): dictionary types and data, bill rules with their atomically taken sequence.
 * Types of these tables: src/db/tables/system.ts. Seeds the dictionaries the OA forms use;
 * the meeting-type dictionary has the fixed id `dict-meeting-type` (meeting bookings read it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('sys_dictionary_type')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('sys_dictionary_data')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type_id', 'varchar(64)', (c) =>
      c.notNull().references('sys_dictionary_type.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo('0'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .addUniqueConstraint('sys_dictionary_data_code', ['type_id', 'en_code'])
    .execute();
  await db.schema
    .createTable('sys_bill_rule')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_format', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('digit', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('start_number', 'varchar(20)', (c) => c.notNull().defaultTo('1'))
    .addColumn('suffix', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('sequence'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    // The stored state of nextBillNumber: date part and sequence of the last number taken.
    .addColumn('state_date_part', 'varchar(20)')
    .addColumn('state_sequence', 'integer')
    .addColumn('output_number', 'varchar(200)')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();

  const types: Array<[string, string, string, Array<[string, string]>]> = [
    [
      'dict-leave-type',
      '请假类型',
      'leaveType',
      [
        ['annual', '年假'],
        ['personal', '事假'],
        ['sick', '病假'],
        ['marriage', '婚假'],
        ['maternity', '产假'],
        ['funeral', '丧假'],
        ['compensatory', '调休'],
      ],
    ],
    [
      'dict-expense-type',
      '费用类型',
      'expenseType',
      [
        ['travel', '差旅费'],
        ['transport', '交通费'],
        ['meal', '餐费'],
        ['office', '办公费'],
        ['entertainment', '招待费'],
        ['communication', '通讯费'],
        ['training', '培训费'],
      ],
    ],
    [
      'dict-meeting-type',
      '会议类型',
      'meetingType',
      [
        ['routine', '例会'],
        ['project', '项目会议'],
        ['review', '评审会议'],
        ['training', '培训会议'],
        ['customer', '客户会议'],
        ['other', '其他'],
      ],
    ],
    [
      'dict-document-type',
      '公文类型',
      'documentType',
      [
        ['notice', '通知'],
        ['request', '请示'],
        ['report', '报告'],
        ['reply', '批复'],
        ['letter', '函'],
        ['minutes', '纪要'],
        ['decision', '决定'],
      ],
    ],
    [
      'dict-urgency',
      '紧急程度',
      'urgency',
      [
        ['normal', '普通'],
        ['urgent', '紧急'],
        ['extraUrgent', '特急'],
      ],
    ],
  ];
  const tdb =
    db.withTables<Pick<Database, 'sys_dictionary_type' | 'sys_dictionary_data' | 'sys_bill_rule'>>();
  let sort = 0;
  for (const [id, fullName, enCode, items] of types) {
    await tdb
      .insertInto('sys_dictionary_type')
      .values({ id, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: sort++ })
      .execute();
    await tdb
      .insertInto('sys_dictionary_data')
      .values(
        items.map(([code, name], i) => ({
          id: `${id}-${code}`,
          type_id: id,
          parent_id: '0',
          full_name: name,
          en_code: code,
          sort_code: i,
        })),
      )
      .execute();
  }
  await tdb
    .insertInto('sys_bill_rule')
    .values([
      {
        id: 'bill-leave',
        full_name: '请假单号',
        en_code: 'leaveApply',
        prefix: 'QJ',
        date_format: 'yyyyMMdd',
        digit: 4,
        start_number: '1',
      },
      {
        id: 'bill-expense',
        full_name: '费用报销单号',
        en_code: 'expenseApply',
        prefix: 'BX',
        date_format: 'yyyyMM',
        digit: 5,
        start_number: '1',
      },
      {
        id: 'bill-document',
        full_name: '公文编号',
        en_code: 'documentNo',
        prefix: 'GW',
        date_format: 'yyyy',
        digit: 4,
        start_number: '1',
      },
    ])
    .execute();
}

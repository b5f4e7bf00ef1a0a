import { type Kysely, sql } from 'kysely';
import type { Database } from '../types';

/**
 * Meeting-room booking (issue 9): rooms and bookings. Types: src/db/tables/meeting.ts.
 * Overlaps are refused in a transaction holding a row lock on the room (domains/meeting/routes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('oa_meeting_room')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('room_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)')
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('oa_meeting')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('room_id', 'varchar(64)', (c) => c.notNull().references('oa_meeting_room.id'))
    .addColumn('theme', 'varchar(200)', (c) => c.notNull())
    .addColumn('type_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('leader', 'varchar(64)', (c) => c.notNull())
    .addColumn('recorder', 'varchar(64)')
    .addColumn('host', 'varchar(64)')
    .addColumn('description', 'text')
    .addColumn('participants', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    /** 1: cancelled. */
    .addColumn('state_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('oa_meeting_room_time')
    .on('oa_meeting')
    .columns(['room_id', 'start_time'])
    .execute();
  await db
    .withTables<Pick<Database, 'oa_meeting_room'>>()
    .insertInto('oa_meeting_room')
    .values([
      { id: 'room-101', room_name: '第一会议室', location: '总部大楼1楼', capacity: 12, sort_code: 1 },
      { id: 'room-201', room_name: '第二会议室', location: '总部大楼2楼', capacity: 20, sort_code: 2 },
      { id: 'room-301', room_name: '多功能厅', location: '总部大楼3楼', capacity: 80, sort_code: 3 },
      { id: 'room-302', room_name: '视频会议室', location: '总部大楼3楼', capacity: 16, sort_code: 4 },
      { id: 'room-501', room_name: '洽谈室', location: '总部大楼5楼', capacity: 6, sort_code: 5 },
    ])
    .execute();
}

import type { Kysely } from 'kysely';
import { MEETING_ROOM_LABELS } from '../meeting-room-labels';

type Room = {
  id: string;
  room_name: string;
  location: string | null;
  room_name_i18n: string | null;
  location_i18n: string | null;
};

/**
 * Per-language names and locations of the seeded meeting rooms (issue 20): oa_meeting_room gets
 * room_name_i18n and location_i18n ({zh, zhtw, en} as JSON; room_name and location keep the zh). The
 * booking reads name a room in the request's language while its name (location) is still the labels' zh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('oa_meeting_room')
    .addColumn('room_name_i18n', 'text')
    .addColumn('location_i18n', 'text')
    .execute();
  await relabelSeededRooms(db);
}

/** The labels of meeting-room-labels.ts written into the seeded rooms still named (placed) as seeded. */
export async function relabelSeededRooms(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<{ oa_meeting_room: Room }>();
  for (const [id, { name, location }] of Object.entries(MEETING_ROOM_LABELS)) {
    await k
      .updateTable('oa_meeting_room')
      .set({ room_name_i18n: JSON.stringify(name) })
      .where('id', '=', id)
      .where('room_name', '=', name.zh)
      .execute();
    await k
      .updateTable('oa_meeting_room')
      .set({ location_i18n: JSON.stringify(location) })
      .where('id', '=', id)
      .where('location', '=', location.zh)
      .execute();
  }
}

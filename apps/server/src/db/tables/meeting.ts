// Storage shapes of the meeting domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { Generated } from 'kysely';

export interface MeetingRoomTable {
  id: string;
  room_name: string;
  /** {zh, zhtw, en} of a seeded room (migration 0175; db/meeting-room-labels.ts). */
  room_name_i18n: Generated<string | null>;
  location: string | null;
  location_i18n: Generated<string | null>;
  capacity: Generated<number>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
}

export interface MeetingTable {
  id: string;
  room_id: string;
  theme: string;
  type_id: string;
  leader: string;
  recorder: string | null;
  host: string | null;
  description: string | null;
  participants: Generated<string>;
  files: Generated<string>;
  start_time: Date | string;
  end_time: Date | string;
  state_type: Generated<number>;
  creator_user_id: string;
  creator_time: Generated<Date>;
  last_modify_time: Date | string | null;
}

/** The meeting domain's tables by name. */
export interface MeetingTables {
  oa_meeting_room: MeetingRoomTable;
  oa_meeting: MeetingTable;
}

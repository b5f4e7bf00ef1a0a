// Storage shapes of the tables migration 0092-meeting adds, and the framework's handle seen with them.
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface MeetingRoomTable {
  id: string;
  room_name: string;
  location: string | null;
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

export type MtDb = Kysely<Database & { oa_meeting_room: MeetingRoomTable; oa_meeting: MeetingTable }>;
export const mtdb = (db: Kysely<Database>): MtDb => db as unknown as MtDb;

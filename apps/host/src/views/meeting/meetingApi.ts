import { http } from '../../api/http';

export interface RoomResource {
  id: string;
  roomName: string;
  location?: string | null;
  capacity?: number;
  events: TimelineEvent[];
}
export interface TimelineEvent {
  id: string;
  resourceId: string;
  title: string;
  start: number;
  end: number;
  crLeader: string;
  leaderName: string;
  createUserGuid: string;
}
export interface Booking {
  id?: string;
  crbguid?: string;
  crguid: string;
  crName?: string;
  crTheme: string;
  crTypeGuid: string;
  crLeader: string;
  crRecorder?: string | null;
  crHost?: string | null;
  crDescription?: string | null;
  startTime: number;
  endTime: number;
  participants?: string;
  userList?: string[];
  files?: unknown[];
  stateType?: number;
  createUserGuid?: string;
  userNames?: Record<string, string>;
}
export interface MeetingListRow {
  crbguid: string;
  crTheme: string;
  crName: string;
  userName: string;
  startTime: number;
  endTime: number;
  crState: number;
  stateType: number;
  createUserGuid?: string;
}
const C = '/api/Bussiness/Conference';

/** Meeting-room booking calls (spec 3 §7 Meeting booking). */
export const meetingApi = {
  day: (day: string) =>
    http.get<{ resources: RoomResource[]; calendarEvents: TimelineEvent[] }>(`${C}/ConferenceList`, { day }),
  get: (id: string) => http.get<Booking>(`${C}/${id}`),
  create: (b: Booking) => http.post<string>(C, b as never, { showSuccess: true }),
  update: (id: string, b: Booking) => http.put<null>(`${C}/${id}`, b as never, { showSuccess: true }),
  cancel: (id: string) => http.put<null>(`${C}/${id}/Actions/Cancel`, undefined, { showSuccess: true }),
  list: (q: {
    currentPage: number;
    pageSize: number;
    mine?: boolean;
    startTime?: string;
    keyword?: string;
  }) => http.get<{ list: MeetingListRow[]; pagination: { total: number } }>(C, { ...q, close: true }),
  /** Meeting types: the dictionary with the fixed id dict-meeting-type. */
  types: () =>
    http.get<{ list: Array<{ id: string; fullName: string; enCode: string }> }>(
      '/api/system/DictionaryData/dict-meeting-type/Data/Selector',
    ),
};

import { type Static, Type } from '@sinclair/typebox';

// Meeting-room booking (spec 3 §3 Meeting, §7 Meeting booking). Required fields are checked by the
// server with the spec's messages (请输入会议主题 …), so they are optional here.

const Id = Type.String({ maxLength: 64 });
const Time = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 }), Type.Null()]);

/** POST /api/Bussiness/Conference and PUT /api/Bussiness/Conference/{id}. Times: epoch ms or ISO text. */
export const ConferenceBody = Type.Object({
  crTheme: Type.Optional(Type.String({ maxLength: 200 })),
  crguid: Type.Optional(Id),
  crTypeGuid: Type.Optional(Id),
  crLeader: Type.Optional(Id),
  crRecorder: Type.Optional(Type.Union([Id, Type.Null()])),
  crHost: Type.Optional(Type.Union([Id, Type.Null()])),
  crDescription: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
  startTime: Type.Optional(Time),
  endTime: Type.Optional(Time),
  /** Attendee user ids joined by commas (JNPF) … */
  participants: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
  /** … or as a list; both are accepted and merged. */
  userList: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  files: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 50 })),
});
export type ConferenceBody = Static<typeof ConferenceBody>;

/** GET /api/Bussiness/Conference: startTime as 'YYYY-MM-DD 00:00:00,YYYY-MM-DD 23:59:59'. */
export const ConferenceQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  menuId: Type.Optional(Type.String({ maxLength: 64 })),
  close: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  startTime: Type.Optional(Type.String({ maxLength: 60 })),
  /** Only the caller's own bookings (the "my bookings" list; not in the spec). */
  mine: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
});
export type ConferenceQuery = Static<typeof ConferenceQuery>;

export const ConferenceDayQuery = Type.Object({ day: Type.Optional(Type.String({ maxLength: 30 })) });
export type ConferenceDayQuery = Static<typeof ConferenceDayQuery>;

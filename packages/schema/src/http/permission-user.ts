// Request and response shapes of the user administration, staff records, member relations, groups and
// the current user's self-service calls (spec 4 §7, spec 1 §7 Current user).
import { type Static, Type } from '@sinclair/typebox';

const IdText = Type.String({ minLength: 1, maxLength: 64 });
const Mark = Type.Integer({ minimum: 0, maximum: 1 });
const Opt = (s: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([s, Type.Null()]));
const Short = Type.String({ maxLength: 200 });
const Text = Type.String({ maxLength: 2000 });
/** The client sends MD5 hex of every password (spec 1 §7 Login). */
export const Md5Hex = Type.String({ pattern: '^[a-fA-F0-9]{32}$', description: 'MD5 hex of the password' });

export const UserListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  organizeId: Type.Optional(Type.String({ maxLength: 64 })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserInput = Type.Object(
  {
    account: Type.String({ minLength: 1, maxLength: 50 }),
    realName: Type.String({ minLength: 1, maxLength: 50 }),
    gender: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2 }), Type.String({ maxLength: 8 }), Type.Null()]),
    ),
    mobilePhone: Opt(Type.String({ maxLength: 32 })),
    email: Opt(Short),
    /** The unit the user belongs to: a department or an organisation. */
    organizeId: IdText,
    managerId: Opt(Type.String({ maxLength: 64 })),
    positionIds: Type.Optional(Type.Array(IdText, { maxItems: 200 })),
    roleIds: Type.Optional(Type.Array(IdText, { maxItems: 200 })),
    headIcon: Opt(Short),
    sortCode: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
    enabledMark: Type.Optional(Mark),
    description: Opt(Text),
    /** Only on create; when missing the system's default password is set (and flagged weak). */
    password: Type.Optional(Md5Hex),
  },
  { additionalProperties: true },
);
export type UserInput = Static<typeof UserInput>;

export interface UserListItem {
  id: string;
  account: string;
  realName: string;
  gender: number | null;
  mobilePhone: string | null;
  email: string | null;
  organizeId: string | null;
  departmentId: string | null;
  organize: string;
  headIcon: string | null;
  /** 0 disabled, 1 enabled, 2 locked. */
  enabledMark: number;
  isAdministrator: number;
  sortCode: number;
  description: string | null;
  creatorTime: number;
}

export interface UserDetail extends UserListItem {
  managerId: string | null;
  positionIds: string[];
  roleIds: string[];
  groupIds: string[];
}

export const ResetPasswordBody = Type.Object(
  { userPassword: Type.Optional(Md5Hex), validatePassword: Type.Optional(Md5Hex) },
  { additionalProperties: true },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const KeywordBody = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 200 })),
    currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
  },
  { additionalProperties: true },
);
export type KeywordBody = Static<typeof KeywordBody>;

/** POST /Users/getUserList: `userId` is a list of ids (a single id or comma-joined text accepted too). */
export const UserIdListBody = Type.Object({
  userId: Type.Union([Type.Array(IdText, { maxItems: 10_000 }), Type.String({ maxLength: 100_000 })]),
});
export type UserIdListBody = Static<typeof UserIdListBody>;

// ---------- import / export ----------

export const ImportRow = Type.Object(
  {
    account: Type.Optional(Type.String({ maxLength: 200 })),
    realName: Type.Optional(Type.String({ maxLength: 200 })),
    gender: Type.Optional(Type.String({ maxLength: 20 })),
    mobilePhone: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.String({ maxLength: 200 })),
    organize: Type.Optional(Type.String({ maxLength: 500 })),
    positions: Type.Optional(Type.String({ maxLength: 2000 })),
    roles: Type.Optional(Type.String({ maxLength: 2000 })),
    certificatesNumber: Type.Optional(Type.String({ maxLength: 200 })),
    entryDate: Type.Optional(Type.String({ maxLength: 50 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    errorsInfo: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type ImportRow = Static<typeof ImportRow>;
export const ImportDataBody = Type.Object({ list: Type.Array(ImportRow, { maxItems: 5000 }) });
export type ImportDataBody = Static<typeof ImportDataBody>;

export interface ImportPreview {
  /** Column headers for the preview table: key and title. */
  headerRow: Array<{ id: string; fullName: string }>;
  dataRow: ImportRow[];
}
export interface ImportResult {
  snum: number;
  fnum: number;
  /** 0: everything imported; 1: some rows failed (failResult holds them with errorsInfo). */
  resultType: 0 | 1;
  failResult: ImportRow[];
  /** The one-time password of each imported user, answered this once (there is no default password). */
  passwords?: Array<{ account: string; realName: string; password: string }>;
}
/** Download answer of ExportExcel, TemplateDownload and ExportExceptionData. */
export interface DownloadInfo {
  name: string;
  url: string;
}

// ---------- staff record ----------

export const STAFF_SECTIONS = [
  'basicInfo',
  'IdentityInfo',
  'ContactInfo',
  'EduInfo',
  'workInfo',
  'recordInfo',
  'contractInfo',
  'trainingInfo',
  'turnoverInfo',
  'certificateInfo',
] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];
/** Sections that hold a list of entries rather than one record. */
export const STAFF_LIST_SECTIONS: readonly StaffSection[] = [
  'EduInfo',
  'workInfo',
  'trainingInfo',
  'certificateInfo',
];

const S = (max = 200) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const DateText = S(30);

export const StaffBasicInfo = Type.Object(
  {
    realName: S(50),
    gender: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2 }), Type.Null()])),
    birthday: DateText,
    nation: S(50),
    nativePlace: S(200),
    politicalStatus: S(50),
    maritalStatus: S(50),
    education: S(50),
    entryDate: DateText,
    jobNumber: S(50),
    description: S(2000),
  },
  { additionalProperties: false },
);
export const StaffIdentityInfo = Type.Object(
  {
    certificatesType: S(50),
    certificatesNumber: S(50),
    issuingAuthority: S(200),
    validFrom: DateText,
    validTo: DateText,
    householdAddress: S(500),
  },
  { additionalProperties: false },
);
export const StaffContactInfo = Type.Object(
  {
    mobilePhone: S(32),
    telePhone: S(32),
    email: S(200),
    postalAddress: S(500),
    urgentContacts: S(50),
    urgentTelePhone: S(32),
  },
  { additionalProperties: false },
);
export const StaffEduEntry = Type.Object(
  { school: S(200), major: S(200), degree: S(50), education: S(50), startDate: DateText, endDate: DateText },
  { additionalProperties: false },
);
export const StaffWorkEntry = Type.Object(
  { company: S(200), position: S(200), startDate: DateText, endDate: DateText, description: S(2000) },
  { additionalProperties: false },
);
export const StaffRecordInfo = Type.Object(
  { recordNumber: S(50), recordLocation: S(200), transferDate: DateText, description: S(2000) },
  { additionalProperties: false },
);
export const StaffContractInfo = Type.Object(
  {
    contractNumber: S(50),
    contractType: S(50),
    startDate: DateText,
    endDate: DateText,
    probationEndDate: DateText,
  },
  { additionalProperties: false },
);
export const StaffTrainingEntry = Type.Object(
  { course: S(200), organizer: S(200), startDate: DateText, endDate: DateText, result: S(200) },
  { additionalProperties: false },
);
export const StaffTurnoverInfo = Type.Object(
  { turnoverType: S(50), turnoverDate: DateText, reason: S(2000) },
  { additionalProperties: false },
);
export const StaffCertificateEntry = Type.Object(
  { name: S(200), number: S(100), issuingAuthority: S(200), issueDate: DateText, validTo: DateText },
  { additionalProperties: false },
);

const L = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item, { maxItems: 200 }) }, { additionalProperties: false });

/** The body schema of each staff section's PUT; list sections take `{ list: [...] }`. */
export const STAFF_SECTION_SCHEMAS = {
  basicInfo: StaffBasicInfo,
  IdentityInfo: StaffIdentityInfo,
  ContactInfo: StaffContactInfo,
  EduInfo: L(StaffEduEntry),
  workInfo: L(StaffWorkEntry),
  recordInfo: StaffRecordInfo,
  contractInfo: StaffContractInfo,
  trainingInfo: L(StaffTrainingEntry),
  turnoverInfo: StaffTurnoverInfo,
  certificateInfo: L(StaffCertificateEntry),
} as const;

// ---------- member relations and groups ----------

export const RELATION_OBJECT_TYPES = ['Position', 'Role', 'Group'] as const;
export const UserRelationBody = Type.Object({
  objectType: Type.Union(RELATION_OBJECT_TYPES.map((t) => Type.Literal(t))),
  userIds: Type.Array(IdText, { maxItems: 20_000 }),
});
export type UserRelationBody = Static<typeof UserRelationBody>;
export const UserRelationQuery = Type.Object({
  objectType: Type.Optional(Type.Union(RELATION_OBJECT_TYPES.map((t) => Type.Literal(t)))),
});

export const GroupInput = Type.Object(
  {
    fullName: Type.String({ minLength: 1, maxLength: 200 }),
    enCode: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    /** 0 personal (owned by its creator), 1 enterprise (managed by administrators). */
    type: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]),
    sortCode: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
    enabledMark: Type.Optional(Mark),
    description: Opt(Text),
    userIds: Type.Optional(Type.Array(IdText, { maxItems: 20_000 })),
  },
  { additionalProperties: true },
);
export type GroupInput = Static<typeof GroupInput>;

export const GroupImUserQuery = Type.Object({
  organizeId: Type.Optional(Type.String({ maxLength: 64 })),
  groupId: Type.Optional(Type.String({ maxLength: 64 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  self: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 }), Type.Integer()])),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000, default: 20 })),
});
export type GroupImUserQuery = Static<typeof GroupImUserQuery>;

// ---------- current user ----------

export const CurrentBaseInfoBody = Type.Object(
  {
    realName: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    gender: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2 }), Type.Null()])),
    mobilePhone: Opt(Type.String({ maxLength: 32 })),
    email: Opt(Short),
    signature: Opt(Short),
    birthday: Opt(Type.String({ maxLength: 30 })),
    nation: Opt(Type.String({ maxLength: 50 })),
    nativePlace: Opt(Short),
    telePhone: Opt(Type.String({ maxLength: 32 })),
    postalAddress: Opt(Type.String({ maxLength: 500 })),
    urgentContacts: Opt(Type.String({ maxLength: 50 })),
    urgentTelePhone: Opt(Type.String({ maxLength: 32 })),
    certificatesNumber: Opt(Type.String({ maxLength: 50 })),
    description: Opt(Text),
  },
  { additionalProperties: true },
);
export type CurrentBaseInfoBody = Static<typeof CurrentBaseInfoBody>;

/**
 * ModifyPassword: old and new passwords arrive as MD5 hex, so the server cannot check the
 * 6-16 letters-and-digits rule; the host checks it on the plain text, the server checks the old
 * password and that the new one differs (and flags a known weak MD5).
 */
export const ModifyPasswordBody = Type.Object(
  {
    oldPassword: Md5Hex,
    password: Md5Hex,
    code: Type.Optional(Type.String({ maxLength: 20 })),
    timestamp: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])),
  },
  { additionalProperties: true },
);
export type ModifyPasswordBody = Static<typeof ModifyPasswordBody>;

export const THEMES = ['classic', 'functional', 'plain', 'blend'] as const;
export const SystemThemeBody = Type.Object(
  { theme: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: true },
);
export const SystemLanguageBody = Type.Object(
  { language: Type.Union([Type.Literal('zh'), Type.Literal('zhtw'), Type.Literal('en')]) },
  { additionalProperties: true },
);
/** PUT major: switch the user's main organisation (department) or main position. */
export const MajorBody = Type.Object({
  majorType: Type.Union([Type.Literal('Organize'), Type.Literal('Position')]),
  majorId: IdText,
});
export type MajorBody = Static<typeof MajorBody>;
export const SystemLogQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 20 })),
  category: Type.Optional(Type.String({ maxLength: 32 })),
});

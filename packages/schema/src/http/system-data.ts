import { type Static, Type } from '@sinclair/typebox';

// System data (spec 4 §7): dictionaries and bill rules. Field names follow the JNPF clients.

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Code = Type.String({ minLength: 1, maxLength: 50 });
const Text = Type.String({ maxLength: 500 });
const Mark = Type.Union([Type.Literal(0), Type.Literal(1)]);
/**
 * The name in zhtw and en as an administrator types them (issue 20; zh is fullName). Empty or missing: that
 * language shows fullName. The whole object absent: the stored names stay as they are.
 */
const NameI18n = Type.Optional(
  Type.Object({
    zhtw: Type.Optional(Type.String({ maxLength: 100 })),
    en: Type.Optional(Type.String({ maxLength: 100 })),
  }),
);
/** The last fields of every system record body: sort order, enabled mark, description. */
const ORDER_STATE_NOTE = {
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  enabledMark: Type.Optional(Mark),
  description: Type.Optional(Type.Union([Text, Type.Null()])),
};

/** POST /api/system/DictionaryType and PUT /api/system/DictionaryType/{id}. */
export const DictionaryTypeBody = Type.Object({
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fullName: Name,
  fullNameI18n: NameI18n,
  enCode: Code,
  /** 1: the data of this type form a tree. */
  isTree: Type.Optional(Mark),
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  description: Type.Optional(Type.Union([Text, Type.Null()])),
});
export type DictionaryTypeBody = Static<typeof DictionaryTypeBody>;

/** POST /api/system/DictionaryData and PUT /api/system/DictionaryData/{id}. */
export const DictionaryDataBody = Type.Object({
  dictionaryTypeId: Type.String({ minLength: 1, maxLength: 64 }),
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fullName: Name,
  fullNameI18n: NameI18n,
  enCode: Code,
  ...ORDER_STATE_NOTE,
});
export type DictionaryDataBody = Static<typeof DictionaryDataBody>;

/** GET /api/system/DictionaryData/{typeId}: keyword filter; isTree=1 answers a tree. */
export const DictionaryDataQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  isTree: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer({ minimum: 0, maximum: 1 })]),
  ),
});
export type DictionaryDataQuery = Static<typeof DictionaryDataQuery>;

/** PUT .../Actions/State: the new state; without a body the state is toggled. */
export const StateBody = Type.Union([Type.Object({ enabledMark: Type.Optional(Mark) }), Type.Null()]);
export type StateBody = Static<typeof StateBody>;

/** One select option of GET /api/system/DictionaryData/{typeId}/Data/Selector. */
export const DictionarySelectorOption = Type.Object({
  id: Type.String(),
  enCode: Type.String(),
  fullName: Type.String(),
});
export type DictionarySelectorOption = Static<typeof DictionarySelectorOption>;

export const BILL_DATE_FORMAT_VALUES = [
  '',
  'yyyy',
  'yyyyMM',
  'yyyyMMdd',
  'yyyyMMddHH',
  'yyyyMMddHHmm',
  'yyyyMMddHHmmss',
  'yyyyMMddHHmmssSSS',
] as const;

/** POST /api/system/BillRule and PUT /api/system/BillRule/{id}. */
export const BillRuleBody = Type.Object({
  fullName: Name,
  enCode: Code,
  prefix: Type.Optional(Type.String({ maxLength: 50 })),
  dateFormat: Type.Optional(Type.Union(BILL_DATE_FORMAT_VALUES.map((v) => Type.Literal(v)))),
  /** Width of the running number (zero-padded). */
  digit: Type.Integer({ minimum: 1, maximum: 30 }),
  startNumber: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,15}$' })]),
  ),
  suffix: Type.Optional(Type.String({ maxLength: 50 })),
  /** sequence (default), random digits or a UUID. */
  kind: Type.Optional(Type.Union([Type.Literal('sequence'), Type.Literal('random'), Type.Literal('uuid')])),
  ...ORDER_STATE_NOTE,
});
export type BillRuleBody = Static<typeof BillRuleBody>;

export const BillRuleQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type BillRuleQuery = Static<typeof BillRuleQuery>;

/** POST /api/system/Area and PUT /api/system/Area/{id}. enCode: digits (the division code). */
export const AreaBody = Type.Object({
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fullName: Name,
  enCode: Type.String({ minLength: 1, maxLength: 20 }),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  ...ORDER_STATE_NOTE,
});
export type AreaBody = Static<typeof AreaBody>;

/** POST /api/system/Area/GetAreaByIds: id paths (e.g. [["130000","130100"]]) -> name paths. */
export const AreaByIdsBody = Type.Object({
  idsList: Type.Array(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10 }), {
    maxItems: 1000,
  }),
});
export type AreaByIdsBody = Static<typeof AreaByIdsBody>;

const Icon = Type.String({ maxLength: 500 });
/** PUT /api/system/SysConfig (administrators): any subset of the system settings. */
export const SysConfigBody = Type.Object(
  {
    sysName: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    sysVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    copyright: Type.Optional(Type.String({ maxLength: 200 })),
    sysAuthor: Type.Optional(Type.String({ maxLength: 100 })),
    sysProducer: Type.Optional(Type.String({ maxLength: 100 })),
    logoIcon: Type.Optional(Icon),
    navigationIcon: Type.Optional(Icon),
    loginIcon: Type.Optional(Icon),
    loginBackground: Type.Optional(Icon),
    enableVerificationCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    verificationCodeNumber: Type.Optional(Type.Integer({ minimum: 3, maximum: 8 })),
    passwordErrorsNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    lockTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 10080 })),
    tokenTimeout: Type.Optional(Type.Integer({ minimum: 5, maximum: 43200 })),
    singleLogin: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
    newUserDefaultPassword: Type.Optional(Type.String({ minLength: 4, maxLength: 32 })),
    /** Origins external links may point to (type-5 messages, /external, the mailbox): http(s)://host[:port]. */
    externalLinkHosts: Type.Optional(
      Type.Array(Type.String({ maxLength: 300, pattern: '^https?://[^\\s/?#@]+/?$' }), { maxItems: 200 }),
    ),
  },
  { additionalProperties: false },
);
export type SysConfigBody = Static<typeof SysConfigBody>;

export const DataInterfaceParam = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Null()])),
  required: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DataInterfaceParam = Static<typeof DataInterfaceParam>;

/** POST /api/system/DataInterface, PUT /api/system/DataInterface (id in the body) or …/{id}. */
export const DataInterfaceBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  fullName: Name,
  enCode: Code,
  kind: Type.Union([Type.Literal('static'), Type.Literal('http')]),
  method: Type.Optional(Type.Union([Type.Literal('GET'), Type.Literal('POST')])),
  url: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  params: Type.Optional(Type.Array(DataInterfaceParam, { maxItems: 50 })),
  /** STATIC: the JSON text of the data. */
  staticData: Type.Optional(Type.Union([Type.String({ maxLength: 1_000_000 }), Type.Null()])),
  /** A JSONata expression applied to the response (empty: the response as is). */
  transform: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
  ...ORDER_STATE_NOTE,
});
export type DataInterfaceBody = Static<typeof DataInterfaceBody>;

/** POST …/{id}/Actions/Preview and the popup call: parameter values by field. */
export const DataInterfaceCallBody = Type.Object({
  paramList: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.Unknown())),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  /** The field of a record holding its id (popup: single record by id). */
  propsValue: Type.Optional(Type.String({ maxLength: 50 })),
  relationField: Type.Optional(Type.String({ maxLength: 50 })),
  id: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DataInterfaceCallBody = Static<typeof DataInterfaceCallBody>;

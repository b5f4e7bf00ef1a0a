import { type Static, Type } from '@sinclair/typebox';

// Online development (spec 4 §7 "Online development" and "Code generator"): designed items, their list
// configuration, and the runtime calls over their records. Field names follow the JNPF clients.

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Prop = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });

/** One column of the runtime list. */
export const VisualDevColumn = Type.Object({
  prop: Prop,
  label: Type.String({ minLength: 1, maxLength: 100 }),
  width: Type.Optional(Type.Integer({ minimum: 40, maximum: 1000 })),
  align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
  sortable: Type.Optional(Type.Boolean()),
});
export type VisualDevColumn = Static<typeof VisualDevColumn>;

/** The list configuration of an item (columnData). */
export const VisualDevColumnData = Type.Object({
  columnList: Type.Array(VisualDevColumn, { maxItems: 100 }),
  /** Fields the list can be searched by (keyword contains, per field). */
  searchList: Type.Optional(
    Type.Array(Type.Object({ prop: Prop, label: Type.String({ maxLength: 100 }) }), { maxItems: 20 }),
  ),
  /** Toolbar buttons: add, download (export), upload (import), batchRemove. */
  btnsList: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Literal('add'),
        Type.Literal('download'),
        Type.Literal('upload'),
        Type.Literal('batchRemove'),
      ]),
      { maxItems: 4, uniqueItems: true },
    ),
  ),
  /** Row buttons: edit, detail, remove. */
  columnBtnsList: Type.Optional(
    Type.Array(Type.Union([Type.Literal('edit'), Type.Literal('detail'), Type.Literal('remove')]), {
      maxItems: 3,
      uniqueItems: true,
    }),
  ),
  hasPage: Type.Optional(Type.Boolean()),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  defaultSidx: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type VisualDevColumnData = Static<typeof VisualDevColumnData>;

/** POST /api/visualdev/Base and PUT /api/visualdev/Base/{id}. formData and columnData: object or JSON text. */
export const VisualDevBody = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 100 }),
  /** Letters, digits and dots, no dot at either end (spec 4 §5 Code rule; checked by the server with its message). */
  enCode: Type.String({ minLength: 1, maxLength: 50 }),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  /** 1 form only, 2 list and form. */
  webType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  enabledMark: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  formData: Type.Union([
    Type.String({ maxLength: 2_000_000 }),
    Type.Object({}, { additionalProperties: true }),
  ]),
  columnData: Type.Optional(
    Type.Union([Type.String({ maxLength: 200_000 }), Type.Object({}, { additionalProperties: true })]),
  ),
});
export type VisualDevBody = Static<typeof VisualDevBody>;

/** GET /api/visualdev/Base. */
export const VisualDevQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
});
export type VisualDevQuery = Static<typeof VisualDevQuery>;

/** POST /api/visualdev/Base/{id}/Actions/Release: where the menu entry goes (default: the 在线开发 directory). */
export const VisualDevReleaseBody = Type.Object({
  pcIsRelease: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  pcModuleParentId: Type.Optional(Id),
});
export type VisualDevReleaseBody = Static<typeof VisualDevReleaseBody>;

/** POST /api/visualdev/OnlineDev/{id}/List: paging, sort and per-field search values. */
export const OnlineListBody = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  sidx: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** Search values by field (only fields of the item's searchList count). */
  query: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]),
      {
        maxProperties: 20,
      },
    ),
  ),
  menuId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type OnlineListBody = Static<typeof OnlineListBody>;

/** POST /api/visualdev/OnlineDev/{id} and PUT …/{id}/{recordId}: the form data. */
export const OnlineRecordBody = Type.Object({
  data: Type.Union([Type.String({ maxLength: 2_000_000 }), Type.Object({}, { additionalProperties: true })]),
  /** PUT only: the version read (optimistic lock); a stale one is refused. */
  version: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type OnlineRecordBody = Static<typeof OnlineRecordBody>;

export const OnlineRecordParams = Type.Object({ id: Id, recordId: Id });
export type OnlineRecordParams = Static<typeof OnlineRecordParams>;

/** POST /api/visualdev/OnlineDev/batchDelete/{id}. */
export const OnlineIdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) });
export type OnlineIdsBody = Static<typeof OnlineIdsBody>;

/** POST …/OnlineDev/{id}/Actions/Export: which records (0 this page, 1 all matching) and which fields. */
export const OnlineExportBody = Type.Object({
  ...OnlineListBody.properties,
  dataType: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]),
  ),
  selectKey: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
});
export type OnlineExportBody = Static<typeof OnlineExportBody>;

/** POST …/OnlineDev/{id}/Actions/ImportPreview and …/Actions/Import: an uploaded xlsx (file id from merge). */
export const OnlineImportBody = Type.Object({ fileId: Type.String({ minLength: 1, maxLength: 80 }) });
export type OnlineImportBody = Static<typeof OnlineImportBody>;

/** POST …/OnlineDev/{id}/Actions/ExportData: the rows an import refused, written back out with their errors. */
export const OnlineExceptionBody = Type.Object({
  list: Type.Array(
    Type.Object({
      data: Type.Object({}, { additionalProperties: true }),
      errorsInfo: Type.Optional(Type.String({ maxLength: 2000 })),
    }),
    { minItems: 1, maxItems: 5000 },
  ),
});
export type OnlineExceptionBody = Static<typeof OnlineExceptionBody>;

/** POST /api/visualdev/Generater/{id}/Actions/CodePreview and …/DownloadCode. */
export const GeneratorBody = Type.Object({
  /** The module area (one of GET /api/visualdev/Generater/AreasName). */
  module: Type.Optional(Type.String({ maxLength: 50, pattern: '^[a-z][a-zA-Z0-9]*$' })),
  /** The generated class/component name (default from enCode). */
  className: Type.Optional(Type.String({ maxLength: 50, pattern: '^[A-Z][A-Za-z0-9]*$' })),
  description: Type.Optional(Type.String({ maxLength: 200 })),
});
export type GeneratorBody = Static<typeof GeneratorBody>;

/** POST /api/system/printDev and PUT /api/system/printDev/{id}: an HTML print template with {field} placeholders. */
export const PrintDevBody = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 100 }),
  /** Letters, digits and dots, no dot at either end (checked by the server with the spec's message). */
  enCode: Type.String({ minLength: 1, maxLength: 50 }),
  /** 1 flow, 2 form. */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  /** The bound source: an online-development item id (type 2) or a flow template id (type 1). */
  formId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  printTemplate: Type.String({ maxLength: 500_000 }),
  pageSetting: Type.Optional(
    Type.Object({
      size: Type.Optional(Type.Union([Type.Literal('A4'), Type.Literal('A5'), Type.Literal('Letter')])),
      orientation: Type.Optional(Type.Union([Type.Literal('portrait'), Type.Literal('landscape')])),
      margin: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    }),
  ),
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  enabledMark: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
export type PrintDevBody = Static<typeof PrintDevBody>;

/** POST /api/system/printDev/Fields: the fields a template bound to this source can use. */
export const PrintFieldsBody = Type.Object({
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  formId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type PrintFieldsBody = Static<typeof PrintFieldsBody>;

/** GET /api/system/printDev/Data: a template filled from one record (type 2) or one flow task (type 1). */
export const PrintDataQuery = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  formId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type PrintDataQuery = Static<typeof PrintDataQuery>;

// Request and response shapes of the organisation and permission administration API (spec 4 §7):
// organisations, departments, positions, roles, role grants, column settings, organisation administrators.
import { type Static, Type } from '@sinclair/typebox';

const IdText = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Code = Type.String({ minLength: 1, maxLength: 100 });
const Mark = Type.Integer({ minimum: 0, maximum: 1 });
const Sort = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });
const Text = Type.String({ maxLength: 2000 });
/** The last fields of the position and role bodies: sort order, enabled mark, description. */
const ORDER_STATE_NOTE = {
  sortCode: Type.Optional(Sort),
  enabledMark: Type.Optional(Mark),
  description: Type.Optional(Type.Union([Text, Type.Null()])),
};
const NullableId = Type.Union([IdText, Type.Null()]);

/** Delete-many payload of spec 4 §3. */
export const IdsBody = Type.Object({ ids: Type.Array(IdText, { maxItems: 10_000 }) });
export type IdsBody = Static<typeof IdsBody>;

/** The `{organizeIds}` payload of Position/getListByOrgIds and Role/getListByOrgIds. */
export const OrganizeIdsBody = Type.Object({ organizeIds: Type.Array(IdText, { maxItems: 10_000 }) });
export type OrganizeIdsBody = Static<typeof OrganizeIdsBody>;

/** A picker tree node (spec 4 §3). */
export interface PickerNode {
  id: string;
  fullName: string;
  parentId?: string | null;
  enCode?: string;
  type?: string;
  icon?: string;
  enabledMark?: number;
  onlyId?: string;
  organize?: string;
  hasChildren: boolean;
  children: PickerNode[];
  [extra: string]: unknown;
}

// ---------- organisations and departments ----------

export const ORGANIZE_CATEGORIES = ['company', 'department'] as const;

export const OrganizeInput = Type.Object(
  {
    parentId: Type.Optional(Type.Union([IdText, Type.Literal('-1'), Type.Null()])),
    fullName: Name,
    enCode: Code,
    managerId: Type.Optional(NullableId),
    sortCode: Type.Optional(Sort),
    enabledMark: Type.Optional(Mark),
    description: Type.Optional(Type.Union([Text, Type.Null()])),
    propertyJson: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()])),
  },
  { additionalProperties: true },
);
export type OrganizeInput = Static<typeof OrganizeInput>;

/** A department always has a parent (its organisation or another department). */
export const DepartmentInput = Type.Composite([OrganizeInput, Type.Object({ parentId: IdText })], {
  additionalProperties: true,
});
export type DepartmentInput = Static<typeof DepartmentInput>;

export interface OrganizeInfo {
  id: string;
  parentId: string | null;
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
  managerId: string | null;
  manager?: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  propertyJson: string | null;
  organizeIdTree: string[];
  creatorTime: number;
  lastModifyTime: number | null;
}

export const OrganizeListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  enabledMark: Type.Optional(Mark),
});
export type OrganizeListQuery = Static<typeof OrganizeListQuery>;

/** One organisation an administrator manages and what they may do there (organizeAdminIsTrator). */
export const OrganizeAdminGrant = Type.Object({
  organizeId: IdText,
  thisLayerAdd: Type.Optional(Mark),
  thisLayerEdit: Type.Optional(Mark),
  thisLayerDelete: Type.Optional(Mark),
  thisLayerSelect: Type.Optional(Mark),
  subLayerAdd: Type.Optional(Mark),
  subLayerEdit: Type.Optional(Mark),
  subLayerDelete: Type.Optional(Mark),
  subLayerSelect: Type.Optional(Mark),
});
export type OrganizeAdminGrant = Static<typeof OrganizeAdminGrant>;
export const OrganizeAdminBody = Type.Object({ list: Type.Array(OrganizeAdminGrant, { maxItems: 5000 }) });
export type OrganizeAdminBody = Static<typeof OrganizeAdminBody>;

// ---------- positions ----------

export const PositionInput = Type.Object(
  {
    organizeId: IdText,
    fullName: Name,
    enCode: Code,
    type: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
    ...ORDER_STATE_NOTE,
  },
  { additionalProperties: true },
);
export type PositionInput = Static<typeof PositionInput>;

export interface PositionInfo {
  id: string;
  organizeId: string;
  organizeName?: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
}

// ---------- roles ----------

/** Data scopes, widest first: all; own organisation and below; own department; own records (server auth/principal). */
export const DATA_SCOPE_VALUES = ['all', 'org', 'dept', 'self'] as const;
export const DataScopeValue = Type.Union(DATA_SCOPE_VALUES.map((s) => Type.Literal(s)));
export type DataScopeValue = Static<typeof DataScopeValue>;

export const RoleInput = Type.Object(
  {
    fullName: Name,
    enCode: Code,
    type: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
    /** 1: global role; 0: the role belongs to organizeId. */
    globalMark: Type.Optional(Mark),
    organizeId: Type.Optional(NullableId),
    dataScope: Type.Optional(DataScopeValue),
    ...ORDER_STATE_NOTE,
  },
  { additionalProperties: true },
);
export type RoleInput = Static<typeof RoleInput>;

export interface RoleInfo {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  globalMark: number;
  organizeId: string | null;
  organizeName?: string | null;
  dataScope: DataScopeValue;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
}

export const PermissionStateBody = Type.Object(
  { enabledMark: Type.Optional(Mark) },
  { additionalProperties: true },
);
export type PermissionStateBody = Static<typeof PermissionStateBody>;

/**
 * A role's authorisation (GET/PUT /api/permission/Authority/Data/{roleId}): the ids of the menus
 * (base_module), buttons, columns and forms it grants, its default data scope, and per-module overrides.
 */
export const RoleAuthority = Type.Object({
  module: Type.Array(IdText, { maxItems: 10_000 }),
  button: Type.Array(IdText, { maxItems: 50_000 }),
  column: Type.Array(IdText, { maxItems: 50_000 }),
  form: Type.Array(IdText, { maxItems: 50_000 }),
  dataScope: DataScopeValue,
  moduleDataScope: Type.Optional(
    Type.Array(Type.Object({ moduleId: IdText, scope: DataScopeValue }), { maxItems: 10_000 }),
  ),
});
export type RoleAuthority = Static<typeof RoleAuthority>;

/** PUT /api/permission/Authority/SetColumnsByModuleId: fieldList is JSON text of the column list. */
export const SetColumnsBody = Type.Object({
  moduleId: IdText,
  fieldList: Type.String({ maxLength: 200_000 }),
});
export type SetColumnsBody = Static<typeof SetColumnsBody>;

export * from './permission-user';

import { type Static, Type } from '@sinclair/typebox';

/** PUT /api/portal/formdataUpdate/{id} and POST /api/portal/personal/{id}: the layout (or its JSON text). */
export const PortalFormDataBody = Type.Object({ formData: Type.Unknown() });
export type PortalFormDataBody = Static<typeof PortalFormDataBody>;

/** POST /api/portal/{id}/Actions/setPortalRole: the roles that get this portal (empty: everyone). */
export const PortalRoleBody = Type.Object({
  roleIds: Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }), Type.String()]),
});
export type PortalRoleBody = Static<typeof PortalRoleBody>;

export const PortalListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 32 })),
});
export type PortalListQuery = Static<typeof PortalListQuery>;

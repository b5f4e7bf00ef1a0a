import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from './common';

/**
 * Menu entry types (spec 1 §2.2): 1 directory, 2 page, 3 dynamic form model, 4 dictionary page, 5 data report,
 * 6 external data-visualisation view, 7 link, 8 dynamic portal, 11 menu-portal, 12 page (may be hidden), 17 portal page.
 */
export const MENU_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 17] as const;
export type MenuType = (typeof MENU_TYPES)[number];

export const MenuPropertyJson = Type.Object(
  {
    moduleId: Type.Optional(Type.String()),
    isTree: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
    hidden: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
    iconBackgroundColor: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type MenuPropertyJson = Static<typeof MenuPropertyJson>;

export interface MenuEntry {
  id: string;
  parentId?: string;
  fullName: I18nText;
  enCode: string;
  type: MenuType;
  urlAddress?: string;
  path?: string;
  vueName?: string;
  icon?: string;
  /** 'Web' menus; category 3 entries live under the portal layout (/portal). */
  category?: string | number;
  /** Stored as JSON text by the server; parsed or not, both accepted. */
  propertyJson?: string | MenuPropertyJson;
  linkTarget?: '_self' | '_blank' | string;
  hidden?: boolean;
  hasChildren?: boolean;
  sortCode?: number;
  children?: MenuEntry[];
}

export const MenuEntry = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        id: Type.String(),
        parentId: Type.Optional(Type.String()),
        fullName: I18nText,
        enCode: Type.String({ minLength: 1 }),
        type: Type.Union(MENU_TYPES.map((t) => Type.Literal(t))),
        urlAddress: Type.Optional(Type.String()),
        path: Type.Optional(Type.String()),
        vueName: Type.Optional(Type.String()),
        icon: Type.Optional(Type.String()),
        category: Type.Optional(Type.Union([Type.String(), Type.Number()])),
        propertyJson: Type.Optional(Type.Union([Type.String(), MenuPropertyJson])),
        linkTarget: Type.Optional(Type.String()),
        hidden: Type.Optional(Type.Boolean()),
        hasChildren: Type.Optional(Type.Boolean()),
        sortCode: Type.Optional(Type.Number()),
        children: Type.Optional(Type.Array(Self)),
      },
      { $id: 'MenuEntry' },
    ),
  { $id: 'MenuEntryTree' },
);

/** One code in a module's permission lists (button, column or form). */
export const PermissionCode = Type.Object({
  enCode: Type.String(),
  fullName: Type.Optional(I18nText),
  id: Type.Optional(Type.String()),
});
export type PermissionCode = Static<typeof PermissionCode>;

/** A module's permissions (spec 1 §3): modelId plus its column, form and button codes. */
export const PermissionEntry = Type.Object({
  modelId: Type.String(),
  moduleName: Type.Optional(Type.String()),
  button: Type.Array(PermissionCode),
  column: Type.Array(PermissionCode),
  form: Type.Array(PermissionCode),
  resource: Type.Optional(Type.Array(PermissionCode)),
});
export type PermissionEntry = Static<typeof PermissionEntry>;

/** Default button codes of the spec. */
export const BUTTON_CODES = { add: 'btn_add', edit: 'btn_edit', remove: 'btn_remove' } as const;

export const SysConfigInfo = Type.Object(
  {
    sysName: Type.String(),
    sysVersion: Type.String(),
    copyright: Type.Optional(Type.String()),
    logoIcon: Type.Optional(Type.String()),
    navigationIcon: Type.Optional(Type.String()),
    loginIcon: Type.Optional(Type.String()),
    loginBackground: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type SysConfigInfo = Static<typeof SysConfigInfo>;

export const UserInfo = Type.Object(
  {
    userId: Type.String(),
    userAccount: Type.String(),
    userName: Type.String(),
    headIcon: Type.Optional(Type.String()),
    portalId: Type.Optional(Type.String()),
    organizeId: Type.Optional(Type.String()),
    organizeName: Type.Optional(Type.String()),
    departmentId: Type.Optional(Type.String()),
    departmentName: Type.Optional(Type.String()),
    positionIds: Type.Optional(Type.Array(Type.String())),
    roleIds: Type.Optional(Type.Array(Type.String())),
    isAdministrator: Type.Optional(Type.Boolean()),
    prevLoginTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    prevLoginIPAddress: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    prevLoginIPAddressName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    invalidPassword: Type.Optional(Type.Boolean()),
    theme: Type.Optional(Type.String()),
    language: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type UserInfo = Static<typeof UserInfo>;

/** GET /api/oauth/CurrentUser data. menuList is a tree of MenuEntry. */
export interface CurrentUserInfo {
  menuList: MenuEntry[];
  menuMHList?: MenuEntry[];
  userInfo: UserInfo;
  permissionList: PermissionEntry[];
  sysConfigInfo: SysConfigInfo;
  mhConfigInfo?: Record<string, unknown>;
}

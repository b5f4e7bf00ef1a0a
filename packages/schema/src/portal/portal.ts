import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { literalUnion } from '../form/common';
import { jsonDepth, MAX_FORM_DEPTH } from '../form/formConfig';
import * as generated from '../generated/validators';
import { fromStandalone, type ValidationIssue } from '../validator';

/** The 12 portal widgets (spec 3 §2 Portal designer, spec 1 §2.6). */
export const PORTAL_WIDGETS = [
  'portalNews',
  'portalNotices',
  'portalMessage',
  'portalCirculate',
  'portalToDo',
  'portalitem',
  'portalDocument',
  'portalCheck',
  'portalMeeting',
  'portalStatistics',
  'portalApplication',
  'portalSystem',
] as const;
export type PortalWidgetKey = (typeof PORTAL_WIDGETS)[number];

/** Columns a workflow list widget may show. */
export const PORTAL_COLUMNS = [
  'status',
  'fullName',
  'remindText',
  'userName',
  'origins',
  'creatorTime',
] as const;

/** Limits of spec 3 §9. */
export const PORTAL_LIMITS = {
  gridColumns: 24,
  minW: 6,
  maxW: 24,
  wStep: 2,
  minHeight: 100,
  maxHeight: 1000,
  minRowCount: 5,
  maxRowCount: 50,
  rowCount: 6,
  minApps: 2,
  maxApps: 6,
} as const;

/** Target of the workflow widgets (spec 3 §2): category 1 to-do, 3 circulated. */
export const PORTAL_CATEGORIES = [1, 3] as const;

/** An application shortcut, built from a menu entry (spec 3 §3). */
export const PortalApplicationItem = Type.Object(
  {
    fullName: I18nText,
    id: Type.String(),
    urlAddress: Type.Optional(Type.String()),
    type: Type.Optional(Type.Integer({ description: 'Menu type: 6 visualisation, 7 link, others a page' })),
    propertyJson: Type.Optional(
      Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())], {
        description: 'moduleId etc.',
      }),
    ),
    linkTarget: Type.Optional(Type.String({ default: '_self' })),
    enCode: Type.Optional(Type.String()),
    icon: Type.Optional(Type.String()),
    iconBackgroundColor: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type PortalApplicationItem = Static<typeof PortalApplicationItem>;

const L = PORTAL_LIMITS;

/** One widget on the portal grid. */
export const PortalItem = Type.Object(
  {
    i: Type.Union([Type.String(), Type.Number()], { description: 'Grid item key (unique)' }),
    x: Type.Integer({ minimum: 0, maximum: L.gridColumns - 1, description: 'Column, 0-23' }),
    y: Type.Integer({ minimum: 0, description: 'Row' }),
    w: Type.Integer({
      minimum: L.wStep,
      maximum: L.maxW,
      multipleOf: L.wStep,
      description: 'Width, even, <= 24',
    }),
    h: Type.Number({ minimum: 1, description: 'Grid height units' }),
    jnpfKey: literalUnion(PORTAL_WIDGETS, { description: 'Which widget' }),
    minW: Type.Optional(
      Type.Integer({
        minimum: L.wStep,
        maximum: L.maxW,
        multipleOf: L.wStep,
        default: L.minW,
        description: 'Minimum width (6)',
      }),
    ),
    maxW: Type.Optional(
      Type.Integer({
        minimum: L.wStep,
        maximum: L.maxW,
        multipleOf: L.wStep,
        default: L.maxW,
        description: 'Maximum width (24)',
      }),
    ),
    height: Type.Optional(
      Type.Number({ minimum: L.minHeight, maximum: L.maxHeight, description: 'Height in px, 100-1000' }),
    ),
    rowCount: Type.Optional(
      Type.Integer({
        minimum: L.minRowCount,
        maximum: L.maxRowCount,
        default: L.rowCount,
        description: 'Rows, 5-50 (6)',
      }),
    ),
    shadow: Type.Optional(literalUnion(['always', 'hover', 'never'], { default: 'always' })),
    header: Type.Optional(I18nText),
    category: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(3)], {
        description: 'Workflow widget: 1 to-do, 3 circulated',
      }),
    ),
    columns: Type.Optional(
      Type.Array(literalUnion(PORTAL_COLUMNS), {
        uniqueItems: true,
        description: 'Columns of a workflow list',
      }),
    ),
    list: Type.Optional(
      Type.Array(PortalApplicationItem, { description: 'portalApplication: 2-6 shortcuts' }),
    ),
  },
  { additionalProperties: true },
);
export type PortalItem = Static<typeof PortalItem>;

/** The portal layout stored in formData. */
export const PortalLayout = Type.Object(
  { layout: Type.Array(PortalItem) },
  { additionalProperties: true, description: 'Portal grid' },
);
export type PortalLayout = Static<typeof PortalLayout>;

/** A portal (spec 3 §3). formData is the layout, as an object or as its JSON text. */
export const Portal = Type.Object(
  {
    id: Type.String(),
    fullName: I18nText,
    enCode: Type.String({ minLength: 1 }),
    sortCode: Type.Optional(Type.Integer({ default: 0 })),
    enabledMark: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { default: 1 })),
    type: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    category: Type.Optional(Type.String({ default: '1' })),
    description: Type.Optional(Type.String()),
    formData: Type.Union([PortalLayout, Type.String()], { description: 'Layout, or its JSON text' }),
  },
  { additionalProperties: true },
);
export type Portal = Static<typeof Portal>;

/** The zh message when an application widget would keep fewer than two items (spec 3 §5). */
export const MSG_APPS_MIN = '选项最少要保留两项';
/** Not in the spec (it only says "up to 6"); our zh text. */
export const MSG_APPS_MAX = '选项最多只能添加六项';

/** Checks of a layout that JSON Schema cannot say. */
export function checkPortalLayout(layout: PortalLayout, base = 'layout'): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const keys = new Set<string>();
  layout.layout.forEach((item, n) => {
    const p = `${base}[${n}]`;
    const key = String(item.i);
    if (keys.has(key)) issues.push({ path: `${p}.i`, message: `duplicate item key "${key}"` });
    keys.add(key);
    if (item.x + item.w > L.gridColumns) issues.push({ path: `${p}.w`, message: 'x + w must not exceed 24' });
    const minW = item.minW ?? L.minW;
    const maxW = item.maxW ?? L.maxW;
    if (minW > maxW) issues.push({ path: `${p}.minW`, message: 'must not exceed maxW' });
    if (item.jnpfKey === 'portalApplication') {
      const count = item.list?.length ?? 0;
      if (count < L.minApps) issues.push({ path: `${p}.list`, message: MSG_APPS_MIN });
      if (count > L.maxApps) issues.push({ path: `${p}.list`, message: MSG_APPS_MAX });
    } else if (item.list !== undefined) {
      issues.push({ path: `${p}.list`, message: 'only portalApplication has a list' });
    }
    if (item.category !== undefined && item.jnpfKey !== 'portalToDo' && item.jnpfKey !== 'portalCirculate')
      issues.push({ path: `${p}.category`, message: 'only workflow widgets have a category' });
  });
  return issues;
}

// precompiled from forAjv(PortalLayout) and forAjv(Portal) (src/standalone/schemas.ts)
const layoutValidator = fromStandalone<PortalLayout>(generated.portalLayout, (l) => checkPortalLayout(l));
const portalValidator = fromStandalone<Portal>(generated.portal);

const deepIssue = [{ path: '(root)', message: `is nested deeper than ${MAX_FORM_DEPTH} levels` }];

/** Validates a portal layout (formData); never throws. */
export function validatePortalLayout(json: unknown) {
  if (jsonDepth(json) > MAX_FORM_DEPTH) return { ok: false as const, errors: deepIssue };
  return layoutValidator(json);
}

/**
 * Validates a portal; formData may be the layout or its JSON text (which is parsed and checked too).
 * Never throws.
 */
export function validatePortal(json: unknown) {
  if (jsonDepth(json) > MAX_FORM_DEPTH) return { ok: false as const, errors: deepIssue };
  const r = portalValidator(json);
  if (!r.ok) return r;
  let formData: unknown = r.value.formData;
  if (typeof formData === 'string') {
    try {
      formData = JSON.parse(formData);
    } catch {
      return { ok: false as const, errors: [{ path: 'formData', message: 'is not valid JSON' }] };
    }
  }
  const l = validatePortalLayout(formData);
  if (!l.ok)
    return {
      ok: false as const,
      errors: l.errors.map((e) => ({ ...e, path: e.path === '(root)' ? 'formData' : `formData.${e.path}` })),
    };
  return r;
}

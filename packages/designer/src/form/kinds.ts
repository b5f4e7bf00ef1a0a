import { kindOf } from '@kp/engine';
import {
  BASIC_CONTROLS,
  BUSINESS_CONTROLS,
  FIELD_KIND_SCHEMAS,
  isContainerKey,
  isDisplayKey,
  LAYOUT_CONTROLS,
  allowedInTable as schemaAllowedInTable,
} from '@kp/schema';

/** The palette's three groups (spec 3 §2), straight from @kp/schema. */
export const BASIC: readonly string[] = BASIC_CONTROLS;
export const BUSINESS: readonly string[] = BUSINESS_CONTROLS;
export const LAYOUT: readonly string[] = LAYOUT_CONTROLS;

/** Panes of tab / collapse containers (not palette kinds): { title, name, __config__: { children } }. */
const PANE_KINDS = new Set<string>(['tabItem', 'collapseItem']);

export const isContainer = (k: string) => isContainerKey(k);
export const isPane = (k: string) => PANE_KINDS.has(k);
export const isDisplay = (k: string) => isDisplayKey(k);
/** Spec 3 §2: layout and table containers cannot be nested inside tables (display kinds have no cell). */
export const allowedInTable = (k: string) => schemaAllowedInTable(k);
/** Whether the kind has designed options (the options editor): the engine kind's `options` fact. */
export const hasOptions = (k: string) => kindOf(k)?.options !== undefined;

/** Whether the kind's schema has `multiple`, and its default (a user-by-department picker is multiple). */
export function multipleOf(k: string): { can: boolean; byDefault: boolean } {
  const schema = (
    FIELD_KIND_SCHEMAS as Record<string, { properties?: Record<string, { default?: unknown }> }>
  )[k];
  const prop = schema?.properties?.multiple;
  return { can: Boolean(prop), byDefault: prop?.default === true };
}
/** Whether a field of this kind holds a list of fields directly (row, card, table, panes). */
export const holdsFields = (k: string) => k === 'row' || k === 'card' || k === 'table' || PANE_KINDS.has(k);

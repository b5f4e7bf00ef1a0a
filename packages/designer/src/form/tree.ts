import { WALK_STOP, walkFields } from '@kp/engine';
import { allowedInTable, holdsFields, isPane } from './kinds';
import type { FieldConfig, FormConfig } from './types';

/** Where a list of fields lives: the form root, or a field (row, card, table, tab / collapse pane). */
export type HolderId = number | 'root';

export interface Located {
  field: FieldConfig;
  list: FieldConfig[];
  index: number;
  /** The field that holds `list` (null for the root). */
  holder: FieldConfig | null;
}

/**
 * Every field of a designer tree, panes included, through the form model's one walker: `visit` gets the field,
 * the list holding it, its index there and the holder of that list; returning true ends the walk (and eachField
 * returns true).
 */
function eachField(
  fields: FieldConfig[],
  visit: (
    f: FieldConfig,
    list: FieldConfig[],
    index: number,
    holder: FieldConfig | null,
  ) => boolean | undefined,
): boolean {
  return walkFields(
    fields,
    (f, _path, _table, info) =>
      visit(
        f as unknown as FieldConfig,
        info.list as FieldConfig[],
        info.index,
        info.holder as unknown as FieldConfig | null,
      )
        ? WALK_STOP
        : undefined,
    { panes: true },
  );
}

export function locate(fields: FieldConfig[], formId: number): Located | null {
  let found: Located | null = null;
  eachField(fields, (field, list, index, holder) => {
    if (field.__config__.formId !== formId) return undefined;
    found = { field, list, index, holder };
    return true;
  });
  return found;
}

/** The field list of a holder, or null when the id is not a list holder. */
export function listOf(
  config: FormConfig,
  holderId: HolderId,
): { list: FieldConfig[]; holder: FieldConfig | null } | null {
  if (holderId === 'root') return { list: config.fields, holder: null };
  const at = locate(config.fields, holderId);
  if (!at || !holdsFields(at.field.__config__.jnpfKey)) return null;
  at.field.__config__.children ??= [];
  return { list: at.field.__config__.children, holder: at.field };
}

export function containsId(field: FieldConfig, formId: number): boolean {
  return locate([field], formId) !== null;
}

/** Every field (panes excluded) in document order. */
export function allFields(fields: FieldConfig[]): FieldConfig[] {
  const out: FieldConfig[] = [];
  eachField(fields, (f) => {
    if (!isPane(f.__config__.jnpfKey)) out.push(f);
    return undefined;
  });
  return out;
}

/** Every field below `field` (its children, panes and their fields), in document order. */
export function descendants(field: FieldConfig): FieldConfig[] {
  const out: FieldConfig[] = [];
  eachField([field], (f) => {
    if (f !== field) out.push(f);
    return undefined;
  });
  return out;
}

/** The largest formId used in a list (for imported configs whose idGlobal is stale). */
export function maxFormId(fields: FieldConfig[]): number {
  let max = 0;
  eachField(fields, (f) => {
    if (typeof f.__config__.formId === 'number' && f.__config__.formId > max) max = f.__config__.formId;
    return undefined;
  });
  return max;
}

/**
 * Nesting rules of spec 3 §2 for dropping a field of `jnpfKey` into `holder`. Returns the i18n key of the
 * refusal message, or null when allowed.
 * Reading chosen: a table must be linked to a data table (`__config__.tableName`) before any control can be
 * dropped into it ("子表请先关联数据表"), whether or not the form itself is bound to tables.
 */
export function dropRefusal(jnpfKey: string, holder: FieldConfig | null): string | null {
  if (!holder) return isPane(jnpfKey) ? 'invalid' : null;
  if (isPane(jnpfKey)) return 'invalid';
  if (holder.__config__.jnpfKey === 'table') {
    if (!allowedInTable(jnpfKey)) return 'msg.notInTable';
    if (!holder.__config__.tableName) return 'msg.subTableLink';
  }
  return null;
}

/** Marks a field as a sub-table item of `holder`, or clears the mark when it is not in a table. */
export function syncSubTable(field: FieldConfig, holder: FieldConfig | null): void {
  if (holder && holder.__config__.jnpfKey === 'table') {
    field.__config__.isSubTable = true;
    field.__config__.relationTable = holder.__config__.tableName ?? '';
  } else {
    delete field.__config__.isSubTable;
    delete field.__config__.relationTable;
  }
}

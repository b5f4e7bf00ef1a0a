/**
 * The one walker of a form's field tree: rows, cards, tabs and collapses (their panes), sub-tables. The form
 * model (@kp/engine compileForm), the schema's config checks, the designer, the renderer and the server all
 * walk a form through it (it lives here because @kp/engine depends on @kp/schema; the engine re-exports it).
 */

/** A field config as the walker sees it (any object with a `__config__`). */
export type WalkedField = Record<string, unknown> & {
  __config__: Record<string, unknown> & { jnpfKey: string };
};

export interface WalkInfo {
  /** Where the config sits: 'fields[2].__config__.children[0]'. */
  configPath: string;
  /** The enclosing sub-table, or null. */
  table: WalkedField | null;
  /** configPath of the nearest enclosing container (row, card, tab, collapse, table), or '' at top level. */
  container: string;
  /** Nesting depth (a pane counts as a level). */
  depth: number;
  /** The list that holds the field, and its index there (for editors that move or remove it). */
  list: unknown[];
  index: number;
  /** What holds `list`: a row, card or table, a tab or collapse pane; null at the top level. */
  holder: WalkedField | null;
}

export interface WalkOptions {
  /** configPath of the top-level list (default 'fields'). */
  base?: string;
  /** Told about entries that are not field configs and about nesting past MAX_WALK_DEPTH. */
  onMalformed?: (configPath: string, message: string) => void;
  /** Visit the panes of tabs and collapses themselves (the designer edits them); by default only their fields. */
  panes?: boolean;
}

/** Deepest nesting walked; deeper parts of a (hostile) config are not visited. */
export const MAX_WALK_DEPTH = 32;

/** Returned by a visitor: the walk ends at once (walkFields then returns true). */
export const WALK_STOP: unique symbol = Symbol('walkFields.stop');

const CONTAINERS = new Set(['row', 'card', 'tab', 'collapse', 'table']);

const isField = (raw: unknown): raw is WalkedField =>
  !!raw &&
  typeof raw === 'object' &&
  !!(raw as { __config__?: unknown }).__config__ &&
  typeof (raw as { __config__?: unknown }).__config__ === 'object';

/**
 * Visits every field config of a form in display order, depth first, with its config path and the
 * sub-table it sits in. Entries that are not objects with a `__config__` object are skipped (and reported to
 * `onMalformed`); nothing deeper than MAX_WALK_DEPTH is visited. Returning false from `visit` skips the
 * field's children; returning WALK_STOP ends the walk. Returns whether the walk was stopped.
 */
export function walkFields(
  fields: unknown,
  visit: (field: WalkedField, configPath: string, table: WalkedField | null, info: WalkInfo) => unknown,
  options: WalkOptions = {},
): boolean {
  const bad = options.onMalformed ?? (() => {});
  let stopped = false;
  const walk = (
    list: unknown,
    at: string,
    table: WalkedField | null,
    holder: WalkedField | null,
    container: string,
    depth: number,
  ): void => {
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      bad(at, 'is not a list of fields');
      return;
    }
    if (depth > MAX_WALK_DEPTH) {
      bad(at, `is nested deeper than ${MAX_WALK_DEPTH} levels`);
      return;
    }
    for (let i = 0; i < list.length && !stopped; i++) {
      const raw: unknown = list[i];
      const configPath = `${at}[${i}]`;
      if (!raw || typeof raw !== 'object') {
        bad(configPath, 'is not a field config object');
        continue;
      }
      if (!isField(raw)) {
        bad(configPath, 'has no __config__ object');
        continue;
      }
      const f = raw;
      const info: WalkInfo = { configPath, table, container, depth, list, index: i, holder };
      const r = visit(f, configPath, table, info);
      if (r === WALK_STOP) {
        stopped = true;
        return;
      }
      if (r === false) continue;
      const cfg = f.__config__;
      const children = cfg.children;
      if (!Array.isArray(children)) continue;
      const key = cfg.jnpfKey;
      const inner = CONTAINERS.has(String(key)) ? configPath : container;
      if (key === 'tab' || key === 'collapse') {
        for (let j = 0; j < children.length && !stopped; j++) {
          const pane: unknown = children[j];
          const panePath = `${configPath}.__config__.children[${j}]`;
          if (options.panes) {
            if (!isField(pane)) {
              bad(panePath, 'has no __config__ object');
              continue;
            }
            const paneInfo = {
              configPath: panePath,
              table,
              container: inner,
              depth: depth + 1,
              list: children,
              index: j,
              holder: f,
            };
            const pr = visit(pane, panePath, table, paneInfo);
            if (pr === WALK_STOP) {
              stopped = true;
              return;
            }
            if (pr === false) continue;
          }
          const paneField = isField(pane) ? pane : null;
          if (!paneField) {
            if (!options.panes) bad(panePath, 'is not a pane with a __config__ object');
            continue;
          }
          walk(
            paneField?.__config__.children,
            `${panePath}.__config__.children`,
            table,
            paneField,
            inner,
            depth + 2,
          );
        }
      } else
        walk(children, `${configPath}.__config__.children`, key === 'table' ? f : table, f, inner, depth + 1);
    }
  };
  walk(fields, options.base ?? 'fields', null, null, '', 0);
  return stopped;
}

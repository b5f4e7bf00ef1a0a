/** The one walker of a form's field tree: rows, cards, tabs and collapses (their panes), sub-tables. */

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
}

/** Deepest nesting walked; deeper parts of a (hostile) config are not visited. */
export const MAX_WALK_DEPTH = 32;

const CONTAINERS = new Set(['row', 'card', 'tab', 'collapse', 'table']);

/**
 * Visits every field config of a form in display order, depth first, with its config path and the
 * sub-table it sits in. Entries that are not objects with a `__config__` object are skipped (the model
 * reports them); nothing deeper than MAX_WALK_DEPTH is visited. Returning false from `visit` skips the
 * field's children.
 */
export function walkFields(
  fields: unknown,
  visit: (field: WalkedField, configPath: string, table: WalkedField | null, info: WalkInfo) => unknown,
  options: { base?: string; onMalformed?: (configPath: string, message: string) => void } = {},
): void {
  const bad = options.onMalformed ?? (() => {});
  const walk = (list: unknown, at: string, table: WalkedField | null, container: string, depth: number) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) return bad(at, 'is not a list of fields');
    if (depth > MAX_WALK_DEPTH) return bad(at, `is nested deeper than ${MAX_WALK_DEPTH} levels`);
    list.forEach((raw, i) => {
      const configPath = `${at}[${i}]`;
      if (!raw || typeof raw !== 'object') {
        bad(configPath, 'is not a field config object');
        return;
      }
      const f = raw as WalkedField;
      const cfg = f.__config__;
      if (!cfg || typeof cfg !== 'object') {
        bad(configPath, 'has no __config__ object');
        return;
      }
      if (visit(f, configPath, table, { configPath, table, container, depth }) === false) return;
      const children = cfg.children;
      if (!Array.isArray(children)) return;
      const key = cfg.jnpfKey;
      const inner = CONTAINERS.has(String(key)) ? configPath : container;
      if (key === 'tab' || key === 'collapse') {
        children.forEach((pane, j) => {
          const at = `${configPath}.__config__.children[${j}]`;
          const paneConfig = (pane as { __config__?: { children?: unknown } } | null)?.__config__;
          if (paneConfig && typeof paneConfig === 'object')
            walk(paneConfig.children, `${at}.__config__.children`, table, inner, depth + 2);
          else bad(at, 'is not a pane with a __config__ object');
        });
      } else
        walk(children, `${configPath}.__config__.children`, key === 'table' ? f : table, inner, depth + 1);
    });
  };
  walk(fields, options.base ?? 'fields', null, '', 0);
}

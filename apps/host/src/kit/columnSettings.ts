/**
 * Column settings of a list (spec 3 §3 "paginated table with a column-settings drawer", spec 4 §4 the
 * Authority calls): one entry per column, saved per module as JSON text of {prop, label, columnVisible}.
 */
export interface ColumnSetting {
  prop: string;
  label: string;
  columnVisible: boolean;
}

/** The server's saved list may carry `visible` (its own default) instead of the spec's `columnVisible`. */
type Saved = { prop?: unknown; label?: unknown; columnVisible?: unknown; visible?: unknown };

/** Parses the saved fieldList text; anything unreadable counts as "nothing saved". */
export function parseFieldList(text: string | null | undefined): ColumnSetting[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return (raw as Saved[])
    .filter((e) => e && typeof e.prop === 'string')
    .map((e) => ({
      prop: e.prop as string,
      label: typeof e.label === 'string' ? e.label : '',
      columnVisible: (e.columnVisible ?? e.visible) !== false,
    }));
}

/**
 * The page's columns in the saved order with the saved visibility; columns the saved list does not name
 * (new since it was saved) follow, shown; saved entries the page no longer has are dropped. Labels are
 * the page's (they follow the language).
 */
export function mergeSettings(
  page: { prop: string; label: string }[],
  saved: ColumnSetting[],
): ColumnSetting[] {
  const labels = new Map(page.map((c) => [c.prop, c.label]));
  const out: ColumnSetting[] = [];
  const seen = new Set<string>();
  for (const s of saved) {
    const label = labels.get(s.prop);
    if (label === undefined || seen.has(s.prop)) continue;
    seen.add(s.prop);
    out.push({ prop: s.prop, label, columnVisible: s.columnVisible });
  }
  for (const c of page)
    if (!seen.has(c.prop)) out.push({ prop: c.prop, label: c.label, columnVisible: true });
  return out;
}

/** Moves entry `i` by `by` places (clamped). */
export function move<T>(list: T[], i: number, by: number): T[] {
  const j = Math.max(0, Math.min(list.length - 1, i + by));
  if (i === j) return list;
  const next = [...list];
  const [x] = next.splice(i, 1);
  next.splice(j, 0, x as T);
  return next;
}

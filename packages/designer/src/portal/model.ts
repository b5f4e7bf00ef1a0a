import { PORTAL_COLUMNS, PORTAL_LIMITS, type PortalItem, type PortalLayout } from '@kp/schema';

export const WIDGET_LABELS: Record<string, [string, string, string]> = {
  portalNews: ['新闻资讯', '新聞資訊', 'News'],
  portalNotices: ['通知公告', '通知公告', 'Notices'],
  portalMessage: ['消息', '訊息', 'Messages'],
  portalCirculate: ['抄送事宜', '抄送事宜', 'Circulated'],
  portalToDo: ['待办事宜', '待辦事宜', 'To-do'],
  portalitem: ['事项待办', '事項待辦', 'Item to-do'],
  portalDocument: ['公文', '公文', 'Documents'],
  portalCheck: ['考勤', '考勤', 'Attendance'],
  portalMeeting: ['会议', '會議', 'Meetings'],
  portalStatistics: ['统计', '統計', 'Statistics'],
  portalApplication: ['常用应用', '常用應用', 'Applications'],
  portalSystem: ['系统', '系統', 'Systems'],
};

/** A widget's default header in all three languages (each viewer reads their own). */
export const widgetLabels = (k: string) => {
  const l = WIDGET_LABELS[k] ?? [k, k, k];
  return { zh: l[0], zhtw: l[1], en: l[2] };
};

/** A new application item's default name, in the designer's language. */
const APP_NAME: Record<string, string> = { zh: '应用', zhtw: '應用', en: 'App ' };
export const appItemName = (id: string, lang = 'zh') => `${APP_NAME[lang] ?? APP_NAME.zh}${id}`;

export const widgetLabel = (k: string, lang = 'zh') => {
  const l = WIDGET_LABELS[k];
  if (!l) return k;
  return lang === 'en' ? l[2] : lang === 'zhtw' ? l[1] : l[0];
};

/** Grid row height in px: item.h = height / ROW_PX. */
export const ROW_PX = 10;
export const DEFAULT_HEIGHT = 300;
const L = PORTAL_LIMITS;

const LIST_WIDGETS = new Set([
  'portalNews',
  'portalNotices',
  'portalMessage',
  'portalCirculate',
  'portalToDo',
  'portalitem',
  'portalDocument',
  'portalMeeting',
]);
export const hasRowCount = (k: string) => LIST_WIDGETS.has(k);
export const hasCategory = (k: string) => k === 'portalToDo' || k === 'portalCirculate';
export const hasColumns = (k: string) => k === 'portalToDo' || k === 'portalCirculate';

/** Width clamped to [minW, maxW] and rounded to the step of 2 (spec 3 §9). */
export function clampWidth(w: number, minW: number = L.minW, maxW: number = L.maxW): number {
  const stepped = Math.round(w / L.wStep) * L.wStep;
  return Math.min(maxW, Math.max(minW, stepped));
}
export const clampHeight = (h: number) => Math.min(L.maxHeight, Math.max(L.minHeight, Math.round(h)));
export const clampRowCount = (n: number) => Math.min(L.maxRowCount, Math.max(L.minRowCount, Math.round(n)));

/** A new widget of `jnpfKey`; `lang` (the designer's) names its default application items. */
export function newWidget(jnpfKey: PortalItem['jnpfKey'], key: string, lang = 'zh'): PortalItem {
  const full =
    jnpfKey === 'portalStatistics' || jnpfKey === 'portalSystem' || jnpfKey === 'portalApplication';
  const item: PortalItem = {
    i: key,
    x: 0,
    y: 0,
    w: full ? 24 : 12,
    h: DEFAULT_HEIGHT / ROW_PX,
    jnpfKey,
    minW: L.minW,
    maxW: L.maxW,
    height: DEFAULT_HEIGHT,
    shadow: 'always',
    header: widgetLabels(jnpfKey),
  };
  if (hasRowCount(jnpfKey)) item.rowCount = L.rowCount;
  if (hasCategory(jnpfKey)) item.category = jnpfKey === 'portalToDo' ? 1 : 3;
  if (hasColumns(jnpfKey)) item.columns = [...PORTAL_COLUMNS];
  if (jnpfKey === 'portalApplication')
    item.list = [
      { id: '1', fullName: appItemName('1', lang), urlAddress: '', linkTarget: '_self' },
      { id: '2', fullName: appItemName('2', lang), urlAddress: '', linkTarget: '_self' },
    ];
  return item;
}

/** Packs items row by row in their order: x and y follow from the widths and heights (24 columns). */
export function pack(items: PortalItem[]): PortalItem[] {
  let x = 0;
  let y = 0;
  let rowH = 0;
  return items.map((it) => {
    const w = clampWidth(it.w, it.minW ?? L.minW, it.maxW ?? L.maxW);
    const h = Math.round((it.height ?? DEFAULT_HEIGHT) / ROW_PX);
    if (x + w > L.gridColumns) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    const out = { ...it, x, y, w, h };
    x += w;
    rowH = Math.max(rowH, h);
    return out;
  });
}

export type AppListEdit =
  | { ok: true; list: NonNullable<PortalItem['list']> }
  | { ok: false; error: 'msg.minTwoItems' | 'msg.maxSixItems' };

/** Removes an application item; at least two stay (选项最少要保留两项). */
export function removeAppItem(list: NonNullable<PortalItem['list']>, index: number): AppListEdit {
  if (list.length <= L.minApps) return { ok: false, error: 'msg.minTwoItems' };
  return { ok: true, list: list.filter((_, i) => i !== index) };
}
/** Adds an application item; at most six. */
export function addAppItem(
  list: NonNullable<PortalItem['list']>,
  item: NonNullable<PortalItem['list']>[number],
): AppListEdit {
  if (list.length >= L.maxApps) return { ok: false, error: 'msg.maxSixItems' };
  return { ok: true, list: [...list, item] };
}

export function emptyLayout(): PortalLayout {
  return { layout: [] };
}

type Box = Pick<PortalItem, 'x' | 'y' | 'w' | 'h'>;
/** Whether two grid boxes overlap. */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y;

/** Width, height (h = height / 10) and x made legal for the 24-column grid. */
function normalise(it: PortalItem): PortalItem {
  const w = clampWidth(it.w, it.minW ?? L.minW, it.maxW ?? L.maxW);
  const height = clampHeight(it.height ?? DEFAULT_HEIGHT);
  const h = Math.round(height / ROW_PX);
  const x = Math.min(Math.max(0, Math.round(it.x ?? 0)), L.gridColumns - w);
  const y = Math.max(0, Math.round(it.y ?? 0));
  return { ...it, x, y, w, h, height };
}

/**
 * Vertical compaction (the grid-layout rule): in order of (y, x), with `first` ahead of its ties, each widget
 * rises as far as it can without overlapping the ones already placed. Keeps x; result sorted by (y, x).
 */
export function compact(items: PortalItem[], first?: string): PortalItem[] {
  const list = items.map(normalise);
  const order = [...list].sort(
    (a, b) => a.y - b.y || (String(a.i) === first ? -1 : String(b.i) === first ? 1 : 0) || a.x - b.x,
  );
  const placed: PortalItem[] = [];
  for (const it of order) {
    let y = it.y;
    while (y > 0 && !placed.some((p) => overlaps(p, { ...it, y: y - 1 }))) y--;
    while (placed.some((p) => overlaps(p, { ...it, y }))) y++;
    placed.push({ ...it, y });
  }
  return placed.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * Puts widget `key` at column x, row y (free placement): widgets it lands on are pushed below it, then the
 * grid is compacted upwards. Also used after a resize (same x, y, new w or height).
 */
export function placeAt(items: PortalItem[], key: string, x: number, y: number): PortalItem[] {
  const list = items.map((it) => (String(it.i) === key ? normalise({ ...it, x, y }) : normalise(it)));
  const moved = list.find((it) => String(it.i) === key);
  if (!moved) return compact(list);
  // push down everything that overlaps the moved widget, and whatever those land on in turn
  const push = (above: PortalItem, seen: Set<string>) => {
    for (const o of list) {
      const k = String(o.i);
      if (o === above || k === key || seen.has(k) || !overlaps(o, above)) continue;
      o.y = above.y + above.h;
      push(o, new Set([...seen, k]));
    }
  };
  push(moved, new Set([key]));
  return compact(list, key);
}

/** A saved layout as the designer starts from it: row flow when positions are missing or overlap, else compacted. */
export function arrange(items: PortalItem[]): PortalItem[] {
  const n = items.map(normalise);
  const clash = n.some((a, i) => n.some((b, j) => j > i && overlaps(a, b)));
  return clash ? pack(items) : compact(n);
}

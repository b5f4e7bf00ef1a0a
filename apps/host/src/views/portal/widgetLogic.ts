import type { MenuEntry, PortalApplicationItem, PortalItem } from '@kp/schema';
import dayjs from 'dayjs';
import { BASE_PATH } from '../../config';
import { fillHost, wantsCode } from '../../services/linkCodes';

/** Days after which a pending workflow task counts as retained (spec 1 §9). */
export const RETAINED_DAYS = 3;
/** Default rows of a list widget (spec 3 §9). */
export const DEFAULT_ROWS = 6;
/** Page size of the statistics queries (spec 1 §9). */
export const STATISTICS_PAGE_SIZE = 20;

/** Targets of the widgets (spec 1 §2.6): each opens in a new browser tab. */
export const TARGETS = {
  news: '/oa/news',
  notice: '/oa/notice',
  message: '/oa/msgList',
  todo: '/workFlow/flowTodo',
  circulate: '/workFlow/flowCirculate',
  document: '/WDQC01',
  attendance: '/WDKQ01',
  correction: '/workFlow/flowLaunch/FlowIndex',
  meeting: '/oa/conference',
  system: '/home',
} as const;

/** The workflow widget's "more" target: category 1 to-do, anything else circulated. */
export const workflowTarget = (category: number | undefined) =>
  category === 1 ? TARGETS.todo : TARGETS.circulate;

/** The in-app address of a path, for opening it in a new tab (the router base is /kpSystem/). */
export function appHref(path: string): string {
  if (/^(https?:|mailto:|tel:)/i.test(path)) return path;
  return BASE_PATH.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** Opens an in-app path (or a plain link) in a new browser tab (no opener, no Referer). */
export function openInNewTab(path: string): void {
  window.open(appHref(path), '_blank', 'noopener,noreferrer');
}

export type StatusKey = 'adopt' | 'reject' | 'revoke' | 'cancel' | 'wait';
/** Workflow task status tag (spec 1 §4): 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, else 等待审核. */
export function statusOf(status: number | string | undefined): { key: StatusKey; color: string } {
  switch (Number(status)) {
    case 2:
      return { key: 'adopt', color: 'success' };
    case 3:
      return { key: 'reject', color: 'error' };
    case 4:
      return { key: 'revoke', color: 'warning' };
    case 5:
      return { key: 'cancel', color: 'default' };
    default:
      return { key: 'wait', color: 'processing' };
  }
}

/**
 * Reminder text of a task (spec 1 §4): pressMark 1 -> 已催办; pending RETAINED_DAYS or more whole days since
 * creatorTime -> 已滞留N天; otherwise nothing. Answers the i18n key and its count.
 */
export function remindOf(
  row: { pressMark?: number | string | null; creatorTime?: number | string | null },
  now: number = Date.now(),
): { key: 'pressed' } | { key: 'retained'; days: number } | null {
  if (Number(row.pressMark) === 1) return { key: 'pressed' };
  if (row.creatorTime === undefined || row.creatorTime === null || row.creatorTime === '') return null;
  const t = typeof row.creatorTime === 'number' ? row.creatorTime : dayjs(row.creatorTime).valueOf();
  if (Number.isNaN(t)) return null;
  const days = Math.floor((now - t) / 86_400_000);
  return days >= RETAINED_DAYS ? { key: 'retained', days } : null;
}

/** Date formats of spec 1 §9: MM-dd for news and notices, yyyy-MM-dd for messages and documents, HH:mm for meetings. */
export const DATE_FORMATS = {
  news: 'MM-DD',
  notice: 'MM-DD',
  message: 'YYYY-MM-DD',
  document: 'YYYY-MM-DD',
  meeting: 'HH:mm',
  task: 'YYYY-MM-DD HH:mm',
} as const;

export function formatDate(v: number | string | null | undefined, kind: keyof typeof DATE_FORMATS): string {
  if (v === null || v === undefined || v === '') return '';
  const d = dayjs(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  return d.isValid() ? d.format(DATE_FORMATS[kind]) : '';
}

/** A meeting row of the widget. */
export interface MeetingRow {
  crbguid: string;
  crTheme: string;
  crName: string;
  userName: string;
  startTime: number;
  endTime: number;
  crState: number;
  stateType: number;
}

/** Today's meetings count: cancelled ones (stateType 1) are excluded (spec 1 §4). */
export const todayMeetingCount = (rows: MeetingRow[]) => rows.filter((r) => r.stateType !== 1).length;
/** crState 2 (past) and 3 (closed) get the outdated styling. */
export const isOutdated = (r: MeetingRow) => r.crState === 2 || r.crState === 3;
/** The startTime query of the meeting list: 'date 00:00:00,date 23:59:59'. */
export const dayRange = (d: dayjs.Dayjs = dayjs()) =>
  `${d.format('YYYY-MM-DD')} 00:00:00,${d.format('YYYY-MM-DD')} 23:59:59`;

/** Flattens the user's menu tree. */
export function flattenMenu(list: MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (l: MenuEntry[]) => {
    for (const m of l) {
      out.push(m);
      if (m.children?.length) walk(m.children);
    }
  };
  walk(list);
  return out;
}

/**
 * Application shortcuts the user's menu provides (spec 1 §2.6): an item is kept when a menu entry has its id
 * or its enCode; the menu entry's own fields win (its id, address and type are the live ones).
 */
export function availableApps(items: PortalApplicationItem[], menu: MenuEntry[]): PortalApplicationItem[] {
  const flat = flattenMenu(menu);
  const out: PortalApplicationItem[] = [];
  for (const it of items) {
    const m =
      flat.find((e) => e.id === it.id) ?? (it.enCode ? flat.find((e) => e.enCode === it.enCode) : undefined);
    if (!m) continue;
    out.push({
      ...it,
      id: m.id,
      urlAddress: m.urlAddress ?? it.urlAddress,
      type: m.type ?? it.type,
      linkTarget: m.linkTarget ?? it.linkTarget,
      enCode: m.enCode ?? it.enCode,
      propertyJson: (m.propertyJson as PortalApplicationItem['propertyJson']) ?? it.propertyJson,
    });
  }
  return out;
}

function moduleIdOf(p: PortalApplicationItem['propertyJson']): string {
  if (!p) return '';
  if (typeof p === 'object') return String((p as Record<string, unknown>).moduleId ?? '');
  try {
    return String((JSON.parse(p) as Record<string, unknown>).moduleId ?? '');
  } catch {
    return '';
  }
}

export type AppLink =
  | {
      kind: 'external';
      href: string;
      /** The link asks for the user: opened with a one-time code bound to it (services/linkCodes.ts). */
      withCode?: boolean;
    }
  | { kind: 'app'; path: string };

/**
 * Where an application shortcut goes (spec 1 §2.6): type 6 the visualisation address with the module id;
 * type 7 its address (or /enCode with target _self) with the host placeholder replaced; others a slash plus
 * urlAddress. http, https, mailto and tel addresses of other types are plain links. Where the spec adds the
 * user token (type 6) or a one-time user code (an external type 7 link, spec 3 §2) the link is opened with a
 * fresh code (`withCode`): in place of its token placeholder, else as `code`. The session token never goes
 * into an address.
 */
export function appLinkOf(item: PortalApplicationItem, visualHost: string): AppLink {
  const url = item.urlAddress ?? '';
  if (item.type === 6) {
    return {
      kind: 'external',
      href: `${visualHost}/view/${encodeURIComponent(moduleIdOf(item.propertyJson))}`,
      withCode: true,
    };
  }
  if (item.type === 7) {
    if (item.linkTarget === '_self') return { kind: 'app', path: `/${item.enCode ?? ''}` };
    const href = fillHost(url, visualHost);
    const signIn = wantsCode(href) || /^https?:/i.test(href);
    return { kind: 'external', href, ...(signIn ? { withCode: true } : {}) };
  }
  if (/^(https?:|mailto:|tel:)/i.test(url)) return { kind: 'external', href: url };
  return { kind: 'app', path: `/${url.replace(/^\//, '')}` };
}

/** The widgets of a layout in reading order (row, then column). */
export function readingOrder(layout: PortalItem[]): PortalItem[] {
  return [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Calendar week (Sunday first) containing a day: [start, end] as YYYY-MM-DD. */
export function weekOf(d: dayjs.Dayjs): [string, string] {
  const start = d.subtract(d.day(), 'day');
  return [start.format('YYYY-MM-DD'), start.add(6, 'day').format('YYYY-MM-DD')];
}

/** Calendar navigation: 7 days in week view, a month in month view (spec 1 §4). */
export function stepCalendar(d: dayjs.Dayjs, mode: 'week' | 'month', dir: 1 | -1): dayjs.Dayjs {
  return mode === 'week' ? d.add(7 * dir, 'day') : d.add(dir, 'month');
}

import type { MenuEntry } from '@kp/schema';
import { sessionStore } from '../../store/session';

export type OaKind = 'notice' | 'news' | 'message';

export interface KindConfig {
  kind: OaKind;
  prefix: string;
  /** List path segment: list/{type} (news, notices) or List/{type} (messages). */
  listPath: string;
  menu: string;
  /** The list tabs: server type and text key. */
  tabs: { type: number; key: string }[];
  /** Buttons checked against the menu's permission list (news and notices); messages need the menu only. */
  buttons: boolean;
  titleKey: string;
}

/** The tabs of the published kinds (notices, news): visible to me, mine, my drafts, marked. */
const PUBLISHED_TABS = [
  { type: 0, key: 'oa.tabs.visible' },
  { type: 1, key: 'oa.tabs.mine' },
  { type: 2, key: 'oa.tabs.drafts' },
  { type: 3, key: 'oa.tabs.marked' },
];

export const KINDS: Record<OaKind, KindConfig> = {
  notice: {
    kind: 'notice',
    prefix: '/api/Bussiness/CompanyNotice',
    listPath: 'list',
    menu: 'oa.notice',
    tabs: PUBLISHED_TABS,
    buttons: true,
    titleKey: 'route.notice',
  },
  news: {
    kind: 'news',
    prefix: '/api/Bussiness/CompanyNews',
    listPath: 'list',
    menu: 'oa.news',
    tabs: PUBLISHED_TABS,
    buttons: true,
    titleKey: 'route.news',
  },
  message: {
    kind: 'message',
    prefix: '/api/Bussiness/Message',
    listPath: 'List',
    menu: 'oa.msgList',
    tabs: [
      { type: 0, key: 'oa.tabs.received' },
      { type: 1, key: 'oa.tabs.sent' },
      { type: 2, key: 'oa.tabs.drafts' },
      { type: 3, key: 'oa.tabs.marked' },
      { type: 4, key: 'oa.tabs.deleted' },
    ],
    buttons: false,
    titleKey: 'route.msgList',
  },
};

function findMenu(list: MenuEntry[], enCode: string): MenuEntry | undefined {
  for (const m of list) {
    if (m.enCode === enCode) return m;
    const c = m.children ? findMenu(m.children, enCode) : undefined;
    if (c) return c;
  }
  return undefined;
}

/** True when the current menu's permission list has the button (administrators have every button). */
export function hasButton(menuEnCode: string, code: string, s = sessionStore.get()): boolean {
  if ((s.userInfo as { isAdministrator?: boolean } | null)?.isAdministrator) return true;
  const menu = findMenu(s.menuList, menuEnCode);
  if (!menu) return false;
  const entry = s.permissionList.find((p) => p.modelId === menu.id);
  return !!entry?.button.some((b) => b.enCode === code);
}

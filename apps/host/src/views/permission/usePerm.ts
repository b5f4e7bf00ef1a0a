import { BUTTON_CODES, type PermissionEntry } from '@kp/schema';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuRoute } from '../../router/menuRoutes';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';

/** The permission codes of one menu page (spec 4 §6): buttons, columns and form fields granted to the user. */
export interface PagePerm {
  /** The menu (module) id of the page, or '' when the path is not a menu route. */
  moduleId: string;
  /** True when the button code (btn_add, btn_edit, btn_remove …) is granted on this page. */
  btn(code: string): boolean;
  /** True when the list column code is granted; with no column codes at all the check is off. */
  col(code: string): boolean;
  /** True when the form field code is granted; with no form codes at all the check is off. */
  form(code: string): boolean;
}

export const BTN = {
  ...BUTTON_CODES,
  state: 'btn_state',
  export: 'btn_export',
  import: 'btn_import',
} as const;

/** Pure part of usePerm: finds the menu route of `pathname` and its entry in the permission list. */
export function pagePerm(pathname: string, routes: MenuRoute[], list: PermissionEntry[]): PagePerm {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const route = routes.find((r) => r.path === path);
  const moduleId = route?.meta.menuId ?? '';
  const entry = list.find((e) => e.modelId === moduleId);
  const set = (k: 'button' | 'column' | 'form') => new Set((entry?.[k] ?? []).map((c) => c.enCode));
  const buttons = set('button');
  const columns = set('column');
  const forms = set('form');
  return {
    moduleId,
    btn: (code) => buttons.has(code),
    col: (code) => columns.size === 0 || columns.has(code),
    form: (code) => forms.size === 0 || forms.has(code),
  };
}

/**
 * The current page's permissions. The path is taken once at mount: cached (kept-alive) pages stay mounted
 * while another route is shown, and must keep answering for their own menu entry.
 */
export function usePerm(): PagePerm {
  const { pathname } = useLocation();
  const [own] = useState(pathname);
  const routes = useStore(sessionStore, (s) => s.routes);
  const list = useStore(sessionStore, (s) => s.permissionList);
  return pagePerm(own, routes, list);
}

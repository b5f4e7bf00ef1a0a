import { createStore } from './createStore';

/** A visited page in the tag bar (spec 1 §3: path, title, zhTitle, meta affix/noCache). */
export interface TagView {
  path: string;
  /** Path plus query string. */
  fullPath: string;
  query: string;
  title: string;
  zhTitle: string;
  /** i18n key of the title for fixed routes (re-translated when the language changes). */
  titleKey?: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
}

/** Adds a view, or updates its stored entry when its query differs (spec 1 §2.4). */
export function addView(views: TagView[], v: TagView): TagView[] {
  const i = views.findIndex((x) => x.path === v.path);
  if (i < 0)
    return v.affix ? [...views.filter((x) => x.affix), v, ...views.filter((x) => !x.affix)] : [...views, v];
  const old = views[i];
  if (old.query === v.query && old.title === v.title) return views;
  const next = views.slice();
  next[i] = { ...old, ...v, affix: old.affix || v.affix };
  return next;
}

export interface CloseResult {
  views: TagView[];
  /** Where to navigate, when the active view was closed. */
  navigateTo?: string;
}

/** Closes one view; fixed (affix) views cannot close. Closing the active one goes to the last view, or /. */
export function closeView(views: TagView[], path: string, activePath: string): CloseResult {
  const v = views.find((x) => x.path === path);
  if (!v || v.affix) return { views };
  const next = views.filter((x) => x.path !== path);
  if (path !== activePath) return { views: next };
  const last = next[next.length - 1];
  return { views: next, navigateTo: last ? last.fullPath : '/' };
}

export function closeOthers(views: TagView[], keepPath: string): TagView[] {
  return views.filter((x) => x.affix || x.path === keepPath);
}

export function closeAll(views: TagView[], activePath: string): CloseResult {
  const next = views.filter((x) => x.affix);
  const stillThere = next.some((x) => x.path === activePath);
  if (stillThere) return { views: next };
  const last = next[next.length - 1];
  return { views: next, navigateTo: last ? last.fullPath : '/' };
}

export const tagsStore = createStore<TagView[]>([]);

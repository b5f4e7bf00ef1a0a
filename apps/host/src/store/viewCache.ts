import { createStore } from './createStore';

/**
 * The view cache of the main layout is keyed by route path (see layout/KeepAliveOutlet). A version per path
 * is part of the cached page's key: refreshing a view bumps it so the page remounts.
 */
export const viewVersionStore = createStore<Record<string, number>>({});

export function bumpView(path: string): void {
  viewVersionStore.set((s) => ({ ...s, [path]: (s[path] ?? 0) + 1 }));
}

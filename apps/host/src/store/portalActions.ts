import { createStore } from './createStore';

/** A portal page's own customise (opens the portal designer) and reset (asks, then the released layout). */
export interface PortalActions {
  customize(): void;
  reset(): void;
}

/**
 * The portal actions of each mounted portal page, keyed by the route path it is shown at (the view cache keeps
 * several pages mounted): the settings drawer offers the current path's actions (spec 1 §2.4: "Per-portal
 * customize and reset exist for the group portal and each portal entry except … back-end management").
 */
export const portalActionsStore = createStore<Record<string, PortalActions>>({});

/** Registers a page's actions at its path; returns the undo (the page unmounts or stops offering them). */
export function offerPortalActions(path: string, actions: PortalActions): () => void {
  portalActionsStore.set((s) => ({ ...s, [path]: actions }));
  return () =>
    portalActionsStore.set((s) => {
      if (s[path] !== actions) return s;
      const { [path]: _gone, ...rest } = s;
      return rest;
    });
}

/** Lets non-React code (API client, socket) navigate with the app's router. Set by the router root. */
let navigateFn: ((to: string, opts?: { replace?: boolean }) => void) | null = null;

export function setNavigator(fn: typeof navigateFn): void {
  navigateFn = fn;
}

export function navigateTo(to: string, replace = false): void {
  if (navigateFn) navigateFn(to, { replace });
  else globalThis.location?.assign(`/kpSystem${to}`);
}

/** The current in-app path with query (without the /kpSystem base). */
export function currentFullPath(): string {
  const loc = globalThis.location;
  if (!loc) return '/';
  const p = loc.pathname.replace(/^\/kpSystem/, '') || '/';
  return p + loc.search;
}

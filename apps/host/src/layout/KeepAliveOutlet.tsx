import { type ReactElement, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useStore } from '../store/createStore';
import { tagsStore } from '../store/tags';
import { viewVersionStore } from '../store/viewCache';

/**
 * The view cache (keep-alive): pages visited stay mounted, hidden, keyed by route path, while their tab is
 * open and caching is on. A refresh (/redirect/{fullPath}) bumps the path's version so the page remounts.
 */
export function KeepAliveOutlet({ enabled }: { enabled: boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tags = useStore(tagsStore);
  const versions = useStore(viewVersionStore);
  const cache = useRef(new Map<string, ReactElement>());
  const map = cache.current;
  // The refresh helper (/redirect/*) renders once and is never cached.
  const transient = pathname.startsWith('/redirect/');
  if (outlet && !transient) map.set(pathname, outlet);
  for (const key of [...map.keys()]) {
    if (key === pathname) continue;
    const tag = tags.find((t) => t.path === key);
    if (!enabled || !tag || tag.noCache) map.delete(key);
  }
  return (
    <>
      {[...map.entries()].map(([path, el]) => (
        <div
          key={`${path}#${versions[path] ?? 0}`}
          className="kp-view"
          style={path === pathname ? undefined : { display: 'none' }}
          data-view={path}
        >
          {el}
        </div>
      ))}
      {transient && outlet}
    </>
  );
}

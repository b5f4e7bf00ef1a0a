import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads data for a widget; a failure only stops the loading indicator (spec 3 §8). Reloads when `deps` change. */
export function useLoad<T>(fn: () => Promise<{ data: T }>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const alive = useRef(true);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the caller's dependencies
  const load = useCallback(() => {
    setLoading(true);
    fnRef
      .current()
      .then((r) => alive.current && setData(r.data))
      .catch(() => {})
      .finally(() => alive.current && setLoading(false));
  }, [key]);
  useEffect(() => {
    alive.current = true;
    load();
    return () => {
      alive.current = false;
    };
  }, [load]);
  return { data, loading, reload: load };
}

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The host's one data-loading hook: runs `fn` on mount and whenever `deps` change (compared by value, so
 * object dependencies such as a query may be rebuilt each render), and on `reload()`. A failure keeps the
 * previous data and only stops the loading indicator — the http client has already shown the server's msg
 * (spec 3 §8: widget list failures show nothing more); `error` holds the failure for views that show it in
 * place (a silent call). A result that arrives after unmount or after a newer call started is dropped.
 */
export function useLoad<T>(fn: () => Promise<T>, deps: unknown[], initial: T) {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the caller's dependencies
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    fnRef
      .current()
      .then((d) => live && setData(d))
      .catch((e) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, error, reload, setData };
}

/** A paged list of the server's shape (spec: list plus pagination). */
export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** Page sizes of every list (spec 3 §9 / 4 §9: 20, 30, 50; default 20). */
export const PAGE_SIZES = [20, 30, 50];

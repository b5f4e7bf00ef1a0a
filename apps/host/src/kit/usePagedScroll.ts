import { type UIEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Pickers load people 20 at a time (spec 1 §9 candidate picker; spec 2 §7 paged candidate users). */
export const PICKER_PAGE_SIZE = 20;
/** The next page loads when the list's scroll box comes within 200 px of its bottom (spec 1 §9). */
export const PICKER_NEAR_BOTTOM_PX = 200;

export interface PageQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

type ScrollBox = Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>;

/** Whether a scroll box is within `px` of its bottom (a box with nothing to scroll is). */
export const withinBottom = (el: ScrollBox, px: number) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;

export interface PagedScroll<T> {
  /** The rows of every page loaded so far (the same key never twice). */
  items: T[];
  loading: boolean;
  /** False once a page came back shorter than the page size. */
  hasMore: boolean;
  keyword: string;
  /** Starts again at page 1 with this keyword (a request still out for the old one is ignored). */
  search(keyword: string): void;
  /** Loads the next page unless one is being loaded or the last one was short. */
  loadMore(): void;
  /** The scroll box's onScroll (a list pane, a select's onPopupScroll): the next page near the bottom. */
  onScroll(e: UIEvent<HTMLElement>): void;
  /**
   * A ref for the scroll box when the hook may see it: after each page, a box that is still within the
   * threshold of its bottom (the rows do not fill it) asks for the next page, as a scroll would.
   */
  boxRef(el: HTMLElement | null): void;
}

/**
 * Infinite-scroll paging for pickers: page `pageSize` (20) of `fetchPage`, the next page when the scroll box
 * is within `threshold` (200 px) of its bottom, none after a short page, page 1 again on a new keyword, never
 * two requests for the same list at once. `enabled` false clears the list and sends nothing; turning it on,
 * or a new `resetKey` (another node, another task), starts again at page 1 with an empty keyword.
 */
export function usePagedScroll<T>(
  fetchPage: (q: PageQuery) => Promise<T[]>,
  opts: {
    enabled?: boolean;
    resetKey?: unknown;
    keyOf?: (row: T) => string;
    pageSize?: number;
    threshold?: number;
  } = {},
): PagedScroll<T> {
  const { enabled = true, resetKey, pageSize = PICKER_PAGE_SIZE, threshold = PICKER_NEAR_BOTTOM_PX } = opts;
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [keyword, setKeyword] = useState('');
  // the latest callbacks, so callers may pass inline functions
  const fetchRef = useRef(fetchPage);
  const keyRef = useRef(opts.keyOf);
  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
    keyRef.current = opts.keyOf;
  });
  // one generation per list (a reset or a keyword); a page of an older generation is dropped
  const gen = useRef(0);
  const busy = useRef(false);
  const page = useRef(0);
  const more = useRef(false);
  const kw = useRef('');
  const box = useRef<HTMLElement | null>(null);

  const fetchNext = useCallback(
    (restart: boolean) => {
      if (restart) {
        gen.current += 1;
        page.current = 0;
        more.current = true;
      } else if (busy.current || !more.current) return;
      const g = gen.current;
      const currentPage = page.current + 1;
      busy.current = true;
      setLoading(true);
      fetchRef
        .current({ keyword: kw.current, currentPage, pageSize })
        .then(
          (rows) => {
            if (g !== gen.current) return;
            page.current = currentPage;
            more.current = rows.length >= pageSize;
            setHasMore(more.current);
            const keyOf = keyRef.current;
            setItems((old) => {
              if (currentPage === 1) return rows;
              if (!keyOf) return [...old, ...rows];
              const seen = new Set(old.map(keyOf));
              return [...old, ...rows.filter((r) => !seen.has(keyOf(r)))];
            });
          },
          () => {
            // a failed page ends the list here; a new search or reset tries again
            if (g !== gen.current) return;
            more.current = false;
            setHasMore(false);
            if (currentPage === 1) setItems([]);
          },
        )
        .finally(() => {
          if (g !== gen.current) return;
          busy.current = false;
          setLoading(false);
        });
    },
    [pageSize],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey starts the list again
  useEffect(() => {
    kw.current = '';
    setKeyword('');
    if (enabled) {
      fetchNext(true);
      return;
    }
    gen.current += 1;
    busy.current = false;
    more.current = false;
    setItems([]);
    setHasMore(false);
    setLoading(false);
  }, [enabled, resetKey, fetchNext]);

  // a box the rows do not fill to within the threshold has no scroll to wait for: ask for the next page
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again after each page of items
  useEffect(() => {
    const el = box.current;
    if (el && !loading && hasMore && withinBottom(el, threshold)) fetchNext(false);
  }, [items, loading, hasMore, threshold, fetchNext]);

  const search = useCallback(
    (next: string) => {
      kw.current = next;
      setKeyword(next);
      if (enabled) fetchNext(true);
    },
    [enabled, fetchNext],
  );
  const loadMore = useCallback(() => fetchNext(false), [fetchNext]);
  const onScroll = useCallback(
    (e: UIEvent<HTMLElement>) => {
      if (withinBottom(e.currentTarget, threshold)) fetchNext(false);
    },
    [threshold, fetchNext],
  );
  const boxRef = useCallback((el: HTMLElement | null) => {
    box.current = el;
  }, []);
  return { items, loading, hasMore, keyword, search, loadMore, onScroll, boxRef };
}

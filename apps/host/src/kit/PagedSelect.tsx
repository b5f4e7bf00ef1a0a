import { Select, type SelectProps } from 'antd';
import { useMemo, useRef } from 'react';
import { type PageQuery, usePagedScroll } from './usePagedScroll';

export interface PagedOption {
  value: string;
  label: string;
}

type Value = string | string[];

/**
 * A searchable select over a paged source (a user picker): 20 options a page, the next page when its
 * dropdown is scrolled within 200 px of the bottom, none after a short page, page 1 again for each keyword
 * (usePagedScroll). A new `fetchPage` (memoise it) starts the list again. Chosen values keep the label they
 * were seen with (or `labels`) when a later search no longer lists them.
 */
export function PagedSelect(
  props: Omit<SelectProps<Value>, 'options' | 'showSearch' | 'filterOption' | 'onPopupScroll' | 'loading'> & {
    fetchPage(q: PageQuery): Promise<PagedOption[]>;
    labels?: Record<string, string>;
  },
) {
  const { fetchPage, labels, onOpenChange, ...rest } = props;
  const paged = usePagedScroll(fetchPage, { resetKey: fetchPage, keyOf: (o) => o.value });
  const seen = useRef(new Map<string, string>());
  const options = useMemo(() => {
    for (const o of paged.items) seen.current.set(o.value, o.label);
    const listed = new Set(paged.items.map((o) => o.value));
    const v = rest.value;
    const chosen = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
    const kept = chosen
      .filter((v) => !listed.has(v))
      .map((v) => ({ value: v, label: seen.current.get(v) ?? labels?.[v] ?? v }));
    return [...paged.items, ...kept];
  }, [paged.items, rest.value, labels]);
  return (
    <Select<Value>
      {...rest}
      options={options}
      loading={paged.loading}
      showSearch={{ filterOption: false, onSearch: (kw: string) => paged.search(kw.trim()) }}
      onPopupScroll={paged.onScroll}
      onOpenChange={(open) => {
        // a closed dropdown opens on the whole list again
        if (!open && paged.keyword) paged.search('');
        onOpenChange?.(open);
      }}
    />
  );
}

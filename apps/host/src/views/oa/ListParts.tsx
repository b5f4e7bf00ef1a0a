// Pieces the oa lists share (business messages, news, notices, the site-message record): the keyword
// search and the page state with the table's pagination.
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page of an oa list (20 a page) and the table's pagination (20, 30, 50). */
export function useListPage() {
  const [page, setPage] = useState({ current: 1, size: 20 });
  const pagination = (total: number) => ({
    current: page.current,
    pageSize: page.size,
    total,
    pageSizeOptions: [20, 30, 50],
    showSizeChanger: true,
    onChange: (current: number, size: number) => setPage({ current, size }),
  });
  /** Back to page 1 (a new search or tab). */
  const first = () => setPage((p) => ({ ...p, current: 1 }));
  return { page, pagination, first };
}

/** The keyword box of an oa list: Enter or the search button hands the trimmed keyword on. */
export function OaSearch(props: { onSearch: (keyword: string) => void; width: number }) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  return (
    <Input.Search
      allowClear
      placeholder={t('oa.keyword')}
      value={kw}
      onChange={(e) => setKw(e.target.value)}
      onSearch={(v) => props.onSearch(v.trim())}
      style={{ width: props.width }}
    />
  );
}

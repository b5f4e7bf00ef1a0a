import { useState } from 'react';
import { http } from '../../api/http';
import { useLoad } from '../permission/common';

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A paged list with keyword: query state, data and antd pagination props (sizes 20, 30, 50; default 20). */
export function usePaged<T>(url: string) {
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: 20 });
  const load = useLoad(
    async () => (await http.get<Paged<T>>(url, { ...query, keyword: query.keyword || undefined })).data,
    [query, url],
    { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } as Paged<T>,
  );
  const pagination = {
    current: load.data.pagination.currentPage,
    pageSize: load.data.pagination.pageSize,
    total: load.data.pagination.total,
    showSizeChanger: true,
    pageSizeOptions: [20, 30, 50],
    showQuickJumper: true,
    showTotal: (n: number) => `${n}`,
    onChange: (currentPage: number, pageSize: number) => setQuery((q) => ({ ...q, currentPage, pageSize })),
  };
  const search = (keyword: string) => setQuery((q) => ({ ...q, keyword, currentPage: 1 }));
  return { ...load, pagination, search };
}

import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import type { ListQuery, Paged } from './api';
import { WF_NS } from './i18n';
import { statusTag } from './model';

type Query = ListQuery & { keyword: string; currentPage: number; pageSize: number };

/**
 * The paged state the flow lists share: the query (keyword, status, page), the rows `fetch` answers for it,
 * and the table's pagination that moves the page.
 */
export function useFlowList<R>(fetch: (q: Query) => Promise<Paged<R>>, deps: unknown[] = []) {
  const [query, setQuery] = useState<Query>({ keyword: '', currentPage: 1, pageSize: 20 });
  const list = useLoad(() => fetch(query), [...deps, query], {
    list: [] as R[],
    pagination: { currentPage: 1, pageSize: 20, total: 0 },
  });
  return {
    query,
    setQuery,
    loading: list.loading,
    reload: list.reload,
    rows: list.data.list,
    pagination: {
      current: query.currentPage,
      pageSize: query.pageSize,
      total: list.data.pagination.total,
      onChange: (currentPage: number, pageSize: number) => setQuery((q) => ({ ...q, currentPage, pageSize })),
    },
  };
}

/** The keyword and status search above a flow list (status 0 reads 草稿); 查询 starts again at page 1. */
export function FlowSearch(props: {
  statuses: number[];
  onSearch: (keyword: string, status?: number) => void;
}) {
  const { t } = useTranslation(WF_NS);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  return (
    <Form layout="inline" style={{ marginBottom: 12 }} onFinish={() => props.onSearch(keyword, status)}>
      <Form.Item>
        <Input
          allowClear
          placeholder={t('dlg.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </Form.Item>
      <Form.Item>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('col.status')}
          value={status}
          onChange={setStatus}
          options={props.statuses.map((s) => ({
            value: s,
            label: s === 0 ? t('status.draft') : t(statusTag(s).key),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('btn.search')}
      </Button>
    </Form>
  );
}

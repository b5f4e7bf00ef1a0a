import { Button, Form, Input, Select } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type Dispatch, type ReactNode, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, useLoad } from '../../kit/useLoad';
import type { ListQuery, Paged } from './api';
import { WF_NS } from './i18n';
import { statusTag, urgencyKey } from './model';
import { fmtTime } from './util';

type Query = ListQuery & { keyword: string; currentPage: number; pageSize: number };

/**
 * The paged state the flow lists share: the query (keyword, status, page), the rows `fetch` answers for it,
 * and the table's pagination that moves the page (sizes 20, 30, 50 like every list; default 20).
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
      // the page sizes of every list (20, 30, 50), not antd's own 10/20/50/100
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      onChange: (currentPage: number, pageSize: number) => setQuery((q) => ({ ...q, currentPage, pageSize })),
    },
  };
}

/**
 * The keyword search above a flow list: `filters` sit between the keyword and 查询, `children` after it;
 * 查询 (or Enter) calls `onSearch`.
 */
export function KeywordForm(props: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  onSearch: () => void;
  testId?: string;
  filters?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(WF_NS);
  return (
    <Form layout="inline" style={{ marginBottom: 12 }} onFinish={props.onSearch}>
      <Form.Item>
        <Input
          allowClear
          data-testid={props.testId}
          placeholder={t('dlg.keyword')}
          value={props.keyword}
          onChange={(e) => props.onKeyword(e.target.value)}
        />
      </Form.Item>
      {props.filters}
      <Button type="primary" htmlType="submit">
        {t('btn.search')}
      </Button>
      {props.children}
    </Form>
  );
}

/** The keyword and status search above a flow list (status 0 reads 草稿); 查询 starts again at page 1. */
export function FlowSearch(props: { statuses: number[]; setQuery: Dispatch<SetStateAction<Query>> }) {
  const { t } = useTranslation(WF_NS);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  return (
    <KeywordForm
      keyword={keyword}
      onKeyword={setKeyword}
      onSearch={() => props.setQuery((q) => ({ ...q, keyword, status, currentPage: 1 }))}
      filters={
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
      }
    />
  );
}

/** Columns the flow lists share: the initiator, the current step, the urgency and the launch time. */
export function useFlowColumns<R>() {
  const { t } = useTranslation(WF_NS);
  const column = (c: ColumnType<R>) => c;
  return {
    /** The flow's name as a link that opens it. */
    fullName: (open: (row: R) => void) =>
      column({
        title: t('col.fullName'),
        dataIndex: 'fullName',
        render: (v: string, r) => (
          <Button type="link" size="small" onClick={() => open(r)}>
            {v}
          </Button>
        ),
      }),
    userName: column({ title: t('col.userName'), dataIndex: 'userName', width: 120 }),
    thisStep: column({ title: t('col.thisStep'), dataIndex: 'thisStep', width: 160 }),
    urgent: column({
      title: t('col.urgent'),
      dataIndex: 'flowUrgent',
      width: 90,
      render: (u: number) => t(urgencyKey(u)),
    }),
    creatorTime: column({
      title: t('col.creatorTime'),
      dataIndex: 'creatorTime',
      width: 160,
      render: (v: number) => fmtTime(v),
    }),
  };
}

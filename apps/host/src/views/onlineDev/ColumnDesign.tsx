import type { VisualDevColumnData } from '@kp/schema';
import { Card, Checkbox, Col, Row, Select, Switch, Table } from 'antd';
import type { FieldInfo } from './model';
import { tx } from './texts';

const TOOLBAR = ['add', 'download', 'upload', 'batchRemove'] as const;
const ROW = ['edit', 'detail', 'remove'] as const;

/** 列表设计: which fields the list shows (in order), which it is searched by, its buttons and paging. */
export function ColumnDesign({
  fields,
  value,
  onChange,
}: {
  fields: FieldInfo[];
  value: VisualDevColumnData;
  onChange: (v: VisualDevColumnData) => void;
}) {
  const shown = new Set(value.columnList.map((c) => c.prop));
  const searched = new Set((value.searchList ?? []).map((c) => c.prop));
  const toggleColumn = (f: FieldInfo, on: boolean) =>
    onChange({
      ...value,
      columnList: on
        ? fields
            .filter((x) => shown.has(x.vModel) || x.vModel === f.vModel)
            .map(
              (x) => value.columnList.find((c) => c.prop === x.vModel) ?? { prop: x.vModel, label: x.label },
            )
        : value.columnList.filter((c) => c.prop !== f.vModel),
    });
  const toggleSearch = (f: FieldInfo, on: boolean) =>
    onChange({
      ...value,
      searchList: on
        ? [...(value.searchList ?? []), { prop: f.vModel, label: f.label }]
        : (value.searchList ?? []).filter((c) => c.prop !== f.vModel),
    });
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Table<FieldInfo>
          size="small"
          rowKey="vModel"
          pagination={false}
          dataSource={fields}
          columns={[
            { title: tx('name'), dataIndex: 'label' },
            { title: 'vModel', dataIndex: 'vModel' },
            {
              title: tx('columns'),
              key: 'col',
              render: (_, f) => (
                <span data-testid={`col-${f.vModel}`}>
                  <Checkbox
                    aria-label={`${tx('columns')}: ${f.label}`}
                    checked={shown.has(f.vModel)}
                    onChange={(e) => toggleColumn(f, e.target.checked)}
                  />
                </span>
              ),
            },
            {
              title: tx('sortable'),
              key: 'sortable',
              render: (_, f) => (
                <span data-testid={`sortable-${f.vModel}`}>
                  <Checkbox
                    aria-label={`${tx('sortable')}: ${f.label}`}
                    disabled={!shown.has(f.vModel)}
                    checked={!!value.columnList.find((c) => c.prop === f.vModel)?.sortable}
                    onChange={(e) =>
                      onChange({
                        ...value,
                        columnList: value.columnList.map((c) =>
                          c.prop === f.vModel ? { ...c, sortable: e.target.checked } : c,
                        ),
                      })
                    }
                  />
                </span>
              ),
            },
            {
              title: tx('searchFields'),
              key: 'search',
              render: (_, f) => (
                <span data-testid={`search-${f.vModel}`}>
                  <Checkbox
                    aria-label={`${tx('searchFields')}: ${f.label}`}
                    checked={searched.has(f.vModel)}
                    onChange={(e) => toggleSearch(f, e.target.checked)}
                  />
                </span>
              ),
            },
          ]}
        />
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={tx('toolbar')} style={{ marginBottom: 12 }}>
          <Checkbox.Group
            value={value.btnsList ?? []}
            onChange={(v) => onChange({ ...value, btnsList: v as VisualDevColumnData['btnsList'] })}
            options={TOOLBAR.map((b) => ({ value: b, label: tx(`btn_${b}` as 'btn_add') }))}
          />
        </Card>
        <Card size="small" title={tx('rowButtons')} style={{ marginBottom: 12 }}>
          <Checkbox.Group
            value={value.columnBtnsList ?? []}
            onChange={(v) =>
              onChange({ ...value, columnBtnsList: v as VisualDevColumnData['columnBtnsList'] })
            }
            options={ROW.map((b) => ({ value: b, label: tx(`btn_${b}` as 'btn_edit') }))}
          />
        </Card>
        <Card size="small" title={tx('defaultSort')} style={{ marginBottom: 12 }}>
          <Select
            aria-label={tx('defaultSort')}
            allowClear
            style={{ width: 180 }}
            value={value.defaultSidx}
            placeholder={tx('createdAt')}
            onChange={(defaultSidx) => onChange({ ...value, defaultSidx: defaultSidx || undefined })}
            options={fields.map((f) => ({ value: f.vModel, label: f.label }))}
          />{' '}
          <Select
            aria-label={tx('sortOrder')}
            style={{ width: 100 }}
            value={value.sort ?? 'desc'}
            onChange={(sort) => onChange({ ...value, sort })}
            options={[
              { value: 'desc', label: tx('desc') },
              { value: 'asc', label: tx('asc') },
            ]}
          />
        </Card>
        <Card size="small" title={tx('paged')}>
          <Switch
            aria-label={tx('paged')}
            checked={value.hasPage !== false}
            onChange={(hasPage) => onChange({ ...value, hasPage })}
          />{' '}
          {tx('pageSize')}{' '}
          <Select
            aria-label={tx('pageSize')}
            value={value.pageSize ?? 20}
            style={{ width: 90 }}
            onChange={(pageSize) => onChange({ ...value, pageSize })}
            options={[20, 30, 50].map((n) => ({ value: n, label: n }))}
          />{' '}
        </Card>
      </Col>
    </Row>
  );
}

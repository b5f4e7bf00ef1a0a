import { Button, Input, Modal, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, labelOf, prop, text } from '../form/fieldUtil';
import type { Paged, Row } from '../providers/types';
import { useFieldValue } from '../store/formStore';
import type { WidgetProps } from './types';

/** popupSelect / popupTableSelect read a data interface; relationForm reads another form's records. */
function useSource(field: AnyField) {
  const { providers } = useRender();
  const isRelation = field.__config__.jnpfKey === 'relationForm';
  const relationField = prop<string>(field, 'relationField') ?? '';
  const propsValue = isRelation ? 'id' : (prop<string>(field, 'propsValue') ?? 'id');
  const columns = prop<{ value: string; label: unknown }[]>(field, 'columnOptions') ?? [];
  const hasPage = prop<boolean>(field, 'hasPage') ?? false;
  // Spec 3 §9: without paging the popup loads 10000 rows, otherwise the page size defaults to 20.
  const pageSize = hasPage ? (prop<number>(field, 'pageSize') ?? 20) : 10000;
  const list = useCallback(
    (keyword: string, currentPage: number): Promise<Paged<Row>> =>
      isRelation
        ? providers.relation.list({
            modelId: prop<string>(field, 'modelId') ?? '',
            keyword,
            currentPage,
            pageSize,
            relationField,
            columnOptions: columns.map((c) => c.value).join(','),
          })
        : providers.popup.list({
            interfaceId: prop<string>(field, 'interfaceId') ?? '',
            keyword,
            currentPage,
            pageSize,
            propsValue,
            relationField,
          }),
    [providers, field, isRelation, pageSize, relationField, propsValue, columns],
  );
  const byId = useCallback(
    (id: string): Promise<Row | null> =>
      isRelation
        ? providers.relation.record(prop<string>(field, 'modelId') ?? '', id)
        : providers.popup.byId(prop<string>(field, 'interfaceId') ?? '', id, propsValue),
    [providers, field, isRelation, propsValue],
  );
  return { list, byId, relationField, propsValue, columns, hasPage, pageSize };
}

/** Fetches the record a popup/relation value points at (null while loading or when empty). */
export function useLinkedRecord(field: AnyField | undefined, value: unknown): Row | null {
  const { providers } = useRender();
  const [row, setRow] = useState<Row | null>(null);
  useEffect(() => {
    setRow(null);
    if (!field || value == null || value === '' || (Array.isArray(value) && value.length === 0)) return;
    const id = String(Array.isArray(value) ? value[0] : value);
    const k = field.__config__.jnpfKey;
    const p =
      k === 'relationForm'
        ? providers.relation.record(prop<string>(field, 'modelId') ?? '', id)
        : providers.popup.byId(
            prop<string>(field, 'interfaceId') ?? '',
            id,
            prop<string>(field, 'propsValue') ?? 'id',
          );
    let alive = true;
    p.then(
      (r) => alive && setRow(r),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [field, value, providers]);
  return row;
}

/**
 * Popup select and relation form (spec 3 §4): the dialog resets its query each time it opens; a row must be
 * chosen before confirming (请选择一条数据); confirm writes the row id (propsValue) and shows the row's
 * relationField text. An empty value counts as cleared.
 */
export function PopupSelectWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { t, message, language } = useRender();
  const src = useSource(field);
  const linked = useLinkedRecord(field, value);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [draftKeyword, setDraftKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Row | null>(null);
  const [shownText, setShownText] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    src.list(keyword, page).then(
      (d) => {
        if (!alive) return;
        setData(d);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [open, keyword, page, src]);

  const openDialog = () => {
    // Opening resets the query.
    setKeyword('');
    setDraftKeyword('');
    setPage(1);
    setChosen(null);
    setOpen(true);
  };

  const confirm = () => {
    if (!chosen) {
      message(t('rowMustBeChosen'), 'warning');
      return;
    }
    setShownText(String(chosen[src.relationField] ?? ''));
    onChange(chosen[src.propsValue] as unknown);
    setOpen(false);
  };

  const empty = value == null || value === '';
  const display = empty
    ? ''
    : (shownText ?? (linked ? String(linked[src.relationField] ?? '') : String(value)));
  const columns = (
    src.columns.length ? src.columns : [{ value: src.relationField, label: src.relationField }]
  ).map((c) => ({ key: c.value, dataIndex: c.value, title: text(c.label, language) }));

  return (
    <>
      <Input
        readOnly
        value={display}
        placeholder={placeholder || t('pleaseSelect')}
        disabled={disabled}
        allowClear={!disabled}
        onClick={() => !disabled && openDialog()}
        onChange={(e) => {
          if (e.target.value === '') {
            setShownText(null);
            onChange('');
          }
        }}
      />
      <Modal
        open={open}
        width={prop<string>(field, 'popupWidth') ?? 800}
        title={text(prop(field, 'popupTitle'), language) || labelOf(field, language)}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space style={{ marginBottom: 8 }}>
          <Input
            placeholder={t('keyword')}
            value={draftKeyword}
            onChange={(e) => setDraftKeyword(e.target.value)}
            onPressEnter={() => {
              setPage(1);
              setKeyword(draftKeyword);
            }}
          />
          <Button
            type="primary"
            onClick={() => {
              setPage(1);
              setKeyword(draftKeyword);
            }}
          >
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              setDraftKeyword('');
              setKeyword('');
              setPage(1);
            }}
          >
            {t('reset')}
          </Button>
        </Space>
        <Table<Row>
          size="small"
          rowKey={(r) => String(r[src.propsValue])}
          loading={loading}
          dataSource={data.list}
          columns={columns}
          locale={{ emptyText: t('empty') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen ? [String(chosen[src.propsValue])] : [],
            onChange: (_, rows) => setChosen(rows[0] ?? null),
          }}
          onRow={(r) => ({ onClick: () => setChosen(r) })}
          pagination={
            src.hasPage
              ? { current: page, pageSize: src.pageSize, total: data.total, onChange: setPage }
              : false
          }
          scroll={{ y: 380 }}
        />
      </Modal>
    </>
  );
}

/**
 * relationFormAttr / popupAttr: read-only; shows `showField` of the record chosen in `relationField`.
 * Placeholder 用于展示关联表单的属性，且数据不会保存 (our zh wording of the spec's English gloss).
 */
export function AttrWidget({ field }: WidgetProps) {
  const { store, t, fieldsByModel } = useRender();
  const relationKey = prop<string>(field, 'relationField') ?? '';
  const source = fieldsByModel.get(relationKey);
  const v = useFieldValue(store, relationKey);
  const row = useLinkedRecord(source, v);
  const showField = prop<string>(field, 'showField') ?? '';
  const shown = row?.[showField];
  return <Input readOnly value={shown == null ? '' : String(shown)} placeholder={t('attrPlaceholder')} />;
}

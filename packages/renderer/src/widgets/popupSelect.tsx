import { Button, Drawer, Input, Modal, Popover, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, labelOf, prop, text } from '../form/fieldUtil';
import type { Paged, Row } from '../providers/types';
import { useStoreSelector } from '../store/formStore';
import type { WidgetProps } from './types';

/** popupSelect / popupTableSelect read a data interface; relationForm reads another form's records. */
function useSource(field: AnyField) {
  const { providers } = useRender();
  const isRelation = field.__config__.jnpfKey === 'relationForm';
  const relationField = prop<string>(field, 'relationField') ?? '';
  const propsValue = isRelation ? 'id' : (prop<string>(field, 'propsValue') ?? 'id');
  const columns = useMemo(
    () => prop<{ value: string; label: unknown }[]>(field, 'columnOptions') ?? [],
    [field],
  );
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

const isEmpty = (v: unknown): boolean => v == null || v === '' || (Array.isArray(v) && v.length === 0);
const idsOf = (v: unknown): string[] => (isEmpty(v) ? [] : (Array.isArray(v) ? v : [v]).map(String));

/**
 * Fetches the records a popup/relation value points at (one per id, in the value's order). `loading` is true
 * until every answer came back.
 */
export function useLinkedRecords(
  field: AnyField | undefined,
  value: unknown,
): { rows: Row[]; loading: boolean } {
  const { providers } = useRender();
  const [state, setState] = useState<{ rows: Row[]; loading: boolean }>({ rows: [], loading: false });
  const key = JSON.stringify(idsOf(value));
  useEffect(() => {
    const ids = JSON.parse(key) as string[];
    if (!field || ids.length === 0) {
      setState({ rows: [], loading: false });
      return;
    }
    setState((s) => ({ rows: s.rows, loading: true }));
    const k = field.__config__.jnpfKey;
    const one = (id: string) =>
      k === 'relationForm'
        ? providers.relation.record(prop<string>(field, 'modelId') ?? '', id)
        : providers.popup.byId(
            prop<string>(field, 'interfaceId') ?? '',
            id,
            prop<string>(field, 'propsValue') ?? 'id',
          );
    let alive = true;
    Promise.all(ids.map((id) => one(id).catch(() => null))).then((rs) => {
      if (alive) setState({ rows: rs.filter((r): r is Row => r != null), loading: false });
    });
    return () => {
      alive = false;
    };
  }, [field, key, providers]);
  return state;
}

/** The first linked record (null while loading or when empty). */
export function useLinkedRecord(field: AnyField | undefined, value: unknown): Row | null {
  const { rows, loading } = useLinkedRecords(field, value);
  return loading ? null : (rows[0] ?? null);
}

type Container = 'dialog' | 'drawer' | 'popover' | 'dropdown';

/**
 * popupSelect, popupTableSelect and relationForm (spec 3 §4 "Popup relation select"): opening resets the
 * query; a row must be chosen before confirming (请选择一条数据); confirm writes the row key (propsValue; `id`
 * for relation forms) and shows the row's relationField text; an empty value counts as cleared. With
 * `multiple` the value is the list of keys and the rows are ticked. popupSelect opens as `popupType` says
 * (dialog by default, drawer or popover); popupTableSelect is a drop-down table under the input (a click on a
 * row picks it when single).
 */
export function PopupSelectWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { t, message, language } = useRender();
  const src = useSource(field);
  // Only a new query reloads the rows (not a re-render, e.g. ticking a row).
  const list = src.list;
  const kind = field.__config__.jnpfKey;
  const multiple = kind !== 'relationForm' && prop<boolean>(field, 'multiple') === true;
  const container: Container =
    kind === 'popupTableSelect' ? 'dropdown' : (prop<Container>(field, 'popupType') ?? 'dialog');
  const linked = useLinkedRecords(field, value);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [draftKeyword, setDraftKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Row[]>([]);
  const [picked, setPicked] = useState<Row[]>([]);
  const [shown, setShown] = useState<{ key: string; text: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    list(keyword, page).then(
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
  }, [open, keyword, page, list]);

  const keyOfRow = (r: Row) => String(r[src.propsValue]);
  const textOfRow = (r: Row) => String(r[src.relationField] ?? '');

  const openPicker = () => {
    if (disabled) return;
    // Opening resets the query; a multiple picker starts from the rows already chosen.
    setKeyword('');
    setDraftKeyword('');
    setPage(1);
    if (multiple) {
      // The rows of the current value: fetched ones, else the ones just confirmed, else the key alone.
      const known = new Map<string, Row>();
      for (const r of [...picked, ...linked.rows]) known.set(keyOfRow(r), r);
      setChosen(idsOf(value).map((id) => known.get(id) ?? { [src.propsValue]: id, [src.relationField]: id }));
    } else setChosen([]);
    setOpen(true);
  };

  const commit = (rows: Row[]) => {
    if (rows.length === 0) {
      message(t('rowMustBeChosen'), 'warning');
      return;
    }
    setPicked(rows);
    const keys = rows.map((r) => r[src.propsValue] as unknown);
    const v = multiple ? keys : keys[0];
    setShown({ key: JSON.stringify(idsOf(v)), text: rows.map(textOfRow).join(', ') });
    onChange(v);
    setOpen(false);
  };

  const valueKey = JSON.stringify(idsOf(value));
  const display = isEmpty(value)
    ? ''
    : shown && shown.key === valueKey
      ? shown.text
      : linked.rows.length
        ? linked.rows.map(textOfRow).join(', ')
        : idsOf(value).join(', ');

  const columns = (
    src.columns.length ? src.columns : [{ value: src.relationField, label: src.relationField }]
  ).map((c) => ({ key: c.value, dataIndex: c.value, title: text(c.label, language) }));

  const pick = (r: Row) => {
    if (!multiple) {
      if (container === 'dropdown') commit([r]);
      else setChosen([r]);
      return;
    }
    setChosen((cur) =>
      cur.some((c) => keyOfRow(c) === keyOfRow(r))
        ? cur.filter((c) => keyOfRow(c) !== keyOfRow(r))
        : [...cur, r],
    );
  };

  const query = (
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
  );
  const table = (
    <Table<Row>
      size="small"
      className="kp-popup-table"
      rowKey={keyOfRow}
      loading={loading}
      dataSource={data.list}
      columns={columns}
      locale={{ emptyText: t('empty') }}
      rowSelection={{
        type: multiple ? 'checkbox' : 'radio',
        selectedRowKeys: chosen.map(keyOfRow),
        onChange: (_, rows) => (multiple ? setChosen(rows) : rows[0] && pick(rows[0])),
      }}
      onRow={(r) => ({ onClick: () => pick(r) })}
      pagination={
        src.hasPage ? { current: page, pageSize: src.pageSize, total: data.total, onChange: setPage } : false
      }
      scroll={{ y: 380 }}
    />
  );
  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
      <Button type="primary" className="kp-popup-ok" onClick={() => commit(chosen)}>
        {t('confirm')}
      </Button>
    </Space>
  );
  const title = text(prop(field, 'popupTitle'), language) || labelOf(field, language);
  const width = prop<string>(field, 'popupWidth') || (container === 'dialog' ? 800 : 600);

  const input = (
    <Input
      readOnly
      value={display}
      placeholder={placeholder || t('pleaseSelect')}
      disabled={disabled}
      allowClear={!disabled}
      onClick={openPicker}
      onChange={(e) => {
        if (e.target.value === '') {
          setShown(null);
          onChange(multiple ? [] : '');
        }
      }}
    />
  );

  if (container === 'popover' || container === 'dropdown') {
    return (
      <Popover
        open={open}
        trigger="click"
        placement="bottomLeft"
        title={container === 'popover' ? title : undefined}
        onOpenChange={(o) => !o && setOpen(false)}
        destroyOnHidden
        content={
          <div className={`kp-popup kp-popup-${container}`} style={{ width }}>
            {query}
            {table}
            {container === 'popover' || multiple ? <div style={{ marginTop: 8 }}>{footer}</div> : null}
          </div>
        }
      >
        {input}
      </Popover>
    );
  }
  return (
    <>
      {input}
      {container === 'drawer' ? (
        <Drawer
          open={open}
          title={title}
          size={width}
          onClose={() => setOpen(false)}
          footer={footer}
          destroyOnHidden
          className="kp-popup kp-popup-drawer"
        >
          {query}
          {table}
        </Drawer>
      ) : (
        <Modal
          open={open}
          width={width}
          title={title}
          footer={footer}
          onCancel={() => setOpen(false)}
          destroyOnHidden
          className="kp-popup kp-popup-dialog"
        >
          {query}
          {table}
        </Modal>
      )}
    </>
  );
}

/**
 * relationFormAttr / popupAttr: read-only; shows `showField` of the record(s) chosen in `relationField` (in a
 * sub-table row, the row's own column). Placeholder 用于展示关联表单的属性，且数据不会保存 (our zh wording of
 * the spec's English gloss). With `isStorage: 1` the shown value is also stored under the field's vModel.
 */
export function AttrWidget({ field, value, onChange, cell }: WidgetProps) {
  const { store, t, fieldsByModel } = useRender();
  const relationKey = prop<string>(field, 'relationField') ?? '';
  const source = cell
    ? (fieldsByModel.get(cell.table)?.__config__.children as AnyField[] | undefined)?.find(
        (c) => c.__vModel__ === relationKey,
      )
    : fieldsByModel.get(relationKey);
  const v = useStoreSelector(store, cell ? cell.table : relationKey, () =>
    cell ? store.getRows(cell.table)[cell.row]?.[relationKey] : store.getValue(relationKey),
  );
  const { rows, loading } = useLinkedRecords(source, v);
  const showField = prop<string>(field, 'showField') ?? '';
  const shown = rows
    .map((r) => r[showField])
    .filter((x) => x != null)
    .map(String)
    .join(', ');
  const store1 = prop<number>(field, 'isStorage') === 1 && Boolean(field.__vModel__);
  useEffect(() => {
    if (!store1 || loading) return;
    if ((value ?? '') !== shown) onChange(shown);
  }, [store1, loading, shown, value, onChange]);
  return <Input readOnly value={shown} placeholder={t('attrPlaceholder')} />;
}

import { SettingOutlined } from '@ant-design/icons';
import {
  Button,
  type ButtonProps,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  type TableProps,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { PermButton, RULES, StateTag, useConfirmDelete } from '../views/permission/common';
import { BTN, type PagePerm } from '../views/permission/usePerm';
import { ACTION_KEY, ColumnSettingsDrawer, useColumnSettings } from './ColumnSettings';
import { PAGE_SIZES, type Paged, useLoad } from './useLoad';
import '../views/permission/admin.css';

/** An open form: `id` when editing a row, none when adding; `initial` fills the fields. */
export interface Editing<F> {
  id?: string;
  /** Tree resources: the parent the row is added under (or sits under). */
  parentId?: string;
  initial: Partial<F>;
}
/** What changed, for lists that reload only the touched branch of a tree. */
export type Touched = { parentId?: string; removed?: string };

/**
 * A server list with keyword and optional `filters` (a selected tree node, a tab): query state, data and antd
 * pagination props (sizes 20, 30, 50; default 20, total and jumper). Empty texts are not sent; a new
 * keyword or filter goes back to page 1.
 */
export function usePaged<T, X extends Record<string, unknown> = Record<string, never>>(
  url: string,
  filters?: X,
) {
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: 20, ...(filters as X) });
  const load = useLoad(
    async () =>
      (
        await http.get<Paged<T>>(
          url,
          Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === '' ? undefined : v])),
        )
      ).data,
    [query, url],
    { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } as Paged<T>,
  );
  const pagination = {
    current: load.data.pagination.currentPage,
    pageSize: load.data.pagination.pageSize,
    total: load.data.pagination.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showQuickJumper: true,
    showTotal: (n: number) => `${n}`,
    onChange: (currentPage: number, pageSize: number) => setQuery((q) => ({ ...q, currentPage, pageSize })),
  };
  const filter = (patch: Partial<X & { keyword: string }>) =>
    setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));
  const search = (keyword: string) => filter({ keyword } as Partial<X & { keyword: string }>);
  /** Table props of the list: loading, rows, pagination. */
  const table = { loading: load.loading, dataSource: load.data.list, pagination };
  return { ...load, pagination, search, filter, query, table };
}

/**
 * The create/edit/delete/state calls of one REST resource at `base` (POST base, PUT base/id, DELETE
 * base/id, PUT base/id/Actions/State), each showing the server's msg and reloading the list after.
 */
export function useCrud<F extends object>({
  base,
  reload,
  toBody = (v) => v,
  onSaved,
}: {
  base: string;
  reload: (touched: Touched) => unknown;
  toBody?: (v: Partial<F>, editing: Editing<F> | null) => unknown;
  /** The answer's data after a create (`created`) or an update (e.g. a one-time password to show). */
  onSaved?: (data: unknown, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<Partial<F>>();
  const [editing, setEditing] = useState<Editing<F> | null>(null);
  const save = async (v: Partial<F>) => {
    const body = toBody(v, editing) as Record<string, unknown>;
    const r = editing?.id
      ? await http.put(`${base}/${editing.id}`, body, { showSuccess: true })
      : await http.post(base, body, { showSuccess: true });
    onSaved?.(r.data, !editing?.id);
    await reload({ parentId: editing?.parentId });
  };
  const remove = (id: string, touched: Touched = {}) =>
    confirmDelete(async () => {
      await http.delete(`${base}/${id}`, undefined, { showSuccess: true });
      await reload({ ...touched, removed: id });
    });
  /** 启用/禁用; the list reloads only when the call succeeded. */
  const toggleState = (row: { id: string; enabledMark: number; parentId?: string }) =>
    http
      .put(
        `${base}/${row.id}/Actions/State`,
        { enabledMark: row.enabledMark === 1 ? 0 : 1 },
        { showSuccess: true },
      )
      .then(() => reload({ parentId: row.parentId }))
      .catch(() => {});
  /** The usual row actions: 编辑 (btn_edit), 启用/禁用 (btn_edit unless `code`), 删除 (btn_remove). */
  const actions = {
    edit: (row: { id: string } & Partial<F>, extra: Omit<Editing<F>, 'id' | 'initial'> = {}): RowAction => ({
      key: 'edit',
      code: BTN.edit,
      label: t('adm.edit'),
      onClick: () => setEditing({ id: row.id, initial: formValues(row as Partial<F>), ...extra }),
    }),
    state: (
      row: { id: string; enabledMark: number; parentId?: string },
      code: string = BTN.edit,
    ): RowAction => ({
      key: 'state',
      code,
      label: row.enabledMark === 1 ? t('adm.disable') : t('adm.enable'),
      onClick: () => toggleState(row),
    }),
    remove: (row: { id: string }, touched: Touched = {}): RowAction => ({
      key: 'remove',
      code: BTN.remove,
      label: t('adm.remove'),
      danger: true,
      onClick: () => remove(row.id, touched),
    }),
  };
  /** Props for FormDialog: open while editing, titled 新建/编辑. */
  const dialog = {
    open: !!editing,
    title: editing?.id ? t('adm.edit') : t('adm.add'),
    form,
    initial: editing?.initial,
    onSubmit: save,
    onClose: () => setEditing(null),
  };
  return { form, editing, setEditing, save, remove, toggleState, actions, dialog };
}

/** One row action: a permission-checked link button (`code`) or a plain one. */
export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => unknown;
  code?: string;
  danger?: boolean;
  hidden?: boolean;
  testId?: string;
}

/** The row actions as small link buttons; those with a code show only when the user holds it. */
export function RowActions({ perm, items, wrap }: { perm?: PagePerm; items: RowAction[]; wrap?: boolean }) {
  return (
    <Space size={0} wrap={wrap}>
      {items
        .filter((a) => !a.hidden)
        .map((a) => {
          const props: ButtonProps = {
            type: 'link',
            size: 'small',
            danger: a.danger,
            onClick: () => a.onClick(),
            ...(a.testId ? ({ 'data-testid': a.testId } as ButtonProps) : {}),
          };
          return a.code && perm ? (
            <PermButton key={a.key} perm={perm} code={a.code} {...props}>
              {a.label}
            </PermButton>
          ) : (
            <Button key={a.key} {...props}>
              {a.label}
            </Button>
          );
        })}
    </Space>
  );
}

/** Common columns of the admin lists. */
export function useColumns() {
  const { t } = useTranslation();
  return {
    /** 名称 and 编码 (fullName, enCode). */
    nameCode: <R,>(): ColumnsType<R> => [
      { title: t('adm.fullName'), dataIndex: 'fullName' },
      { title: t('adm.enCode'), dataIndex: 'enCode' },
    ],
    state: <R,>(dataIndex = 'enabledMark'): ColumnsType<R>[number] => ({
      title: t('adm.state'),
      dataIndex,
      width: 80,
      render: (v: number) => <StateTag value={v} />,
    }),
    actions: <R,>(width: number, render: (row: R) => ReactNode): ColumnsType<R>[number] => ({
      title: t('adm.action'),
      key: ACTION_KEY,
      width,
      render: (_: unknown, row: R) => render(row),
    }),
  };
}

export interface CrudPageProps<R> {
  /** data-testid of the page. */
  testId: string;
  perm: PagePerm;
  /** A panel on the left (an organisation tree). */
  side?: ReactNode;
  /** Above the bar (tabs). */
  header?: ReactNode;
  /** The keyword search; omitted: no search box. */
  onSearch?: (keyword: string) => void;
  /** Fields and buttons at the start of the bar. */
  filters?: ReactNode;
  /** The keyword box after the gap (right side) instead of at the start; its width (240). */
  searchRight?: boolean;
  searchWidth?: number;
  searchTestId?: string;
  /** Bar only, no table yet (a table that must mount with its data, e.g. to expand all rows). */
  hideTable?: boolean;
  /** Shown instead of the bar and table (nothing chosen yet). */
  empty?: ReactNode;
  /** 新建: shown when the user holds `addCode` (btn_add) or `canAdd` is true. */
  onAdd?: () => void;
  addCode?: string;
  canAdd?: boolean;
  /** Buttons between 新建 and 刷新. */
  tools?: ReactNode;
  onRefresh: () => void;
  table: TableProps<R> & { columns: ColumnsType<R> };
  /** Dialogs and drawers of the page. */
  children?: ReactNode;
}

/**
 * An admin list page: optional side panel, search bar with 新建 / 刷新 / column settings, the table (its
 * columns as the user set them) and the page's dialogs.
 */
export function CrudPage<R extends object>(p: CrudPageProps<R>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cols = useColumnSettings(p.perm.moduleId, p.table.columns);
  const addButton =
    p.onAdd &&
    (p.canAdd === undefined ? (
      <PermButton
        perm={p.perm}
        code={p.addCode ?? 'btn_add'}
        type="primary"
        onClick={p.onAdd}
        data-testid="btn-add"
      >
        {t('adm.add')}
      </PermButton>
    ) : (
      p.canAdd && (
        <Button type="primary" onClick={p.onAdd} data-testid="btn-add">
          {t('adm.add')}
        </Button>
      )
    ));
  const search = p.onSearch && (
    <Input.Search
      allowClear
      placeholder={t('adm.keyword')}
      onSearch={p.onSearch}
      style={{ width: p.searchWidth ?? 240 }}
      data-testid={p.searchTestId}
    />
  );
  return (
    <div className="kp-adm" data-testid={p.testId}>
      {p.side}
      <div className="kp-adm-main">
        {p.header}
        {p.empty ?? (
          <>
            <div className="kp-adm-bar">
              {p.filters}
              {!p.searchRight && search}
              <span className="kp-adm-grow" />
              {p.searchRight && search}
              {addButton}
              {p.tools}
              <Button onClick={p.onRefresh}>{t('adm.refresh')}</Button>
              <Tooltip title={t('kit.columnSettings')}>
                <Button
                  icon={<SettingOutlined />}
                  aria-label={t('kit.columnSettings')}
                  onClick={() => setOpen(true)}
                  data-testid="btn-column-settings"
                />
              </Tooltip>
            </div>
            {!p.hideTable && <Table<R> rowKey="id" size="small" {...p.table} columns={cols.visible} />}
          </>
        )}
      </div>
      <ColumnSettingsDrawer
        open={open}
        onClose={() => setOpen(false)}
        settings={cols.settings}
        onChange={cols.change}
      />
      {p.children}
    </div>
  );
}

/** The name in the other languages, as a form edits it (zh is fullName); withNames sends both, '' for none. */
export type NameI18n = { zh?: string; zhtw?: string; en?: string };

/** The body with fullNameI18n {zhtw, en} always stated (emptied fields as ''), so clearing one clears it. */
export function withNames<V extends { fullNameI18n?: NameI18n }>(v: V) {
  return { ...v, fullNameI18n: { zhtw: v.fullNameI18n?.zhtw ?? '', en: v.fullNameI18n?.en ?? '' } };
}

/**
 * 名称 and 编码 (required; the code checked by a rule of spec 4 §5 unless `codeRule` is false). `names`: the
 * name in traditional Chinese and English too (fullNameI18n.zhtw / .en, optional; empty: the name shows).
 */
export function NameCodeItems({
  codeRequired = true,
  codeRule = 'code',
  testIdPrefix,
  nameMax = 50,
  codeMax = 50,
  names = false,
}: {
  nameMax?: number;
  codeMax?: number;
  codeRequired?: boolean;
  /** 'code': letters, digits, dots; 'num': digits only; false: any text. */
  codeRule?: 'code' | 'num' | false;
  testIdPrefix?: string;
  names?: boolean;
}) {
  const { t } = useTranslation();
  const tid = (k: string) => (testIdPrefix ? { 'data-testid': `${testIdPrefix}-${k}` } : {});
  return (
    <>
      <Form.Item
        name="fullName"
        label={t('adm.fullName')}
        rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
      >
        <Input maxLength={nameMax} {...tid('fullName')} />
      </Form.Item>
      {names && (
        <>
          <Form.Item name={['fullNameI18n', 'zhtw']} label={t('adm.nameZhtw')}>
            <Input maxLength={nameMax} {...tid('nameZhtw')} />
          </Form.Item>
          <Form.Item name={['fullNameI18n', 'en']} label={t('adm.nameEn')}>
            <Input maxLength={nameMax} {...tid('nameEn')} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="enCode"
        label={t('adm.enCode')}
        rules={[
          ...(codeRequired
            ? [{ required: true, message: t('adm.required_', { name: t('adm.enCode') }) }]
            : []),
          ...(codeRule === 'code' ? [{ pattern: RULES.code, message: t('adm.codeRule') }] : []),
          ...(codeRule === 'num' ? [{ pattern: RULES.numCode, message: t('adm.numCodeRule') }] : []),
        ]}
      >
        <Input maxLength={codeMax} {...tid('enCode')} />
      </Form.Item>
    </>
  );
}

/** 排序, 状态 (启用/禁用) and 说明 — the tail of most admin forms; each can be left out. */
export function SortStateDescItems({
  sort = true,
  state = true,
  description = true,
}: {
  sort?: boolean;
  state?: boolean;
  description?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sort && (
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
      )}
      {state && (
        <Form.Item name="enabledMark" label={t('adm.state')}>
          <Radio.Group>
            <Radio value={1}>{t('adm.enabled')}</Radio>
            <Radio value={0}>{t('adm.disabled')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {description && (
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      )}
    </>
  );
}

/** A row as form values: null texts become undefined (antd inputs expect undefined for empty). */
export function formValues<R extends object>(
  row: R,
  keys: (keyof R)[] = ['description' as keyof R],
): Partial<R> {
  const out: Partial<R> = { ...row };
  for (const k of keys) if (out[k] === null) out[k] = undefined;
  return out;
}

import { kindOf } from '@kp/engine';
import { Button } from 'antd';
import { memo, useCallback, useMemo, useState } from 'react';
import { fieldCrashed, RenderGuard } from '../form/configProblems';
import { useRender } from '../form/context';
import type { FieldState } from '../form/fieldState';
import { placeholderOf, useFieldState } from '../form/fieldState';
import { type AnyField, cfg, childrenOf, keyOf, labelOf, prop, text } from '../form/fieldUtil';
import { cellPath, type Row, useCellValue, useFieldError, useRowKeys, useRows } from '../store/formStore';
import { widgetOf } from '../widgets/registry';
import { columnTotal } from './summary';

/** Rows beyond this count are virtualised: only the rows in view (plus a margin) are mounted. */
export const VIRTUAL_THRESHOLD = 50;
export const ROW_HEIGHT = 56;
const VIEWPORT = 480;
const OVERSCAN = 6;

/** Attribute columns show a value of the row's relation/popup column and may hold no data of their own. */
const colKey = (c: AnyField): string => c.__vModel__ ?? `attr-${String(c.__config__.formId)}`;

function emptyRow(columns: AnyField[]): Row {
  const row: Row = {};
  for (const c of columns) {
    if (!c.__vModel__) continue;
    const d = cfg(c, 'defaultValue');
    row[c.__vModel__] = d === undefined ? null : structuredClone(d);
  }
  return row;
}

const Cell = memo(function Cell({ table, row, column }: { table: string; row: number; column: AnyField }) {
  const ctx = useRender();
  const col = column.__vModel__ ?? '';
  const value = useCellValue(ctx.store, table, row, col);
  const error = useFieldError(ctx.store, cellPath(table, row, col));
  const state = useFieldState(column, ctx, `${table}.${col}`);
  const onChange = useCallback(
    (v: unknown) => {
      ctx.store.setCell(table, row, col, v);
      ctx.store.setError(cellPath(table, row, col), undefined);
      ctx.fieldChanged(`${table}.${col}`, { value: v, rowIndex: row });
    },
    [ctx, table, row, col],
  );
  const Widget = widgetOf(column.__config__.jnpfKey); // an unknown kind draws a message naming the field
  return (
    <td className={error ? 'kp-cell kp-cell-error' : 'kp-cell'} data-cell={`${table}.${row}.${col}`}>
      <RenderGuard fallback={fieldCrashed(labelOf(column, ctx.language) || col, ctx.t)} resetKey={column}>
        <Widget
          field={column}
          value={value}
          onChange={onChange}
          disabled={state.disabled}
          placeholder={placeholderOf(column, ctx)}
          cell={{ table, row }}
        />
      </RenderGuard>
      {error ? <div className="kp-cell-message ant-form-item-explain-error">{error}</div> : null}
    </td>
  );
});

const TableRow = memo(function TableRow({
  table,
  index,
  columns,
  canDelete,
  top,
}: {
  table: string;
  index: number;
  columns: AnyField[];
  canDelete: boolean;
  top?: number;
}) {
  const { store, t } = useRender();
  return (
    <tr
      className="kp-subtable-row"
      style={
        top === undefined
          ? undefined
          : {
              position: 'absolute',
              top,
              height: ROW_HEIGHT,
              display: 'table',
              width: '100%',
              tableLayout: 'fixed',
            }
      }
    >
      <td className="kp-cell-index">{index + 1}</td>
      {columns.map((c) => (
        <Cell key={colKey(c)} table={table} row={index} column={c} />
      ))}
      <td className="kp-cell-actions">
        {canDelete ? (
          <Button size="small" type="link" danger onClick={() => store.removeRow(table, index)}>
            {t('deleteRow')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
});

function SummaryRow({ field, columns }: { field: AnyField; columns: AnyField[] }) {
  const { store, t } = useRender();
  const table = field.__vModel__ ?? '';
  const rows = useRows(store, table);
  const summary = new Set(prop<string[]>(field, 'summaryField') ?? []);
  return (
    <tr className="kp-subtable-summary">
      <td>{t('total')}</td>
      {columns.map((c) => {
        const col = c.__vModel__ ?? '';
        return (
          <td key={colKey(c)} data-summary={`${table}.${col}`}>
            {summary.has(col) ? columnTotal(rows, col, cfg<number>(c, 'decimalPlace') ?? 2) : ''}
          </td>
        );
      })}
      <td />
    </tr>
  );
}

/**
 * Sub-table (jnpfKey table): add rows (unless disabled), delete by index, a red asterisk on required
 * columns, per-cell messages and an optional summary row. Each cell subscribes to its own value.
 */
export function SubTable({ field, state }: { field: AnyField; state: FieldState }) {
  const ctx = useRender();
  const { store, t, language } = ctx;
  const table = field.__vModel__ ?? '';
  const columns = useMemo(
    () => childrenOf(field).filter((c) => c.__vModel__ || kindOf(keyOf(c))?.attribute),
    [field],
  );
  const rowKeys = useRowKeys(store, table);
  const [scrollTop, setScrollTop] = useState(0);
  const addable = !state.disabled && (prop<boolean>(field, 'addable') ?? true);
  const deletable = !state.disabled && (prop<boolean>(field, 'deletable') ?? true);
  const showSummary = prop<boolean>(field, 'showSummary') ?? false;
  const virtual = rowKeys.length > VIRTUAL_THRESHOLD;
  // the columns as the form model's layers leave them (formOperates `table-column`, noShow, platform)
  const colState = columns.map((c) => {
    const a = ctx.fieldAccess(`${table}.${c.__vModel__}`, store.getUi(c.__vModel__ ?? ''));
    return { required: a?.required ?? false, hidden: a ? !a.visible : false };
  });
  const shown = columns.filter((_, i) => !colState[i].hidden);

  let first = 0;
  let last = rowKeys.length;
  if (virtual) {
    first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
    last = Math.min(rowKeys.length, Math.ceil((scrollTop + VIEWPORT) / ROW_HEIGHT) + OVERSCAN);
  }
  const rows = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <TableRow
        key={rowKeys[i]}
        table={table}
        index={i}
        columns={shown}
        canDelete={deletable}
        top={virtual ? i * ROW_HEIGHT : undefined}
      />,
    );
  }
  const header = (
    <tr>
      <th className="kp-cell-index">{t('index')}</th>
      {shown.map((c) => {
        const i = columns.indexOf(c);
        return (
          <th key={colKey(c)} style={{ width: cfg<number>(c, 'columnWidth') ?? undefined }}>
            {colState[i].required ? (
              <span className="kp-required" style={{ color: 'red' }}>
                *
              </span>
            ) : null}
            {labelOf(c, language)}
          </th>
        );
      })}
      <th className="kp-cell-actions">{t('actions')}</th>
    </tr>
  );
  return (
    <div className="kp-subtable" data-table={table}>
      {cfg<boolean>(field, 'showTitle') !== false && labelOf(field, language) ? (
        <div className="kp-subtable-title">{labelOf(field, language)}</div>
      ) : null}
      <table className="kp-subtable-table" style={{ width: '100%', tableLayout: 'fixed' }}>
        <thead>{header}</thead>
        {virtual ? null : <tbody>{rows}</tbody>}
        {showSummary && !virtual ? (
          <tfoot>
            <SummaryRow field={field} columns={shown} />
          </tfoot>
        ) : null}
      </table>
      {virtual ? (
        <div
          className="kp-subtable-viewport"
          style={{ height: VIEWPORT, overflowY: 'auto', position: 'relative' }}
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        >
          <table
            style={{
              width: '100%',
              tableLayout: 'fixed',
              height: rowKeys.length * ROW_HEIGHT,
              position: 'relative',
            }}
          >
            <tbody>{rows}</tbody>
          </table>
        </div>
      ) : null}
      {showSummary && virtual ? (
        <table style={{ width: '100%', tableLayout: 'fixed' }}>
          <tbody>
            <SummaryRow field={field} columns={shown} />
          </tbody>
        </table>
      ) : null}
      {addable ? (
        <Button type="dashed" block onClick={() => store.addRow(table, emptyRow(columns))}>
          {text(prop(field, 'actionText'), language) || t('addRow')}
        </Button>
      ) : null}
    </div>
  );
}

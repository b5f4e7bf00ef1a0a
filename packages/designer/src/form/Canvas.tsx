import { Tabs } from 'antd';
import { memo, useRef } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { labelText, useDesignerT } from '../i18n';
import { ControlSample } from './ControlSample';
import { type DragItem, MOVE_ITEM, NEW_ITEM, useFormDesigner, useHoverPos, useIsSelected } from './context';
import { positionIn } from './hover';
import { isPane } from './kinds';
import type { HolderId } from './tree';
import type { FieldConfig } from './types';

const ACCEPT = [NEW_ITEM, MOVE_ITEM];

/** A list of fields (form root, row, card, table, pane) that accepts drops at its end. */
export const FieldList = memo(function FieldList({
  holderId,
  fields,
  table,
}: {
  holderId: HolderId;
  fields: FieldConfig[];
  table?: boolean;
}) {
  const ctx = useFormDesigner();
  const { t } = useDesignerT();
  const key = `list:${holderId}`;
  const pos = useHoverPos(key);
  const len = fields.length;
  const [, drop] = useDrop<DragItem, unknown, unknown>(
    () => ({
      accept: ACCEPT,
      canDrop: () => !ctx.readOnly,
      hover() {
        ctx.hover.propose({ key, pos: 'inside' });
      },
      drop(item, monitor) {
        if (monitor.didDrop()) return undefined;
        ctx.hover.clear();
        ctx.dropAt(item, { holderId, index: len });
        return { done: true };
      },
    }),
    [ctx, holderId, len, key],
  );
  return (
    <div
      ref={(el) => {
        drop(el);
      }}
      data-holder={String(holderId)}
      className={`kp-field-list${table ? ' kp-table-list' : ''}${pos ? ' kp-drop-active' : ''}`}
      style={{
        display: 'flex',
        flexWrap: table ? 'nowrap' : 'wrap',
        alignContent: 'flex-start',
        minHeight: holderId === 'root' ? 400 : 60,
        padding: 4,
        outline: pos ? '1px dashed #1677ff' : undefined,
        overflowX: table ? 'auto' : undefined,
      }}
    >
      {chunks(fields).map(([start, part]) => (
        <FieldChunk
          key={part[0]!.__config__.formId}
          fields={part}
          start={start}
          holderId={holderId}
          inTable={!!table}
        />
      ))}
      {len === 0 ? (
        <div
          className="kp-empty-hint"
          style={{ color: '#666', padding: 12, width: '100%', textAlign: 'center' }}
        >
          {holderId === 'root' ? t('canvas.empty') : t('canvas.dropHere')}
        </div>
      ) : null}
    </div>
  );
});

/**
 * Fields are rendered in memoised chunks of CHUNK (display: contents, so the layout is unchanged): when the
 * drop indicator moves, React walks about N/CHUNK + CHUNK sibling fibers instead of all N fields.
 */
export const CHUNK = 16;
function chunks(fields: FieldConfig[]): Array<[number, FieldConfig[]]> {
  const out: Array<[number, FieldConfig[]]> = [];
  for (let i = 0; i < fields.length; i += CHUNK) out.push([i, fields.slice(i, i + CHUNK)]);
  return out;
}

const FieldChunk = memo(
  function FieldChunk({
    fields,
    start,
    holderId,
    inTable,
  }: {
    fields: FieldConfig[];
    start: number;
    holderId: HolderId;
    inTable: boolean;
  }) {
    return (
      <div className="kp-chunk" style={{ display: 'contents' }}>
        {fields.map((f, i) => (
          <FieldItem
            key={f.__config__.formId}
            field={f}
            holderId={holderId}
            index={start + i}
            inTable={inTable}
          />
        ))}
      </div>
    );
  },
  (a, b) =>
    a.start === b.start &&
    a.holderId === b.holderId &&
    a.inTable === b.inTable &&
    a.fields.length === b.fields.length &&
    a.fields.every((f, i) => f === b.fields[i]),
);

/** One field on the canvas. Memoised: hovering re-renders only the hovered item (its indicator). */
export const FieldItem = memo(function FieldItem({
  field,
  holderId,
  index,
  inTable,
}: {
  field: FieldConfig;
  holderId: HolderId;
  index: number;
  inTable: boolean;
}) {
  const ctx = useFormDesigner();
  const { lang } = useDesignerT();
  const id = field.__config__.formId;
  const key = String(id);
  const selected = useIsSelected(id);
  const pos = useHoverPos(key);
  const ref = useRef<HTMLDivElement | null>(null);
  const k = field.__config__.jnpfKey;
  const [, drag] = useDrag<DragItem>(
    () => ({ type: MOVE_ITEM, item: { formId: id, jnpfKey: k }, canDrag: () => !ctx.readOnly }),
    [id, k, ctx],
  );
  const [, drop] = useDrop<DragItem, unknown, unknown>(
    () => ({
      accept: ACCEPT,
      canDrop: () => !ctx.readOnly,
      hover(_item, monitor) {
        const off = monitor.getClientOffset();
        if (!off || !ref.current) return;
        // O(1): only this element's box is read
        ctx.hover.propose({ key, pos: positionIn(ref.current.getBoundingClientRect(), off.y) });
      },
      drop(item, monitor) {
        if (monitor.didDrop() || !ref.current) return undefined;
        const off = monitor.getClientOffset();
        const p = off ? positionIn(ref.current.getBoundingClientRect(), off.y) : 'after';
        ctx.hover.clear();
        if (item.formId === id) return { done: true };
        ctx.dropAt(item, { holderId, index: p === 'before' ? index : index + 1 });
        return { done: true };
      },
    }),
    [ctx, key, id, holderId, index],
  );
  const span = ctx.view === 'app' || inTable ? 24 : (field.__config__.span ?? 24);
  const label = labelText(field.__config__.label, lang);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a canvas item is a drag handle; selection by click mirrors the palette's keyboard entry
    <div
      ref={(el) => {
        ref.current = el;
        drag(drop(el));
      }}
      data-testid={`field-${id}`}
      data-kind={k}
      className={`kp-field${selected ? ' kp-field-selected' : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        ctx.store.select(id);
      }}
      onKeyDown={undefined}
      style={{
        position: 'relative',
        boxSizing: 'border-box',
        width: inTable ? 180 : `${(span / 24) * 100}%`,
        flex: inTable ? '0 0 180px' : undefined,
        padding: '6px 8px',
        cursor: ctx.readOnly ? 'default' : 'move',
        outline: selected ? '1px solid #1677ff' : undefined,
        background: selected ? '#f0f7ff' : undefined,
        boxShadow:
          pos === 'before' ? 'inset 0 3px 0 #1677ff' : pos === 'after' ? 'inset 0 -3px 0 #1677ff' : undefined,
      }}
    >
      <FieldBody field={field} label={label} />
      {selected && !ctx.readOnly ? <FieldActions formId={id} /> : null}
    </div>
  );
});

/**
 * A field action's icon drawn as SVG strokes: a text glyph (⧉) needs a font that has it and showed as an
 * empty box on machines without one.
 */
function ActionIcon({ d }: { d: string }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function FieldActions({ formId }: { formId: number }) {
  const ctx = useFormDesigner();
  const { t } = useDesignerT();
  return (
    <span style={{ position: 'absolute', right: 2, top: 2, display: 'flex', gap: 4, zIndex: 2 }}>
      <button
        type="button"
        data-testid="field-copy"
        title={t('btn.copy')}
        aria-label={t('btn.copy')}
        onClick={(e) => {
          e.stopPropagation();
          ctx.store.duplicate(formId);
        }}
      >
        <ActionIcon d="M9 9h11v11H9zM5 15H4V4h11v1" />
      </button>
      <button
        type="button"
        data-testid="field-delete"
        title={t('btn.delete')}
        aria-label={t('btn.delete')}
        onClick={(e) => {
          e.stopPropagation();
          ctx.requestDelete(formId);
        }}
      >
        <ActionIcon d="M6 6l12 12M18 6L6 18" />
      </button>
    </span>
  );
}

/** The control on the canvas: its label and @kp/renderer's real widget (containers hold their own lists). */
const FieldBody = memo(function FieldBody({ field, label }: { field: FieldConfig; label: string }) {
  const c = field.__config__;
  const k = c.jnpfKey;
  const { lang } = useDesignerT();
  if (k === 'row' || k === 'card' || k === 'table') {
    return (
      <div
        className={`kp-container kp-${k}`}
        style={{ border: '1px solid #e5e5e5', padding: 4, minHeight: 60 }}
      >
        <div style={{ fontSize: 12, color: '#666' }}>
          {label}
          {k === 'table' && c.tableName ? ` · ${c.tableName}` : ''}
        </div>
        <FieldList holderId={c.formId} fields={c.children ?? []} table={k === 'table'} />
      </div>
    );
  }
  if (k === 'tab' || k === 'collapse') {
    const panes = (c.children ?? []).filter((p) => isPane(p.__config__.jnpfKey) || p.__config__.children);
    if (k === 'tab')
      return (
        <Tabs
          size="small"
          items={panes.map((p) => ({
            key: String(p.__config__.formId),
            label: labelText(p.title, lang),
            children: <FieldList holderId={p.__config__.formId} fields={p.__config__.children ?? []} />,
          }))}
        />
      );
    return (
      <div className="kp-collapse" style={{ border: '1px solid #e5e5e5' }}>
        {panes.map((p) => (
          <div key={p.__config__.formId}>
            <div style={{ background: '#fafafa', padding: '4px 8px' }}>{labelText(p.title, lang)}</div>
            <FieldList holderId={p.__config__.formId} fields={p.__config__.children ?? []} />
          </div>
        ))}
      </div>
    );
  }
  // display kinds (no label): the renderer's widget, with a plain drawing should it fail
  if (k === 'groupTitle')
    return (
      <ControlSample
        field={field}
        fallback={
          <div style={{ fontSize: 16, fontWeight: 600 }}>{labelText(field.content, lang) || label}</div>
        }
      />
    );
  if (k === 'divider')
    return <ControlSample field={field} fallback={<hr style={{ borderTop: '1px solid #ddd' }} />} />;
  if (k === 'JNPFText')
    return (
      <ControlSample
        field={field}
        fallback={
          <div style={field.textStyle as Record<string, string | number>}>
            {labelText(field.content, lang)}
          </div>
        }
      />
    );
  const showLabel = c.showLabel !== false;
  const mock = (
    <span
      className="kp-field-mock"
      style={{
        flex: 1,
        border: '1px solid #d9d9d9',
        borderRadius: 4,
        height: 28,
        color: '#737373',
        fontSize: 12,
        padding: '4px 8px',
      }}
    >
      {typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : k}
    </span>
  );
  if (k === 'button' || k === 'link' || k === 'alert') return <ControlSample field={field} fallback={mock} />;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      {showLabel ? (
        <span
          className="kp-field-label"
          style={{ width: 100, flex: '0 0 100px', textAlign: 'right', fontSize: 13 }}
        >
          {c.required ? <span style={{ color: '#d90002' }}>* </span> : null}
          {label}
        </span>
      ) : null}
      <ControlSample field={field} fallback={mock} />
    </div>
  );
});

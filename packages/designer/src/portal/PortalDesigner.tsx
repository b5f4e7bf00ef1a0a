import {
  PORTAL_COLUMNS,
  PORTAL_LIMITS,
  PORTAL_WIDGETS,
  type PortalItem,
  type PortalLayout,
  validatePortalLayout,
} from '@kp/schema';
import { App, Button, Checkbox, Input, InputNumber, Modal, Radio, Slider } from 'antd';
import { produce } from 'immer';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { type DesignerLanguage, labelText, setDesignerLanguage, useDesignerT } from '../i18n';
import {
  addAppItem,
  arrange,
  clampHeight,
  clampRowCount,
  clampWidth,
  compact,
  hasCategory,
  hasColumns,
  hasRowCount,
  newWidget,
  placeAt,
  ROW_PX,
  removeAppItem,
  widgetLabel,
} from './model';

const L = PORTAL_LIMITS;
const NEW_WIDGET = 'kp-portal-new';
const MOVE_WIDGET = 'kp-portal-move';
type Drag = { jnpfKey?: PortalItem['jnpfKey']; key?: string };

export interface PortalDesignerProps {
  value?: PortalLayout;
  onChange?: (layout: PortalLayout) => void;
  /** Shows a save button; called with a layout that passed validatePortalLayout. */
  onSave?: (layout: PortalLayout) => void | Promise<void>;
  /** Draws a widget in the preview (the host's real widgets); a titled placeholder otherwise. */
  renderWidget?: (item: PortalItem) => ReactNode;
  readOnly?: boolean;
  language?: DesignerLanguage;
  noDndProvider?: boolean;
  height?: number | string;
}

/** The portal designer: the 12 widgets on a 24-column grid with drag, resize and widget properties. */
export function PortalDesigner(props: PortalDesignerProps) {
  const inner = (
    <App>
      <PortalDesignerInner {...props} />
    </App>
  );
  return props.noDndProvider ? inner : <DndProvider backend={HTML5Backend}>{inner}</DndProvider>;
}

function PortalDesignerInner({
  value,
  onChange,
  onSave,
  renderWidget,
  readOnly,
  language,
  height = 720,
}: PortalDesignerProps) {
  const { t, lang } = useDesignerT();
  const { message } = App.useApp();
  const [items, setItems] = useState<PortalItem[]>(() => arrange(value?.layout ?? []));
  const [sel, setSel] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const seq = useRef(Date.now());
  const cb = useRef(onChange);
  cb.current = onChange;
  useEffect(() => {
    if (language) setDesignerLanguage(language);
  }, [language]);

  // a new `value` from the host replaces the grid; the layout it got from onChange and passes back does not
  const seenValue = useRef(value);
  useEffect(() => {
    if (!value || value === seenValue.current) return;
    seenValue.current = value;
    if (value.layout !== itemsRef.current) setItems(arrange(value.layout ?? []));
  }, [value]);
  const commit = (next: PortalItem[]) => {
    setItems(next);
    cb.current?.({ layout: next });
  };
  const itemsRef = useRef(items);
  itemsRef.current = items;
  /** A new widget at cell (x, y), or below everything (the palette's click). */
  const add = (k: PortalItem['jnpfKey'], at?: { x: number; y: number }) => {
    const key = `w${++seq.current}`;
    const list = itemsRef.current;
    const bottom = Math.max(0, ...list.map((it) => it.y + it.h));
    commit(placeAt([...list, newWidget(k, key)], key, at?.x ?? 0, at?.y ?? bottom));
    setSel(key);
  };
  /** Free placement: the widget's top-left goes to cell (x, y); what it lands on moves down. */
  const move = (key: string, x: number, y: number) => commit(placeAt(itemsRef.current, key, x, y));
  const update = (key: string, fn: (d: PortalItem) => void) => {
    const next = produce(itemsRef.current, (d) => {
      const it = d.find((x) => String(x.i) === key);
      if (it) fn(it as PortalItem);
    });
    const it = next.find((x) => String(x.i) === key);
    commit(it ? placeAt(next, key, it.x, it.y) : next);
  };
  const remove = (key: string) => {
    commit(compact(itemsRef.current.filter((x) => String(x.i) !== key)));
    setSel(null);
  };
  const layout: PortalLayout = { layout: items };
  const selected = items.find((x) => String(x.i) === sel) ?? null;

  return (
    <div
      className="kp-portal-designer"
      data-testid="portal-designer"
      style={{ display: 'flex', flexDirection: 'column', height, border: '1px solid #eee' }}
    >
      <div style={{ display: 'flex', gap: 8, padding: 8, borderBottom: '1px solid #eee' }}>
        <span style={{ flex: 1, fontWeight: 600 }}>{t('portal.title')}</span>
        <Button size="small" data-testid="portal-preview" onClick={() => setPreview(true)}>
          {t('btn.preview')}
        </Button>
        {onSave && !readOnly ? (
          <Button
            size="small"
            type="primary"
            data-testid="portal-save"
            onClick={() => {
              const r = validatePortalLayout(layout);
              if (!r.ok) {
                void message.error(
                  t('portal.invalid', { detail: `${r.errors[0]?.path} ${r.errors[0]?.message}` }),
                );
                return;
              }
              void onSave(layout);
            }}
          >
            {t('btn.save')}
          </Button>
        ) : null}
      </div>
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {!readOnly ? (
          <div
            data-testid="portal-palette"
            style={{ width: 180, padding: 8, borderRight: '1px solid #eee', overflowY: 'auto' }}
          >
            <div style={{ fontWeight: 600, marginBottom: 6 }}>{t('portal.widgets')}</div>
            {PORTAL_WIDGETS.map((k) => (
              <WidgetTile key={k} jnpfKey={k} label={widgetLabel(k, lang)} onAdd={() => add(k)} />
            ))}
          </div>
        ) : null}
        <div
          data-testid="portal-grid"
          style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', padding: 8 }}
        >
          <Grid
            items={items}
            selected={sel}
            onSelect={setSel}
            onMove={move}
            onAdd={add}
            onResize={(k, w, h) =>
              update(k, (d) => {
                d.w = clampWidth(w, d.minW ?? L.minW, d.maxW ?? L.maxW);
                d.height = clampHeight(h);
              })
            }
            onRemove={remove}
            readOnly={!!readOnly}
            renderWidget={renderWidget}
          />
          {!items.length ? (
            <div style={{ color: '#666', textAlign: 'center', padding: 40 }}>{t('portal.empty')}</div>
          ) : null}
        </div>
        {selected && !readOnly ? (
          <WidgetProps
            item={selected}
            onChange={(fn) => update(String(selected.i), fn)}
            warn={(s) => void message.warning(s)}
          />
        ) : null}
      </div>
      <Modal
        open={preview}
        title={t('btn.preview')}
        width="90%"
        footer={null}
        onCancel={() => setPreview(false)}
        destroyOnHidden
      >
        <div data-testid="portal-preview-body">
          <Grid items={items} selected={null} readOnly renderWidget={renderWidget} />
        </div>
      </Modal>
    </div>
  );
}

function WidgetTile({
  jnpfKey,
  label,
  onAdd,
}: {
  jnpfKey: PortalItem['jnpfKey'];
  label: string;
  onAdd: () => void;
}) {
  const [, drag] = useDrag<Drag>(() => ({ type: NEW_WIDGET, item: { jnpfKey } }), [jnpfKey]);
  return (
    <button
      type="button"
      ref={(el) => {
        drag(el);
      }}
      data-testid={`portal-palette-${jnpfKey}`}
      onClick={onAdd}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        marginBottom: 4,
        padding: '4px 8px',
        border: '1px solid #e5e5e5',
        background: '#fff',
        cursor: 'move',
      }}
    >
      {label}
    </button>
  );
}

interface GridProps {
  items: PortalItem[];
  selected: string | null;
  readOnly: boolean;
  onSelect?: (k: string) => void;
  onMove?: (key: string, x: number, y: number) => void;
  onAdd?: (k: PortalItem['jnpfKey'], at: { x: number; y: number }) => void;
  onResize?: (key: string, w: number, h: number) => void;
  onRemove?: (key: string) => void;
  renderWidget?: (item: PortalItem) => ReactNode;
}

/** The grid cell under a viewport point (column 0..24-w, row >= 0). */
function cellAt(grid: HTMLElement, px: { x: number; y: number }, w: number) {
  const r = grid.getBoundingClientRect();
  const col = r.width / L.gridColumns;
  return {
    x: Math.min(L.gridColumns - w, Math.max(0, Math.round((px.x - r.left) / col))),
    y: Math.max(0, Math.round((px.y - r.top) / ROW_PX)),
  };
}

function Grid(p: GridProps) {
  const rows = Math.max(1, ...p.items.map((i) => i.y + i.h));
  const ref = useRef<HTMLDivElement | null>(null);
  const pRef = useRef(p);
  pRef.current = p;
  const [{ over }, drop] = useDrop<Drag, unknown, { over: boolean }>(
    () => ({
      accept: [NEW_WIDGET, MOVE_WIDGET],
      collect: (m) => ({ over: m.isOver() }),
      drop(d, m) {
        const g = ref.current;
        const cur = pRef.current;
        if (!g || cur.readOnly) return undefined;
        if (d.key) {
          // a moved widget: where its top-left corner was let go
          const it = cur.items.find((x) => String(x.i) === d.key);
          const at = m.getSourceClientOffset() ?? m.getClientOffset();
          if (it && at) {
            const c = cellAt(g, at, it.w);
            cur.onMove?.(d.key, c.x, c.y);
          }
        } else if (d.jnpfKey) {
          const at = m.getClientOffset();
          const w = newWidget(d.jnpfKey, '_').w;
          cur.onAdd?.(d.jnpfKey, at ? cellAt(g, at, w) : { x: 0, y: rows });
        }
        return { done: true };
      },
    }),
    [],
  );
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (!p.readOnly) drop(el);
      }}
      className="kp-portal-grid"
      data-testid={p.readOnly ? undefined : 'portal-grid-cells'}
      style={{
        outline: over ? '1px dashed #1677ff' : undefined,
        backgroundImage: p.readOnly
          ? undefined
          : 'linear-gradient(to right, rgba(22,119,255,.06) 1px, transparent 1px)',
        backgroundSize: p.readOnly ? undefined : `calc(100% / ${L.gridColumns}) 100%`,
        display: 'grid',
        gridTemplateColumns: 'repeat(24, 1fr)',
        gridAutoRows: `${ROW_PX}px`,
        gap: 0,
        position: 'relative',
        minHeight: Math.max(rows * ROW_PX, p.readOnly ? 0 : 400),
      }}
    >
      {p.items.map((it) => (
        <GridCell key={String(it.i)} item={it} {...p} />
      ))}
    </div>
  );
}

function GridCell({
  item,
  selected,
  readOnly,
  onSelect,
  onResize,
  onRemove,
  renderWidget,
}: { item: PortalItem } & GridProps) {
  const { t, lang } = useDesignerT();
  const key = String(item.i);
  const cell = useRef<HTMLDivElement | null>(null);
  // the corner handle resizes: while it is held the card must not start an HTML5 drag (that would cancel
  // the pointer events)
  const resizing = useRef(false);
  const [, drag] = useDrag<Drag>(
    () => ({ type: MOVE_WIDGET, item: { key }, canDrag: () => !readOnly && !resizing.current }),
    [key, readOnly],
  );
  // resize by dragging the corner: width snaps to steps of 2 columns, height to 100..1000 px
  const startResize = (e: React.PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    resizing.current = true;
    const el = cell.current;
    const grid = el?.parentElement;
    if (!el || !grid) return;
    const colPx = grid.getBoundingClientRect().width / 24;
    const x0 = e.clientX;
    const y0 = e.clientY;
    const w0 = item.w;
    const h0 = item.height ?? item.h * ROW_PX;
    const onMoveP = (ev: PointerEvent) => {
      el.style.outline = '2px dashed #1677ff';
      el.dataset.resizeW = String(
        clampWidth(w0 + (ev.clientX - x0) / colPx, item.minW ?? L.minW, item.maxW ?? L.maxW),
      );
      el.dataset.resizeH = String(clampHeight(h0 + ev.clientY - y0));
    };
    const onUp = () => {
      resizing.current = false;
      window.removeEventListener('pointermove', onMoveP);
      window.removeEventListener('pointerup', onUp);
      el.style.outline = '';
      if (el.dataset.resizeW) onResize?.(key, Number(el.dataset.resizeW), Number(el.dataset.resizeH));
      delete el.dataset.resizeW;
      delete el.dataset.resizeH;
    };
    window.addEventListener('pointermove', onMoveP);
    window.addEventListener('pointerup', onUp);
  };
  const shadow = item.shadow ?? 'always';
  return (
    <div
      ref={(el) => {
        cell.current = el;
        drag(el);
      }}
      data-testid={`portal-item-${key}`}
      data-kind={item.jnpfKey}
      data-x={item.x}
      data-y={item.y}
      data-w={item.w}
      data-height={item.height}
      className={`kp-portal-item kp-shadow-${shadow}`}
      style={{
        gridColumn: `${item.x + 1} / span ${item.w}`,
        gridRow: `${item.y + 1} / span ${item.h}`,
        padding: 6,
        boxSizing: 'border-box',
        position: 'relative',
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the card is the drag handle; click selects it */}
      <div
        onClick={() => onSelect?.(key)}
        onKeyDown={undefined}
        style={{
          height: '100%',
          background: '#fff',
          borderRadius: 4,
          overflow: 'hidden',
          boxShadow: shadow === 'always' ? '0 1px 6px rgba(0,0,0,.12)' : undefined,
          outline: selected === key ? '2px solid #1677ff' : undefined,
          cursor: readOnly ? 'default' : 'move',
        }}
      >
        <div style={{ padding: '6px 10px', borderBottom: '1px solid #f0f0f0', fontWeight: 600 }}>
          {labelText(item.header, lang) || widgetLabel(item.jnpfKey, lang)}
        </div>
        <div style={{ padding: 10, color: '#666' }}>
          {renderWidget
            ? renderWidget(item)
            : (item.list?.map((a) => labelText(a.fullName, lang)).join(' · ') ??
              widgetLabel(item.jnpfKey, lang))}
        </div>
      </div>
      {!readOnly ? (
        <>
          <button
            type="button"
            data-testid={`portal-remove-${key}`}
            title={t('btn.delete')}
            onClick={() => onRemove?.(key)}
            style={{
              position: 'absolute',
              right: 10,
              top: 8,
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
            }}
          >
            ✕
          </button>
          <span
            data-testid={`portal-resize-${key}`}
            onPointerDown={startResize}
            style={{
              position: 'absolute',
              right: 6,
              bottom: 6,
              width: 12,
              height: 12,
              cursor: 'nwse-resize',
              borderRight: '2px solid #999',
              borderBottom: '2px solid #999',
            }}
          />
        </>
      ) : null}
    </div>
  );
}

function WidgetProps({
  item,
  onChange,
  warn,
}: {
  item: PortalItem;
  onChange: (fn: (d: PortalItem) => void) => void;
  warn: (s: string) => void;
}) {
  const { t, lang } = useDesignerT();
  const k = item.jnpfKey;
  const minW = item.minW ?? L.minW;
  return (
    <div
      data-testid="portal-props"
      style={{ width: 300, padding: 8, borderLeft: '1px solid #eee', overflowY: 'auto' }}
    >
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('portal.props')}</div>
      <div>{t('portal.header')}</div>
      <Input
        data-testid="portal-header"
        value={labelText(item.header, lang)}
        onChange={(e) =>
          onChange((d) => {
            d.header = e.target.value;
          })
        }
      />
      <div style={{ marginTop: 8 }}>{t('portal.width')}</div>
      <Slider
        data-testid="portal-width"
        min={minW}
        max={item.maxW ?? L.maxW}
        step={L.wStep}
        value={item.w}
        onChange={(v) =>
          onChange((d) => {
            d.w = clampWidth(v, minW, d.maxW ?? L.maxW);
          })
        }
      />
      <div>{t('portal.height')}</div>
      <Slider
        data-testid="portal-height"
        min={L.minHeight}
        max={L.maxHeight}
        value={item.height ?? 300}
        onChange={(v) =>
          onChange((d) => {
            d.height = clampHeight(v);
          })
        }
      />
      {hasRowCount(k) ? (
        <>
          <div>
            {t('portal.rowCount')} <span style={{ color: '#666' }}>({t('portal.rowCountHint')})</span>
          </div>
          <InputNumber
            data-testid="portal-rowcount"
            min={L.minRowCount}
            max={L.maxRowCount}
            value={item.rowCount ?? L.rowCount}
            onChange={(v) =>
              onChange((d) => {
                d.rowCount = clampRowCount(v ?? L.rowCount);
              })
            }
          />
        </>
      ) : null}
      <div style={{ marginTop: 8 }}>{t('portal.shadow')}</div>
      <Radio.Group
        value={item.shadow ?? 'always'}
        onChange={(e) =>
          onChange((d) => {
            d.shadow = e.target.value;
          })
        }
      >
        <Radio value="always">{t('portal.always')}</Radio>
        <Radio value="hover">{t('portal.hover')}</Radio>
        <Radio value="never">{t('portal.never')}</Radio>
      </Radio.Group>
      {hasCategory(k) ? (
        <>
          <div style={{ marginTop: 8 }}>{t('portal.category')}</div>
          <Radio.Group
            value={item.category ?? 1}
            onChange={(e) =>
              onChange((d) => {
                d.category = e.target.value;
              })
            }
          >
            <Radio value={1}>{t('portal.todo')}</Radio>
            <Radio value={3}>{t('portal.circulate')}</Radio>
          </Radio.Group>
        </>
      ) : null}
      {hasColumns(k) ? (
        <>
          <div style={{ marginTop: 8 }}>{t('portal.columns')}</div>
          <Checkbox.Group
            value={item.columns ?? []}
            options={PORTAL_COLUMNS.map((c) => ({ value: c, label: t(`col.${c}`) }))}
            onChange={(v) =>
              onChange((d) => {
                d.columns = PORTAL_COLUMNS.filter((c) => v.includes(c));
              })
            }
          />
        </>
      ) : null}
      {k === 'portalApplication' ? (
        <div data-testid="portal-apps" style={{ marginTop: 8 }}>
          <div>{t('portal.items')}</div>
          {(item.list ?? []).map((a, i) => (
            <div key={a.id} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
              <Input
                placeholder={t('portal.itemName')}
                value={labelText(a.fullName, lang)}
                onChange={(e) =>
                  onChange((d) => {
                    d.list![i]!.fullName = e.target.value;
                  })
                }
              />
              <Input
                placeholder={t('portal.urlAddress')}
                value={a.urlAddress ?? ''}
                onChange={(e) =>
                  onChange((d) => {
                    d.list![i]!.urlAddress = e.target.value;
                  })
                }
              />
              <Button
                data-testid="portal-app-remove"
                onClick={() => {
                  const r = removeAppItem(item.list ?? [], i);
                  if (!r.ok) warn(t(r.error));
                  else
                    onChange((d) => {
                      d.list = r.list;
                    });
                }}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            size="small"
            data-testid="portal-app-add"
            onClick={() => {
              const list = item.list ?? [];
              const id = String(Math.max(0, ...list.map((x) => Number(x.id) || 0)) + 1);
              const r = addAppItem(list, { id, fullName: `应用${id}`, urlAddress: '', linkTarget: '_self' });
              if (!r.ok) warn(t(r.error));
              else
                onChange((d) => {
                  d.list = r.list;
                });
            }}
          >
            {t('btn.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

import {
  PORTAL_LIMITS,
  PORTAL_WIDGETS,
  type PortalItem,
  type PortalLayout,
  validatePortalLayout,
} from '@kp/schema';
import { App, Button, Modal } from 'antd';
import { produce } from 'immer';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type DesignerLanguage, setDesignerLanguage, useDesignerT } from '../i18n';
import { arrange, clampHeight, clampWidth, compact, newWidget, placeAt, widgetLabel } from './model';
import { PALETTE_DRAG_TYPE, PortalGrid } from './PortalGrid';
import { WidgetProps } from './WidgetProps';

const L = PORTAL_LIMITS;

export interface PortalDesignerProps {
  value?: PortalLayout;
  onChange?: (layout: PortalLayout) => void;
  /** Shows a save button; called with a layout that passed validatePortalLayout. */
  onSave?: (layout: PortalLayout) => void | Promise<void>;
  /** Draws a widget in the preview (the host's real widgets); a titled placeholder otherwise. */
  renderWidget?: (item: PortalItem) => ReactNode;
  readOnly?: boolean;
  language?: DesignerLanguage;
  /** Kept for callers of the react-dnd version; the grid (react-grid-layout) needs no DnD provider. */
  noDndProvider?: boolean;
  height?: number | string;
}

/**
 * The portal designer: the 12 widgets on a 24-column grid (react-grid-layout, ./PortalGrid) with drag,
 * resize and widget properties (./WidgetProps); the layout rules are the pure model (./model).
 */
export function PortalDesigner(props: PortalDesignerProps) {
  return (
    <App>
      <PortalDesignerInner {...props} />
    </App>
  );
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
  const [dragging, setDragging] = useState<PortalItem['jnpfKey'] | null>(null);
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
    commit(placeAt([...list, newWidget(k, key, lang)], key, at?.x ?? 0, at?.y ?? bottom));
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
              <WidgetTile
                key={k}
                jnpfKey={k}
                label={widgetLabel(k, lang)}
                onAdd={() => add(k)}
                onDrag={setDragging}
              />
            ))}
          </div>
        ) : null}
        <div
          data-testid="portal-grid"
          style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', padding: 8 }}
        >
          <PortalGrid
            items={items}
            selected={sel}
            dragging={dragging}
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
          <PortalGrid items={items} selected={null} readOnly renderWidget={renderWidget} />
        </div>
      </Modal>
    </div>
  );
}

/** A palette entry: click adds the widget below the others; drag drops it on a grid cell. */
function WidgetTile({
  jnpfKey,
  label,
  onAdd,
  onDrag,
}: {
  jnpfKey: PortalItem['jnpfKey'];
  label: string;
  onAdd: () => void;
  onDrag: (k: PortalItem['jnpfKey'] | null) => void;
}) {
  return (
    <button
      type="button"
      draggable
      data-testid={`portal-palette-${jnpfKey}`}
      onClick={onAdd}
      onDragStart={(e) => {
        e.dataTransfer.setData(PALETTE_DRAG_TYPE, jnpfKey);
        e.dataTransfer.setData('text/plain', '');
        onDrag(jnpfKey);
      }}
      onDragEnd={() => onDrag(null)}
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

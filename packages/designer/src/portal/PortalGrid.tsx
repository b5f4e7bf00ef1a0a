import { PORTAL_LIMITS, type PortalItem } from '@kp/schema';
import { type ReactNode, useMemo, useRef } from 'react';
import {
  GridLayout,
  type Layout,
  type LayoutItem,
  useContainerWidth,
  verticalCompactor,
} from 'react-grid-layout';
import { labelText, useDesignerT } from '../i18n';
import { newWidget, ROW_PX, widgetLabel } from './model';

const L = PORTAL_LIMITS;
/** Elements inside a card that must not start a drag (the remove button). */
const NO_DRAG = 'kp-portal-nodrag';
/** The data type the palette's tiles carry in an HTML5 drag (the widget kind). */
export const PALETTE_DRAG_TYPE = 'application/x-kp-portal-widget';

export interface PortalGridProps {
  items: PortalItem[];
  selected: string | null;
  readOnly: boolean;
  /** The widget kind being dragged from the palette (the grid sizes the drop placeholder after it). */
  dragging?: PortalItem['jnpfKey'] | null;
  onSelect?: (k: string) => void;
  /** A widget was dragged to column x, row y. */
  onMove?: (key: string, x: number, y: number) => void;
  /** A palette widget was dropped at column x, row y. */
  onAdd?: (k: PortalItem['jnpfKey'], at: { x: number; y: number }) => void;
  /** A widget's corner was dragged: width in columns, height in px. */
  onResize?: (key: string, w: number, height: number) => void;
  onRemove?: (key: string) => void;
  renderWidget?: (item: PortalItem) => ReactNode;
}

/** The saved layout items as react-grid-layout items: x, y, w, h map one to one (24 columns, 10 px rows). */
export function toGridLayout(items: PortalItem[], readOnly: boolean): Layout {
  return items.map(
    (it): LayoutItem => ({
      i: String(it.i),
      x: it.x,
      y: it.y,
      w: it.w,
      h: it.h,
      minW: it.minW ?? L.minW,
      maxW: it.maxW ?? L.maxW,
      minH: Math.round(L.minHeight / ROW_PX),
      maxH: Math.round(L.maxHeight / ROW_PX),
      ...(readOnly ? { static: true } : {}),
    }),
  );
}

/**
 * The portal grid on react-grid-layout: 24 columns of 10 px rows, drag to move, the corner to resize,
 * palette widgets dropped in. The grid reports where a widget went; the designer's model (placeAt)
 * decides the final layout (width steps of 2, height 100..1000 px, pushed neighbours, compaction).
 */
export function PortalGrid(p: PortalGridProps) {
  const { width, containerRef } = useContainerWidth();
  const layout = useMemo(() => toGridLayout(p.items, p.readOnly), [p.items, p.readOnly]);
  const rows = Math.max(1, ...p.items.map((i) => i.y + i.h));
  const dropSize = p.dragging ? newWidget(p.dragging, '_') : null;
  const at = (item: LayoutItem | null | undefined) => item && { x: item.x, y: item.y };
  const gridRef = useRef<HTMLDivElement | null>(null);
  /** The cell under the pointer where a palette widget was let go (its top-left corner goes there). */
  const dropCell = (e: Event, item: LayoutItem | undefined) => {
    const g = gridRef.current;
    if (!g || !(e instanceof MouseEvent)) return at(item);
    const r = g.getBoundingClientRect();
    return {
      x: Math.max(0, Math.round((e.clientX - r.left) / (r.width / L.gridColumns))),
      y: Math.max(0, Math.round((e.clientY - r.top) / ROW_PX)),
    };
  };
  return (
    <div
      ref={containerRef}
      className="kp-portal-grid"
      data-testid={p.readOnly ? undefined : 'portal-grid-cells'}
      style={{
        backgroundImage: p.readOnly
          ? undefined
          : 'linear-gradient(to right, rgba(22,119,255,.06) 1px, transparent 1px)',
        backgroundSize: p.readOnly ? undefined : `calc(100% / ${L.gridColumns}) 100%`,
      }}
    >
      <style>{`.kp-portal-grid .react-grid-placeholder{background:rgba(22,119,255,.15);border-radius:4px}`}</style>
      <GridLayout
        width={width}
        layout={layout}
        gridConfig={{ cols: L.gridColumns, rowHeight: ROW_PX, margin: [0, 0], containerPadding: [0, 0] }}
        dragConfig={{ enabled: !p.readOnly, cancel: `.${NO_DRAG}` }}
        resizeConfig={{
          enabled: !p.readOnly,
          handles: ['se'],
          handleComponent: (axis, ref) => (
            <span
              ref={ref as React.Ref<HTMLSpanElement>}
              data-testid={`portal-resize-${axis}`}
              className={`react-resizable-handle react-resizable-handle-${axis}`}
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
          ),
        }}
        dropConfig={{
          enabled: !p.readOnly,
          defaultItem: { w: dropSize?.w ?? 12, h: dropSize?.h ?? 30 },
        }}
        compactor={verticalCompactor}
        // the grid itself is the drop target: at least 400 px tall while editing, even when empty
        style={{ position: 'relative', minHeight: Math.max(rows * ROW_PX, p.readOnly ? 0 : 400) }}
        onDragStop={(_layout, _old, item) => {
          const c = at(item);
          if (item && c) p.onMove?.(item.i, c.x, c.y);
        }}
        onResizeStop={(_layout, _old, item) => {
          if (item) p.onResize?.(item.i, item.w, item.h * ROW_PX);
        }}
        innerRef={gridRef}
        onDrop={(_layout, item, e) => {
          const c = dropCell(e, item);
          if (p.dragging && c) p.onAdd?.(p.dragging, c);
        }}
      >
        {p.items.map((it) => (
          <div
            key={String(it.i)}
            data-testid={`portal-item-${String(it.i)}`}
            data-kind={it.jnpfKey}
            data-x={it.x}
            data-y={it.y}
            data-w={it.w}
            data-height={it.height}
            className={`kp-portal-item kp-shadow-${it.shadow ?? 'always'}`}
            style={{ padding: 6, boxSizing: 'border-box' }}
          >
            <GridCard item={it} {...p} />
          </div>
        ))}
      </GridLayout>
    </div>
  );
}

function GridCard({
  item,
  selected,
  readOnly,
  onSelect,
  onRemove,
  renderWidget,
}: { item: PortalItem } & PortalGridProps) {
  const { t, lang } = useDesignerT();
  const key = String(item.i);
  const shadow = item.shadow ?? 'always';
  return (
    <div style={{ height: '100%', position: 'relative' }}>
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
        <button
          type="button"
          className={NO_DRAG}
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
      ) : null}
    </div>
  );
}

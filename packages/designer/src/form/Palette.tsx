import { memo } from 'react';
import { useDrag } from 'react-dnd';
import { useDesignerT } from '../i18n';
import { type DragItem, NEW_ITEM, useFormDesigner } from './context';
import { kindLabel } from './kindLabels';
import { BASIC, BUSINESS, LAYOUT } from './kinds';

const GROUPS: Array<[string, readonly string[]]> = [
  ['group.basic', BASIC],
  ['group.business', BUSINESS],
  ['group.layout', LAYOUT],
];

/** The left palette in three groups; drag an item onto the canvas, or click it to append. */
export const Palette = memo(function Palette() {
  const { t } = useDesignerT();
  return (
    <div
      className="kp-palette"
      data-testid="palette"
      style={{ width: 240, overflowY: 'auto', padding: 8, borderRight: '1px solid #eee' }}
    >
      {GROUPS.map(([title, keys]) => (
        <section key={title} data-group={title}>
          <div style={{ fontWeight: 600, margin: '8px 0 4px' }}>{t(title)}</div>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}>
            {keys.map((k) => (
              <PaletteItem key={k} jnpfKey={k} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
});

function PaletteItem({ jnpfKey }: { jnpfKey: string }) {
  const { store, dropAt } = useFormDesigner();
  const { lang } = useDesignerT();
  const [, drag] = useDrag<DragItem>(() => ({ type: NEW_ITEM, item: { jnpfKey } }), [jnpfKey]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable palette tile (react-dnd needs a plain element)
    <div
      ref={(el) => {
        drag(el);
      }}
      role="button"
      tabIndex={0}
      data-testid={`palette-${jnpfKey}`}
      onClick={() => dropAt({ jnpfKey }, { holderId: 'root', index: store.getConfig().fields.length })}
      onKeyDown={(e) => {
        if (e.key === 'Enter')
          dropAt({ jnpfKey }, { holderId: 'root', index: store.getConfig().fields.length });
      }}
      style={{
        border: '1px solid #e5e5e5',
        borderRadius: 4,
        padding: '4px 6px',
        fontSize: 12,
        cursor: 'move',
        background: '#fff',
      }}
    >
      {kindLabel(jnpfKey, lang)}
    </div>
  );
}

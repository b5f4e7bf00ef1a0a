import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useRender } from '../form/context';
import { type AnyField, cfg, childrenOf, keyOf, prop, text } from '../form/fieldUtil';
import { KpField, visibleOn } from '../form/KpField';
import { Card, Collapse, Tabs } from './lazyPanes';

/** rjsf renders each data property; the layout places those elements. Missing ones render directly. */
export type Contents = Map<string, ReactNode>;

interface NodeProps {
  field: AnyField;
  contents: Contents;
  defaultSpan: number;
  gutter: number;
  /** Many fields: render off-screen fields lazily (CSS content-visibility). */
  large?: boolean;
}

function Children({
  fields,
  contents,
  defaultSpan,
  gutter,
  large,
}: Omit<NodeProps, 'field'> & { fields: AnyField[] }) {
  return (
    <Row gutter={gutter}>
      {fields.map((f, i) => (
        <LayoutNode
          key={f.__vModel__ ?? `${keyOf(f)}-${String(cfg(f, 'formId') ?? i)}`}
          field={f}
          contents={contents}
          defaultSpan={defaultSpan}
          gutter={gutter}
          large={large}
        />
      ))}
    </Row>
  );
}

/**
 * One node of the config tree: row, card, tab, collapse (containers) or a field in its grid column.
 * groupTitle and divider are plain fields. A layout kind without a renderer throws (spec 3 §8).
 */
export function LayoutNode({ field, contents, defaultSpan, gutter, large }: NodeProps) {
  const { language, platform } = useRender();
  if (!visibleOn(field, platform)) return null;
  const k = keyOf(field);
  const span = cfg<number>(field, 'span') ?? defaultSpan;
  const inner = { contents, defaultSpan, gutter, large };
  let body: ReactNode;
  switch (k) {
    case 'row':
      body = (
        <Row
          gutter={prop<number>(field, 'gutter') ?? gutter}
          justify={(prop<string>(field, 'justify') ?? 'start') as 'start'}
          align={(prop<string>(field, 'align') ?? 'top') as 'top'}
        >
          {childrenOf(field).map((f, i) => (
            <LayoutNode
              key={f.__vModel__ ?? `${keyOf(f)}-${String(cfg(f, 'formId') ?? i)}`}
              field={f}
              {...inner}
            />
          ))}
        </Row>
      );
      break;
    case 'card':
      body = (
        <Card
          title={text(prop(field, 'header'), language) || undefined}
          hoverable={prop<string>(field, 'shadow') === 'hover'}
          style={{ marginBottom: 12 }}
        >
          <Children fields={childrenOf(field)} {...inner} />
        </Card>
      );
      break;
    case 'tab': {
      const panes = childrenOf(field);
      const pos = prop<string>(field, 'tabPosition') ?? 'top';
      body = (
        <Tabs
          type={
            prop<string>(field, 'type') === 'card' || prop<string>(field, 'type') === 'border-card'
              ? 'card'
              : 'line'
          }
          tabPlacement={(pos === 'left' ? 'start' : pos === 'right' ? 'end' : pos) as 'top'}
          defaultActiveKey={String(
            cfg(field, 'active') ?? (panes[0] as unknown as { name?: unknown })?.name ?? 0,
          )}
          items={panes.map((p, i) => {
            const pane = p as unknown as { title?: unknown; name?: unknown };
            return {
              key: String(pane.name ?? i),
              label: text(pane.title, language),
              forceRender: true,
              children: <Children fields={childrenOf(p)} {...inner} />,
            };
          })}
        />
      );
      break;
    }
    case 'collapse': {
      const panes = childrenOf(field);
      const active = cfg<unknown>(field, 'active');
      body = (
        <Collapse
          accordion={prop<boolean>(field, 'accordion') ?? false}
          defaultActiveKey={
            Array.isArray(active)
              ? active.map(String)
              : active != null
                ? [String(active)]
                : panes.map((p, i) => String((p as unknown as { name?: unknown }).name ?? i))
          }
          items={panes.map((p, i) => {
            const pane = p as unknown as { title?: unknown; name?: unknown };
            return {
              key: String(pane.name ?? i),
              label: text(pane.title, language),
              forceRender: true,
              children: <Children fields={childrenOf(p)} {...inner} />,
            };
          })}
        />
      );
      break;
    }
    default: {
      if (!field.__config__ || typeof k !== 'string') throw new Error('@kp/renderer: field without a kind');
      const vModel = field.__vModel__;
      body = (vModel && contents.get(vModel)) || <KpField field={field} />;
    }
  }
  // Large forms: off-screen fields skip style, layout and paint (content-visibility), so a keystroke costs
  // the browser about the same at 1,000 fields as at 10.
  const lazy = large && k !== 'row' && k !== 'card' && k !== 'tab' && k !== 'collapse' && k !== 'table';
  return (
    <Col
      span={span}
      style={lazy ? { contentVisibility: 'auto', containIntrinsicSize: 'auto 56px' } : undefined}
    >
      {body}
    </Col>
  );
}

export function Layout({
  fields,
  contents,
  defaultSpan,
  gutter,
}: Omit<NodeProps, 'field'> & { fields: AnyField[] }) {
  return <Children fields={fields} contents={contents} defaultSpan={defaultSpan} gutter={gutter} />;
}

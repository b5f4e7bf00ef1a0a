import { Alert, Button, Divider, Input, InputNumber, Space } from 'antd';
import type { CSSProperties } from 'react';
import { useRender } from '../form/context';
import { prop, text } from '../form/fieldUtil';
import { amountInWords } from './money';
import type { WidgetProps } from './types';

/** Number range (spec 3 §5): [min, max]; an empty list when both bounds are empty. */
export function numberRangeValue(min: number | null, max: number | null): (number | null)[] {
  return min == null && max == null ? [] : [min, max];
}

export function NumberRangeWidget({ field, value, onChange, disabled }: WidgetProps) {
  const { t } = useRender();
  const v = Array.isArray(value) ? (value as (number | null)[]) : [];
  const precision = prop<number>(field, 'precision');
  const set = (i: 0 | 1, n: number | null) => {
    const next: (number | null)[] = [v[0] ?? null, v[1] ?? null];
    next[i] = n;
    onChange(numberRangeValue(next[0], next[1]));
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        style={{ width: '50%' }}
        aria-label={t('min')}
        placeholder={t('min')}
        value={v[0] ?? null}
        precision={precision}
        disabled={disabled}
        onChange={(n) => set(0, n ?? null)}
      />
      <InputNumber
        style={{ width: '50%' }}
        aria-label={t('max')}
        placeholder={t('max')}
        value={v[1] ?? null}
        precision={precision}
        disabled={disabled}
        onChange={(n) => set(1, n ?? null)}
      />
    </Space.Compact>
  );
}

/** Calculate field: read-only, shows the value the engine computed (2 decimals by default). */
export function CalculateWidget({ field, value }: WidgetProps) {
  const precision = prop<number>(field, 'precision') ?? 2;
  const n = Number(value);
  const shown =
    value === '' || value == null || Number.isNaN(n) ? (0).toFixed(precision) : n.toFixed(precision);
  // Amount in words under the value when the field sets showChinese (as the expense-claim example does).
  const words = prop<boolean>(field, 'showChinese') === true ? amountInWords(shown) : '';
  return (
    <>
      <Input readOnly value={shown} className="kp-calculate" />
      {words ? <div className="kp-amount-words">{words}</div> : null}
    </>
  );
}

export function TextDisplay({ field }: WidgetProps) {
  const { language } = useRender();
  const style = (prop<Record<string, string | number>>(field, 'textStyle') ?? {}) as CSSProperties;
  return (
    <div className="kp-text" style={{ fontSize: 12, lineHeight: '32px', ...style }}>
      {text(prop(field, 'content'), language)}
    </div>
  );
}

export function LinkDisplay({ field }: WidgetProps) {
  const { language } = useRender();
  const href = prop<string>(field, 'href') ?? '';
  const safe = /^(https?:|mailto:|tel:|\/)/.test(href) ? href : undefined;
  return (
    <a href={safe} target={prop<string>(field, 'target') ?? '_blank'} rel="noopener noreferrer">
      {text(prop(field, 'content'), language)}
    </a>
  );
}

export function ButtonDisplay({ field, disabled }: WidgetProps) {
  const { language } = useRender();
  const type = prop<string>(field, 'type');
  return (
    <div style={{ textAlign: (prop<string>(field, 'align') ?? 'left') as CSSProperties['textAlign'] }}>
      <Button
        type={type === 'primary' ? 'primary' : 'default'}
        danger={type === 'danger'}
        disabled={disabled}
      >
        {text(prop(field, 'buttonText'), language)}
      </Button>
    </div>
  );
}

export function AlertDisplay({ field }: WidgetProps) {
  const { language } = useRender();
  return (
    <Alert
      title={text(prop(field, 'title'), language)}
      description={text(prop(field, 'description'), language) || undefined}
      type={(prop<string>(field, 'type') ?? 'success') as 'success'}
      showIcon={prop<boolean>(field, 'showIcon') ?? false}
      closable={prop<boolean>(field, 'closable') ?? true}
    />
  );
}

export function DividerDisplay({ field }: WidgetProps) {
  const { language } = useRender();
  const pos = prop<string>(field, 'contentPosition') ?? 'center';
  return (
    <Divider titlePlacement={(pos === 'left' ? 'start' : pos === 'right' ? 'end' : 'center') as 'center'}>
      {text(prop(field, 'content'), language)}
    </Divider>
  );
}

export function GroupTitleDisplay({ field }: WidgetProps) {
  const { language } = useRender();
  const pos = prop<string>(field, 'contentPosition') ?? 'left';
  return (
    <Divider titlePlacement={(pos === 'left' ? 'start' : pos === 'right' ? 'end' : 'center') as 'center'}>
      <span className="kp-group-title">{text(prop(field, 'content'), language)}</span>
    </Divider>
  );
}

// Colour picker, rate and slider: loaded on first use (see registry.ts).
import { ColorPicker, Rate, Slider } from 'antd';
import { prop } from '../form/fieldUtil';
import { num, str } from './basic';
import type { WidgetProps } from './types';

export function ColorWidget({ value, onChange, disabled }: WidgetProps) {
  return (
    <ColorPicker
      value={str(value) || undefined}
      onChange={(c) => onChange(c.toHexString())}
      disabled={disabled}
      allowClear
      onClear={() => onChange('')}
    />
  );
}

export function RateWidget({ field, value, onChange, disabled }: WidgetProps) {
  return (
    <Rate
      value={num(value) ?? 0}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      count={prop<number>(field, 'max') ?? 5}
      allowHalf={prop<boolean>(field, 'allowHalf') ?? false}
    />
  );
}

export function SliderWidget({ field, value, onChange, disabled }: WidgetProps) {
  const range = prop<boolean>(field, 'range') ?? false;
  const common = {
    disabled,
    min: prop<number>(field, 'min') ?? 0,
    max: prop<number>(field, 'max') ?? 100,
    step: prop<number>(field, 'step') ?? 1,
  };
  return range ? (
    <Slider
      {...common}
      range
      value={Array.isArray(value) ? (value as number[]) : [0, 0]}
      onChange={(v) => onChange(v)}
    />
  ) : (
    <Slider {...common} value={num(value) ?? 0} onChange={(v) => onChange(v)} />
  );
}

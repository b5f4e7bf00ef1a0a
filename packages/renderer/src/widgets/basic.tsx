import {
  Cascader,
  Checkbox,
  ColorPicker,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Switch,
  TimePicker,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useRender } from '../form/context';
import { cfg, prop, text } from '../form/fieldUtil';
import type { WidgetProps } from './types';
import { type Option, useOptions } from './useOptions';

const str = (v: unknown): string => (v == null ? '' : String(v));
const num = (v: unknown): number | null =>
  v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v);

export function TextInput({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  const { language } = useRender();
  const slot = field.__slot__ ?? {};
  return (
    <Input
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholder}
      maxLength={prop<number>(field, 'maxlength') || undefined}
      showCount={prop<boolean>(field, 'showWordLimit') ?? false}
      type={prop<boolean>(field, 'showPassword') ? 'password' : 'text'}
      allowClear={prop<boolean>(field, 'clearable') ?? false}
      prefix={slot.prepend ? text(slot.prepend, language) : undefined}
      suffix={slot.append ? text(slot.append, language) : undefined}
    />
  );
}

export function TextArea({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  const autosize = prop<{ minRows?: number; maxRows?: number }>(field, 'autosize');
  return (
    <Input.TextArea
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholder}
      autoSize={autosize ?? { minRows: 3 }}
      maxLength={prop<number>(field, 'maxlength') || undefined}
      showCount={prop<boolean>(field, 'showWordLimit') ?? false}
    />
  );
}

export function NumberInput({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  return (
    <InputNumber
      style={{ width: '100%' }}
      value={num(value)}
      onChange={(v) => onChange(v ?? null)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholder}
      min={prop<number>(field, 'min')}
      max={prop<number>(field, 'max')}
      step={prop<number>(field, 'step') ?? 1}
      precision={prop<number>(field, 'precision')}
      controls={prop<boolean>(field, 'controls') ?? true}
    />
  );
}

export function SwitchWidget({ field, value, onChange, disabled }: WidgetProps) {
  const { language } = useRender();
  const on = prop<unknown>(field, 'activeValue') ?? 1;
  const off = prop<unknown>(field, 'inactiveValue') ?? 0;
  return (
    <Switch
      checked={value === on || (on === 1 && value === true)}
      onChange={(c) => onChange(c ? on : off)}
      disabled={disabled}
      checkedChildren={text(prop(field, 'activeTxt'), language) || undefined}
      unCheckedChildren={text(prop(field, 'inactiveTxt'), language) || undefined}
    />
  );
}

export function RadioWidget({ field, value, onChange, disabled }: WidgetProps) {
  const options = useOptions(field);
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      optionType={prop<'default' | 'button'>(field, 'optionType') === 'button' ? 'button' : 'default'}
      options={options.map((o) => ({ label: o.label, value: o.value, disabled: disabled || o.disabled }))}
    />
  );
}

export function CheckboxWidget({ field, value, onChange, disabled }: WidgetProps) {
  const options = useOptions(field);
  return (
    <Checkbox.Group
      value={Array.isArray(value) ? value : []}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      options={options.map((o) => ({ label: o.label, value: o.value, disabled: disabled || o.disabled }))}
    />
  );
}

export function SelectWidget({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  const options = useOptions(field);
  const multiple = prop<boolean>(field, 'multiple') ?? false;
  return (
    <Select
      style={{ width: '100%' }}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
      onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholder}
      mode={multiple ? 'multiple' : undefined}
      allowClear={prop<boolean>(field, 'clearable') ?? true}
      showSearch={prop<boolean>(field, 'filterable') ? { optionFilterProp: 'label' } : undefined}
      options={options.map((o) => ({ label: o.label, value: o.value, disabled: disabled || o.disabled }))}
    />
  );
}

const cascaderOptions = (opts: Option[]): Record<string, unknown>[] =>
  opts.map((o) => ({
    label: o.label,
    value: o.value,
    disabled: o.disabled,
    children: o.children ? cascaderOptions(o.children) : undefined,
  }));

export function CascaderWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const options = useOptions(field);
  const multiple = prop<boolean>(field, 'multiple') ?? false;
  const C = Cascader as unknown as React.ComponentType<Record<string, unknown>>;
  return (
    <C
      style={{ width: '100%' }}
      value={Array.isArray(value) ? value : []}
      onChange={(v: unknown) => onChange(v ?? [])}
      disabled={disabled}
      placeholder={placeholder}
      multiple={multiple}
      showSearch={prop<boolean>(field, 'filterable') ?? false}
      options={cascaderOptions(options)}
    />
  );
}

export function TreeSelectWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const options = useOptions(field);
  const multiple = prop<boolean>(field, 'multiple') ?? false;
  const toTree = (os: Option[]): Record<string, unknown>[] =>
    os.map((o) => ({
      title: o.label,
      value: o.value,
      disabled: o.disabled,
      children: o.children ? toTree(o.children) : undefined,
    }));
  return (
    <TreeSelect
      style={{ width: '100%' }}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
      disabled={disabled}
      placeholder={placeholder}
      multiple={multiple}
      allowClear
      treeData={toTree(options)}
    />
  );
}

/** JNPF date format tokens (yyyy-MM-dd) to dayjs (YYYY-MM-DD). */
export const dayjsFormat = (fmt: string | undefined, fallback: string): string =>
  (fmt ?? fallback).replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');

const toDay = (v: unknown, valueFormat?: string): Dayjs | null => {
  if (v === '' || v == null) return null;
  const d =
    typeof v === 'number' || !valueFormat || valueFormat === 'timestamp'
      ? dayjs(v as number)
      : dayjs(v as string);
  return d.isValid() ? d : null;
};
const fromDay = (d: Dayjs | null, valueFormat?: string): unknown =>
  d
    ? !valueFormat || valueFormat === 'timestamp'
      ? d.valueOf()
      : d.format(dayjsFormat(valueFormat, 'YYYY-MM-DD'))
    : null;

export function DateWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const type = prop<string>(field, 'type') ?? 'date';
  const vf = prop<string>(field, 'valueFormat');
  const picker = (['week', 'month', 'year'].includes(type) ? type : 'date') as
    | 'date'
    | 'week'
    | 'month'
    | 'year';
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={toDay(value, vf)}
      onChange={(d) => onChange(fromDay(d, vf))}
      disabled={disabled}
      placeholder={placeholder}
      picker={picker}
      showTime={type === 'datetime'}
      format={dayjsFormat(
        prop<string>(field, 'format'),
        type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD',
      )}
    />
  );
}

export function TimeWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const format = prop<string>(field, 'format') ?? 'HH:mm:ss';
  return (
    <TimePicker
      style={{ width: '100%' }}
      value={value ? dayjs(`1970-01-01 ${value}`) : null}
      onChange={(d) => onChange(d ? d.format(format) : '')}
      disabled={disabled}
      placeholder={placeholder}
      format={format}
    />
  );
}

export function DateRangeWidget({ field, value, onChange, disabled }: WidgetProps) {
  const vf = prop<string>(field, 'valueFormat');
  const type = prop<string>(field, 'type') ?? 'daterange';
  const v = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      value={v.length === 2 ? [toDay(v[0], vf), toDay(v[1], vf)] : null}
      onChange={(ds) => onChange(ds ? [fromDay(ds[0], vf), fromDay(ds[1], vf)] : [])}
      disabled={disabled}
      picker={type === 'monthrange' ? 'month' : 'date'}
      showTime={type === 'datetimerange'}
    />
  );
}

export function TimeRangeWidget({ field, value, onChange, disabled }: WidgetProps) {
  const format = prop<string>(field, 'format') ?? 'HH:mm:ss';
  const v = Array.isArray(value) ? value : [];
  return (
    <TimePicker.RangePicker
      style={{ width: '100%' }}
      value={v.length === 2 ? [dayjs(`1970-01-01 ${v[0]}`), dayjs(`1970-01-01 ${v[1]}`)] : null}
      onChange={(ds) => onChange(ds?.[0] && ds[1] ? [ds[0].format(format), ds[1].format(format)] : [])}
      disabled={disabled}
      format={format}
    />
  );
}

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

/**
 * Read-only text for values assigned elsewhere (bill numbers, system fields). A bill-number field that is
 * empty in create mode shows the next number of its rule from `providers.billNumber` (the server assigns
 * the final one on save).
 */
export function ReadonlyText({ field, value, cell }: WidgetProps) {
  const { t, providers, mode, store, language } = useRender();
  // Only the field's own placeholder: the generic 请输入 would wrongly invite typing.
  const placeholder = text(prop(field, 'placeholder'), language);
  const isBill = cfg(field, 'jnpfKey') === 'billRule';
  const rule = cfg<string>(field, 'rule');
  const key = field.__vModel__;
  const empty = value == null || value === '';
  useEffect(() => {
    if (!isBill || !rule || !key || cell || mode !== 'create' || !empty) return;
    let alive = true;
    providers.billNumber(rule).then(
      (n) => {
        if (alive && (store.getValue(key) == null || store.getValue(key) === ''))
          store.setComputed({ [key]: n });
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [isBill, rule, key, cell, mode, empty, providers, store]);
  const v = Array.isArray(value) ? value.join('/') : str(value);
  return (
    <Input
      readOnly
      disabled
      value={v}
      placeholder={placeholder || (isBill ? t('billRulePlaceholder') : t('systemPlaceholder'))}
    />
  );
}

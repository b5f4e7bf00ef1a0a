import { Checkbox, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useRender } from '../form/context';
import { cfg, prop, text } from '../form/fieldUtil';
import type { WidgetProps } from './types';
import { useOptions } from './useOptions';

export const str = (v: unknown): string => (v == null ? '' : String(v));
export const num = (v: unknown): number | null =>
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

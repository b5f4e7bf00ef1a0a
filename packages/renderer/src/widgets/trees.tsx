// Cascader and tree select: loaded on first use (see registry.ts).
import { Cascader, TreeSelect } from 'antd';
import { prop } from '../form/fieldUtil';
import type { WidgetProps } from './types';
import { type Option, useOptions } from './useOptions';

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

// Date and time pickers: loaded on first use (see registry.ts).
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { prop } from '../form/fieldUtil';
import type { WidgetProps } from './types';

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

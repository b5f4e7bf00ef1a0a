import type { ComponentType } from 'react';
import type { AnyField } from '../form/fieldUtil';

export interface WidgetProps {
  field: AnyField;
  value: unknown;
  /** `extra` reaches the field's on-change script (e.g. the address picker's id/name pairs). */
  onChange(value: unknown, extra?: unknown): void;
  onBlur?(): void;
  disabled: boolean;
  placeholder: string;
  /** Set when the widget is a sub-table cell. */
  cell?: { table: string; row: number };
}

export type Widget = ComponentType<WidgetProps>;

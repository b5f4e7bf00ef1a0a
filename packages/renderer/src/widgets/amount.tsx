import { Input } from 'antd';
import { useState } from 'react';
import { prop } from '../form/fieldUtil';
import { amountInWords, formatAmount } from './money';
import type { WidgetProps } from './types';

/**
 * Amount input (spec 3 §5): shows the raw value while focused and the value formatted with the currency
 * symbol and decimals (default 2) on blur; clearing emits ''. With showChinese the amount in words is shown.
 */
export function AmountWidget({ field, value, onChange, onBlur, disabled, placeholder }: WidgetProps) {
  const precision = prop<number>(field, 'precision') ?? 2;
  const symbol = prop<string>(field, 'currencySymbol') ?? '¥';
  const thousands = prop<boolean>(field, 'thousands') ?? true;
  const showChinese = prop<boolean>(field, 'showChinese') ?? true;
  const [focused, setFocused] = useState(false);
  const [draft, setDraft] = useState('');
  const raw = value === '' || value == null ? '' : String(value);
  const shown = focused ? draft : raw === '' ? '' : formatAmount(raw, { precision, symbol, thousands });
  const words = showChinese && raw !== '' ? amountInWords(raw) : '';
  return (
    <div className="kp-amount">
      <Input
        value={shown}
        disabled={disabled}
        placeholder={placeholder}
        inputMode="decimal"
        onFocus={() => {
          setDraft(raw);
          setFocused(true);
        }}
        onChange={(e) => {
          const t = e.target.value.replace(/[^\d.-]/g, '');
          setDraft(t);
          if (t === '') onChange('');
          else if (/^-?\d*\.?\d*$/.test(t) && !Number.isNaN(Number(t))) onChange(Number(t));
        }}
        onBlur={() => {
          setFocused(false);
          onBlur?.();
        }}
      />
      {words ? <div className="kp-amount-words">{words}</div> : null}
    </div>
  );
}

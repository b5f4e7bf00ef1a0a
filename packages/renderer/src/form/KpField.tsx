import { Form } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useFieldError, useFieldValue } from '../store/formStore';
import { SubTable } from '../table/SubTable';
import { widgetEntry, widgetOf } from '../widgets/registry';
import { fieldCrashed, RenderGuard } from './configProblems';
import { useRender } from './context';
import { placeholderOf, triggersOf, useFieldState } from './fieldState';
import { type AnyField, cfg, keyOf, labelOf } from './fieldUtil';

export { type FieldState, placeholderOf, triggersOf, useFieldState, visibleOn } from './fieldState';

export const KpField = memo(function KpField({ field }: { field: AnyField }) {
  const ctx = useRender();
  const key = field.__vModel__ ?? '';
  const jnpfKey = keyOf(field);
  const value = useFieldValue(ctx.store, key);
  const error = useFieldError(ctx.store, key);
  const state = useFieldState(field, ctx);
  const triggers = useMemo(() => triggersOf(field), [field]);
  const onChange = useCallback(
    (v: unknown, extra?: unknown) => {
      ctx.store.setValue(key, v);
      ctx.fieldChanged(key, extra === undefined ? v : { value: v, extra });
      if (triggers.change || (triggers.blur && widgetEntry(jnpfKey)?.commit)) ctx.validateField(key);
    },
    [ctx, key, triggers, jnpfKey],
  );
  const onBlur = useCallback(() => {
    if (triggers.blur) ctx.validateField(key);
  }, [ctx, key, triggers]);
  if (state.hidden) return null;
  // a widget that throws on its config shows a message naming the field; the rest of the form stays
  const crashed = fieldCrashed(labelOf(field, ctx.language) || key || jnpfKey, ctx.t);
  if (jnpfKey === 'table')
    return (
      <RenderGuard fallback={crashed} resetKey={field}>
        <SubTable field={field} state={state} />
      </RenderGuard>
    );
  const Widget = widgetOf(jnpfKey); // an unknown kind draws a message naming the field
  const widget = (
    <RenderGuard fallback={crashed} resetKey={field}>
      <Widget
        field={field}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={state.disabled}
        placeholder={placeholderOf(field, ctx)}
      />
    </RenderGuard>
  );
  if (widgetEntry(jnpfKey)?.noLabel) return <div className={`kp-field kp-${jnpfKey}`}>{widget}</div>;
  const showLabel = cfg<boolean>(field, 'showLabel') ?? true;
  return (
    <FieldItem
      jnpfKey={jnpfKey}
      vModel={key}
      label={showLabel ? labelOf(field, ctx.language) : undefined}
      labelWidth={cfg<number>(field, 'labelWidth') ?? ctx.labelWidth}
      labelAlign={ctx.labelAlign}
      required={state.required}
      error={error}
    >
      {widget}
    </FieldItem>
  );
});

/** Controls a field label names (radios and checkboxes keep the names of their own options). */
const CONTROLS =
  'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, select, [role="combobox"], [role="switch"], [role="slider"], [role="spinbutton"], [role="textbox"], [contenteditable="true"]';
const LABELABLE = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']);

/**
 * Names the field's controls by its label: the label's `for` points at the first labelable control (its own
 * id, or one given here) and every control gets `aria-labelledby`, so selects, pickers and widgets that
 * mount later (lazy widgets, date ranges) are named too. Runs on mount and when the control's subtree changes.
 */
function useLabelBinding(itemRef: RefObject<HTMLDivElement | null>, labelId: string, controlId: string) {
  useLayoutEffect(() => {
    const item = itemRef.current;
    if (!item) return;
    const bind = () => {
      const label = document.getElementById(labelId)?.closest('label');
      if (!label) return;
      let first = true;
      for (const el of item.querySelectorAll<HTMLElement>(CONTROLS)) {
        if (el.closest('[data-kp-no-label]')) continue;
        if (!el.hasAttribute('aria-label') && el.getAttribute('aria-labelledby') !== labelId)
          el.setAttribute('aria-labelledby', labelId);
        if (first && LABELABLE.has(el.tagName)) {
          if (!el.id) el.id = controlId;
          if (label.htmlFor !== el.id) label.htmlFor = el.id;
          first = false;
        }
      }
    };
    bind();
    const observer = new MutationObserver(bind);
    observer.observe(item, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [itemRef, labelId, controlId]);
}

/**
 * One labelled field on antd's own Form.Item (its styles: label column, required mark, red error text,
 * spacing). The field's value, rules and errors stay in the renderer's store; the item only shows them.
 */
export function FieldItem(props: {
  jnpfKey: string;
  vModel: string;
  label?: string;
  labelWidth?: number;
  labelAlign: 'left' | 'right';
  required: boolean;
  error?: string;
  children: ReactNode;
}) {
  const { jnpfKey, vModel, label, labelWidth, labelAlign, required, error, children } = props;
  const id = useId();
  const itemRef = useRef<HTMLDivElement>(null);
  const labelId = `${id}-label`;
  useLabelBinding(itemRef, labelId, `${id}-control`);
  return (
    <div ref={itemRef} className={`kp-field kp-${jnpfKey}`}>
      <Form.Item
        data-field={vModel}
        label={label !== undefined ? <span id={labelId}>{label}</span> : undefined}
        labelCol={labelWidth ? { flex: `0 0 ${labelWidth}px` } : undefined}
        labelAlign={labelAlign}
        colon={false}
        required={required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span role="alert">{error}</span> : undefined}
      >
        {children}
      </Form.Item>
    </div>
  );
}

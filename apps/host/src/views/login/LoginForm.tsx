import { isVisible } from '@rc-component/util';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { SizeContextProvider } from 'antd/es/config-provider/SizeContext';
import { FormItemInputContext } from 'antd/es/form/context';
import FormItemInput from 'antd/es/form/FormItemInput';
import useDebounce from 'antd/es/form/hooks/useDebounce';
import useFormStyle from 'antd/es/form/style';
import Row from 'antd/es/grid/row';
import {
  type ChangeEvent,
  createContext,
  type FormEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The login form: antd's Form markup, styles, error list (with its motion) and input status, without antd's
 * Form and Form.Item. Those bring the form store and async-validator, and Form.Item its label with a tooltip
 * (the popup machinery), which a three-field form with one rule each does not use; together they were a sixth
 * of the login page's first load. Behaves as antd's: a field is checked when it changes and every field on
 * submit, its message fades in under it, onFinish gets the values once all pass.
 */

/** A field's rule: the message when the value is not accepted, else undefined. */
export type Check = (value: string) => string | undefined;

interface Field {
  value: string;
  errors: string[];
  touched: boolean;
}

type ItemStatus = '' | 'error' | 'success';

/** One empty list for every field without errors (the error list compares lists by identity). */
const NO_ERRORS: string[] = [];
const UNTOUCHED: Field = { value: '', errors: NO_ERRORS, touched: false };

interface Registry {
  fields: Record<string, Field>;
  checks: Map<string, Check>;
  change: (name: string, value: string) => void;
}
const FormCtx = createContext<Registry | null>(null);

/** The form's state: values, each field's errors, and submit (checks the fields rendered now). */
export function useLoginForm<V extends Record<string, string | undefined>>(onFinish: (values: V) => void) {
  const [fields, setFields] = useState<Record<string, Field>>({});
  const checks = useRef(new Map<string, Check>()).current;
  const run = (name: string, value: string) => checks.get(name)?.(value);
  const change = (name: string, value: string) =>
    setFields((f) => {
      const error = run(name, value);
      return { ...f, [name]: { value, errors: error ? [error] : NO_ERRORS, touched: true } };
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = { ...fields };
    let ok = true;
    const values: Record<string, string | undefined> = {};
    for (const name of checks.keys()) {
      const value = fields[name]?.value ?? '';
      const error = run(name, value);
      if (error) ok = false;
      const was = fields[name]?.errors ?? NO_ERRORS;
      const errors = !error ? NO_ERRORS : was.length === 1 && was[0] === error ? was : [error];
      next[name] = { value, errors, touched: fields[name]?.touched ?? false };
    }
    for (const [name, f] of Object.entries(fields)) values[name] = f.value;
    setFields(next);
    if (ok) onFinish(values as V);
  };
  const registry: Registry = { fields, checks, change };
  return { registry, onSubmit };
}

export function LoginForm(props: {
  registry: Registry;
  onSubmit: (e: FormEvent) => void;
  size: 'large';
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { getPrefixCls } = useComponentConfig('form');
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const className = [
    prefixCls,
    `${prefixCls}-horizontal`,
    `${prefixCls}-${props.size}`,
    cssVarCls,
    rootCls,
    hashId,
  ].join(' ');
  return (
    <SizeContextProvider size={props.size}>
      <FormCtx.Provider value={props.registry}>
        <form
          autoComplete="off"
          data-testid={props['data-testid']}
          className={className}
          onSubmit={props.onSubmit}
        >
          {props.children}
        </form>
      </FormCtx.Provider>
    </SizeContextProvider>
  );
}

interface ControlProps {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A field (name and check) drawing its control through `render`; `noStyle` only feeds the control (its errors
 * show in the enclosing item), else it is a whole antd form item: status, message and the margin that keeps
 * the layout from jumping while the message moves in and out.
 */
export function LoginField(props: {
  name: string;
  check: Check;
  required?: boolean;
  noStyle?: boolean;
  render: (control: ControlProps) => ReactElement;
}) {
  const form = useContext(FormCtx);
  if (!form) throw new Error('LoginField outside LoginForm');
  const { name, check } = props;
  form.checks.set(name, check);
  useLayoutEffect(() => {
    form.checks.set(name, check);
    return () => {
      form.checks.delete(name);
    };
  }, [form.checks, name, check]);
  const field = form.fields[name] ?? UNTOUCHED;
  const status: ItemStatus = field.errors.length ? 'error' : field.touched ? 'success' : '';
  const control = props.render({
    id: name,
    value: field.value,
    onChange: (e) => form.change(name, e.target.value),
    ...(props.required ? { 'aria-required': true } : {}),
    ...(field.errors.length ? { 'aria-describedby': `${name}_help`, 'aria-invalid': true } : {}),
  });
  const inputContext = useMemo(
    () => ({ status, errors: field.errors, warnings: [], hasFeedback: false, isFormItemInput: true, name }),
    [status, field.errors, name],
  );
  const provided = (
    <FormItemInputContext.Provider value={inputContext}>{control}</FormItemInputContext.Provider>
  );
  if (props.noStyle) return provided;
  return (
    <LoginItem errors={field.errors} status={status} fieldId={name}>
      {provided}
    </LoginItem>
  );
}

/** A form item; one without a field of its own shows the errors of the noStyle field it wraps (`errorsOf`). */
export function LoginItem(props: {
  errors?: string[];
  errorsOf?: string;
  status?: ItemStatus;
  fieldId?: string;
  children: ReactNode;
}) {
  const form = useContext(FormCtx);
  const { getPrefixCls } = useComponentConfig('form');
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const itemPrefixCls = `${prefixCls}-item`;
  const errors = useDebounce(
    props.errors ?? (props.errorsOf ? form?.fields[props.errorsOf]?.errors : undefined) ?? NO_ERRORS,
  );
  const itemRef = useRef<HTMLDivElement>(null);
  const hasError = errors.length > 0;
  const isOnScreen = !!itemRef.current && isVisible(itemRef.current);
  const [marginBottom, setMarginBottom] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as antd's item: measured again once it is on screen
  useLayoutEffect(() => {
    if (hasError && itemRef.current) {
      setMarginBottom(Number.parseInt(getComputedStyle(itemRef.current).marginBottom, 10));
    }
  }, [hasError, isOnScreen]);
  const status = props.status ?? '';
  const className = [
    itemPrefixCls,
    cssVarCls,
    rootCls,
    hashId,
    hasError && `${itemPrefixCls}-with-help`,
    status === 'success' && `${itemPrefixCls}-has-success`,
    status === 'error' && `${itemPrefixCls}-has-error`,
    `${itemPrefixCls}-horizontal`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} ref={itemRef}>
      <Row className={`${itemPrefixCls}-row`}>
        <FormItemInput
          prefixCls={prefixCls}
          status={status}
          errors={errors}
          warnings={[]}
          fieldId={props.fieldId}
          marginBottom={marginBottom}
          onErrorVisibleChanged={(visible) => {
            if (!visible && !hasError) setMarginBottom(null);
          }}
        >
          {props.children}
        </FormItemInput>
      </Row>
      {!!marginBottom && (
        <div className={`${itemPrefixCls}-margin-offset`} style={{ marginBottom: -marginBottom }} />
      )}
    </div>
  );
}

import { type FieldAccess, fieldAccessOf, loadSafeRegex, needsSafeRegex, operatesById } from '@kp/engine';
import type { FormConfig, Language } from '@kp/schema';
import Form from '@rjsf/core';
import { Form as AntForm, message as antMessage, Button, ConfigProvider, Space } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import {
  forwardRef,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createTranslate, LocaleContext, type LocaleValue } from '../i18n/i18n';
import type { FormProviders } from '../providers/types';
import { loadedSandbox, loadSandbox } from '../sandbox/load';
import type { AsyncScriptApi, ScriptApi } from '../sandbox/sandbox';
import { type Data, type FieldUiState, FormStore } from '../store/formStore';
import { ConfigProblems, drawableFields, formCrashedBy, RenderGuard } from './configProblems';
import { type FormMode, type MessageType, RenderContext, type RenderContextValue } from './context';
import { compile, recalc, rendererLayers, splitErrors, validate } from './engineAdapter';
import { type AnyField, type FormOperate, indexFields } from './fieldUtil';
import { buildUiSchema, LayoutInfoContext, RJSF_FIELDS, RJSF_TEMPLATES } from './rjsfBridge';
import { rjsfValidator } from './rjsfValidator';

export type SubmitKind = 'submit' | 'save';

export interface SubmitContext {
  kind: SubmitKind;
  /** Call after the host finished the submit: runs the form's afterSubmit script with `result`. */
  afterSubmit(result?: unknown): void;
}

export interface FormRendererProps {
  config: FormConfig;
  /** Initial data (merged over the config's defaults). A new object that differs from the last emitted data reloads the form. */
  value?: Data;
  onChange?(data: Data): void;
  onSubmit?(data: Data, ctx: SubmitContext): void | Promise<void>;
  mode?: FormMode;
  providers: FormProviders;
  /** Per-field permissions: {id (vModel, or `table-column`), read, write, required}. */
  formOperates?: FormOperate[];
  language?: Language;
  /** Which visibility applies (default pc). */
  platform?: 'pc' | 'app';
  /** Shows the submit and reset buttons (default true, never in view mode). */
  showButtons?: boolean;
  /** Calculation debounce in ms (spec: 500). */
  calcDebounceMs?: number;
}

export interface FormRendererHandle {
  /** The submit pipeline; resolves true when onSubmit was called. */
  submit(): Promise<boolean>;
  /** Like submit, but skips form validation (checks only the sub-table data). */
  save(): Promise<boolean>;
  /** Restores the initial config and clears the fields. */
  reset(): void;
  getData(): Data;
  setData(data: Data): void;
  /** Runs every rule and shows the messages; returns path -> message. */
  validate(): Record<string, string>;
  store: FormStore;
}

const ANTD_LOCALES = { zh: zhCN, zhtw: zhTW, en: enUS } as const;

/** Same content (plain JSON data), so a host re-render with an equal inline value is not a reload. */
function sameData(a: Data, b: Data): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function FormRendererInner(props: FormRendererProps, ref: Ref<FormRendererHandle>) {
  const {
    config: given,
    value,
    onChange,
    onSubmit,
    mode = 'create',
    providers,
    formOperates,
    language = 'zh',
    platform = 'pc',
    showButtons = true,
    calcDebounceMs = 500,
  } = props;
  // antd's message hook (not App, which would also bring notification and modal)
  const [messageApi, messageHolder] = antMessage.useMessage();
  const locale = useMemo<LocaleValue>(() => ({ language, t: createTranslate(language) }), [language]);
  const compiled = useMemo(() => compile(given, language), [given, language]);
  const config = compiled.config; // the given one, or an empty form when that is not an object
  // a bad config is shown, not thrown: its problems above the form, entries that are not fields left out
  const fields = useMemo(() => drawableFields(config.fields), [config]);
  // patterns compiled before RE2 was in are checked again once it is (see startRegexLoad)
  const [regexChecked, setRegexChecked] = useState(false);
  const issues = useMemo(
    () => (regexChecked ? compile(given, language).errors : compiled.errors),
    [regexChecked, given, language, compiled],
  );
  const fieldsByModel = useMemo(() => indexFields(fields), [fields]);
  const tables = useMemo(() => compiled.tables.map((t) => t.vModel), [compiled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new store only for a new config; value syncs below
  const store = useMemo(
    () => new FormStore({ ...compiled.defaults, ...(value ?? {}) }, tables),
    [compiled, tables],
  );
  const initialData = useMemo(() => store.getData(), [store]);
  const lastEmitted = useRef<Data | undefined>(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onSubmitRef = useRef(onSubmit);
  onSubmitRef.current = onSubmit;

  // Host value -> store: only a value that is neither the data we emitted nor equal in content to the previous
  // value prop reloads the form (so an inline `value={{...}}` does not reset what the user typed).
  const lastValueProp = useRef(value);
  useEffect(() => {
    const prev = lastValueProp.current;
    lastValueProp.current = value;
    if (!value || value === prev || value === lastEmitted.current || value === store.getData()) return;
    if (prev && sameData(prev, value)) return;
    lastEmitted.current = value;
    store.setData({ ...compiled.defaults, ...value });
  }, [value, store, compiled]);

  const message = useCallback(
    (text: string, type: MessageType = 'info') => {
      void messageApi.open({ type, content: text, duration: 1.5 });
    },
    [messageApi],
  );

  // Calculated fields: only the dependants of the changed fields, debounced.
  const pending = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushCalc = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
    if (pending.current.size === 0) return;
    const changed = [...pending.current];
    pending.current.clear();
    const patch = recalc(compiled, store.getData(), changed);
    if (patch) store.setComputed(patch);
  }, [compiled, store]);

  useEffect(
    () =>
      store.onChange((key, data) => {
        lastEmitted.current = data;
        onChangeRef.current?.(data);
        if (compiled.calcs.length === 0) return;
        pending.current.add(key);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(flushCalc, calcDebounceMs);
      }),
    [store, compiled, flushCalc, calcDebounceMs],
  );
  useEffect(() => () => timer.current && clearTimeout(timer.current), []);

  // Form scripts run in the sandbox with this API.
  const scriptApi = useMemo<ScriptApi & AsyncScriptApi>(
    () => ({
      getFormData: () => store.getData(),
      setFormData: (d) => {
        for (const [k, v] of Object.entries(d ?? {})) store.setValue(k, v);
      },
      setFieldValue: (k, v) => store.setValue(String(k), v),
      show: (k) => store.setUi(String(k), { hidden: false }),
      hide: (k) => store.setUi(String(k), { hidden: true }),
      setRequired: (k, r) => store.setUi(String(k), { required: Boolean(r) }),
      setDisabled: (k, d) => store.setUi(String(k), { disabled: Boolean(d) }),
      message: (text, type) => message(String(text), (type as MessageType) ?? 'info'),
      callInterface: (id, params) => providers.dataInterface(id, params),
      request: (url, method, data) =>
        providers.request
          ? providers.request(url, (method || 'GET').toUpperCase(), data)
          : Promise.reject(new Error('request is not available')),
    }),
    [store, message, providers],
  );
  /**
   * Runs a form script. `current`, when given, tells whether this run is still the latest for its event: a
   * superseded run (the field changed again while it waited for a call) keeps reading but its changes and
   * messages are dropped, so an older answer never overwrites a newer one.
   */
  const run = useCallback(
    async (code: unknown, data: unknown, current?: () => boolean): Promise<unknown> => {
      if (typeof code !== 'string' || code.trim() === '') return undefined;
      const api: ScriptApi & AsyncScriptApi = current
        ? {
            ...scriptApi,
            setFormData: (d) => current() && scriptApi.setFormData(d),
            setFieldValue: (k, v) => current() && scriptApi.setFieldValue(k, v),
            show: (k) => current() && scriptApi.show(k),
            hide: (k) => current() && scriptApi.hide(k),
            setRequired: (k, r) => current() && scriptApi.setRequired(k, r),
            setDisabled: (k, d) => current() && scriptApi.setDisabled(k, d),
            message: (t, ty) => current() && scriptApi.message(t, ty),
          }
        : scriptApi;
      try {
        // the interpreter (js-interpreter) is fetched with the first script a form runs
        const sandbox = loadedSandbox() ?? (await loadSandbox());
        return await sandbox.runScriptAsync(code, data, api);
      } catch (e) {
        if (!current || current())
          message(locale.t('scriptError', { message: (e as Error).message }), 'error');
        return false;
      }
    },
    [scriptApi, message, locale],
  );

  const funcs = (config.funcs ?? {}) as Record<string, unknown>;
  // biome-ignore lint/correctness/useExhaustiveDependencies: onLoad runs once per store (config)
  useEffect(() => {
    void run(funcs.onLoad, store.getData());
  }, [store]);

  // The form model's layers (validation runs on them, the server on the same without the scripts).
  const layers = useMemo(
    () => rendererLayers(platform, formOperates, store),
    [platform, formOperates, store],
  );
  // One field's layers for painting it (its own ui state given, so the field re-renders on a script's change).
  const byPath = useMemo(() => new Map(compiled.fields.map((f) => [f.path, f])), [compiled]);
  const opsById = useMemo(() => operatesById(formOperates), [formOperates]);
  const fieldAccess = useCallback(
    (path: string, ui: FieldUiState | undefined): FieldAccess | undefined => {
      const f = byPath.get(path);
      if (!f) return undefined;
      const table = f.table ? byPath.get(f.table) : undefined;
      const parent = table ? fieldAccessOf(table, layers, opsById) : undefined;
      return fieldAccessOf(f, { platform, scripts: () => ui }, opsById, parent);
    },
    [byPath, opsById, layers, platform],
  );

  const computeErrors = useCallback(
    (only?: string): Record<string, string> => {
      if (only === undefined) flushCalc();
      return validate(compiled, store.getData(), layers, 'submit', only);
    },
    [compiled, store, layers, flushCalc],
  );

  // User patterns (regList) run on RE2, fetched lazily: with the user's first focus or click in a form that has
  // patterns, and awaited before any validation that needs them (see @kp/engine loadSafeRegex).
  const regexPending = useMemo(() => needsSafeRegex(compiled), [compiled]);
  const loadRegex = useCallback(
    () =>
      loadSafeRegex().then(
        () => setRegexChecked(true),
        () => undefined,
      ),
    [],
  );
  const startRegexLoad = useCallback(() => {
    if (regexPending) void loadRegex();
  }, [regexPending, loadRegex]);
  const regexReady = useCallback(
    (): Promise<unknown> | null => (needsSafeRegex(compiled) ? loadRegex() : null),
    [compiled, loadRegex],
  );

  const validateField = useCallback(
    (key: string) => {
      const wait = regexReady();
      if (wait) void wait.then(() => store.setError(key, computeErrors(key)[key]));
      else store.setError(key, computeErrors(key)[key]);
    },
    [computeErrors, store, regexReady],
  );

  // Latest on-change run per field (and row): see `run`.
  const changeRuns = useRef(new Map<string, number>());
  const fieldChanged = useCallback(
    (key: string, data: unknown) => {
      const [top, col] = key.split('.');
      const f = fieldsByModel.get(top);
      const target = col
        ? (f?.__config__.children as AnyField[] | undefined)?.find((c) => c.__vModel__ === col)
        : f;
      const onChangeScript = (target as Record<string, unknown> | undefined)?.on as
        | Record<string, unknown>
        | undefined;
      if (onChangeScript?.change) {
        const rowIndex = (data as { rowIndex?: number } | null)?.rowIndex;
        const slot = rowIndex === undefined ? key : `${key}#${rowIndex}`;
        const seq = (changeRuns.current.get(slot) ?? 0) + 1;
        changeRuns.current.set(slot, seq);
        void run(onChangeScript.change, data, () => changeRuns.current.get(slot) === seq);
      }
      if (store.getError(key)) store.setError(key, undefined);
    },
    [fieldsByModel, run, store],
  );

  const pipeline = useCallback(
    async (kind: SubmitKind): Promise<boolean> => {
      await regexReady();
      // 1. Sub-table validation.
      const all = computeErrors();
      const { table, form } = splitErrors(all, tables);
      if (Object.keys(table).length) {
        store.setErrors(table);
        return false;
      }
      // 2. beforeSubmit (returning false stops the submit).
      if ((await run(funcs.beforeSubmit, store.getData())) === false) return false;
      // 3. Form validation (skipped by save). Re-run: the script may have changed data or rules.
      if (kind === 'submit') {
        const again = splitErrors(computeErrors(), tables);
        const errs = { ...again.table, ...again.form };
        if (Object.keys(errs).length) {
          store.setErrors(errs);
          return false;
        }
      } else void form;
      store.setErrors({});
      // 4. Submit, with afterSubmit as a callback.
      await onSubmitRef.current?.(store.getData(), {
        kind,
        afterSubmit: (result) => void run(funcs.afterSubmit, result ?? store.getData()),
      });
      return true;
    },
    [computeErrors, tables, store, run, funcs.beforeSubmit, funcs.afterSubmit, regexReady],
  );

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    pending.current.clear();
    store.clearUi();
    store.setErrors({});
    store.setData(structuredClone(compiled.defaults));
  }, [store, compiled]);

  useImperativeHandle(
    ref,
    () => ({
      submit: () => pipeline('submit'),
      save: () => pipeline('save'),
      reset,
      getData: () => store.getData(),
      setData: (d) => store.setData({ ...compiled.defaults, ...d }),
      validate: () => {
        // synchronous: a pattern still waiting for RE2 fails closed; submit() and save() wait for it
        void regexReady();
        const errs = computeErrors();
        store.setErrors(errs);
        return errs;
      },
      store,
    }),
    [pipeline, reset, store, compiled, computeErrors, regexReady],
  );

  const ctx = useMemo<RenderContextValue>(
    () => ({
      store,
      providers,
      language,
      t: locale.t,
      mode,
      formDisabled: mode === 'view' || config.disabled === true,
      fieldsByModel,
      platform,
      fieldAccess,
      labelWidth: config.labelPosition === 'top' ? undefined : (config.labelWidth ?? 100),
      labelAlign: config.labelPosition === 'left' ? 'left' : 'right',
      fieldChanged,
      validateField,
      message,
    }),
    [
      store,
      providers,
      language,
      locale,
      mode,
      config.disabled,
      fieldsByModel,
      platform,
      fieldAccess,
      config.labelPosition,
      config.labelWidth,
      fieldChanged,
      validateField,
      message,
    ],
  );

  const schema = compiled.schema as Record<string, unknown>;
  const uiSchema = useMemo(() => buildUiSchema(schema), [schema]);
  const layout = useMemo(
    () => ({ fields, defaultSpan: config.span ?? 24, gutter: config.gutter ?? 15 }),
    [fields, config.span, config.gutter],
  );
  const formCrashed = useMemo(() => formCrashedBy(locale.t), [locale]);
  const labelPosition = config.labelPosition ?? 'right';
  const labelWidth = config.labelWidth ?? 100;

  return (
    <LocaleContext.Provider value={locale}>
      {messageHolder}
      <ConfigProblems issues={issues} t={locale.t} />
      <RenderContext.Provider value={ctx}>
        <LayoutInfoContext.Provider value={layout}>
          <AntForm
            component="div"
            className="kp-form"
            onFocusCapture={startRegexLoad}
            onPointerDownCapture={startRegexLoad}
            layout={labelPosition === 'top' ? 'vertical' : 'horizontal'}
            labelAlign={labelPosition === 'left' ? 'left' : 'right'}
            labelCol={labelPosition === 'top' ? undefined : { flex: `${labelWidth}px` }}
            labelWrap
          >
            <RenderGuard fallback={formCrashed} resetKey={compiled}>
              <Form
                schema={schema}
                uiSchema={uiSchema}
                validator={rjsfValidator}
                formData={initialData}
                fields={RJSF_FIELDS}
                templates={RJSF_TEMPLATES}
                noHtml5Validate
                showErrorList={false}
                tagName="div"
              />
            </RenderGuard>
          </AntForm>
          {showButtons && mode !== 'view' ? (
            <Space className="kp-form-buttons" style={{ marginTop: 16 }}>
              <Button type="primary" onClick={() => void pipeline('submit')}>
                {locale.t('submit')}
              </Button>
              <Button onClick={reset}>{locale.t('reset')}</Button>
            </Space>
          ) : null}
        </LayoutInfoContext.Provider>
      </RenderContext.Provider>
    </LocaleContext.Provider>
  );
}

const Inner = forwardRef(FormRendererInner);

/**
 * The runtime form renderer. Wraps itself in antd's ConfigProvider (locale by language); messages come from
 * antd's message hook.
 */
export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(
  function FormRenderer(props, ref) {
    const lang = props.language ?? 'zh';
    return (
      <ConfigProvider locale={ANTD_LOCALES[lang] ?? zhCN}>
        <Inner {...props} ref={ref} />
      </ConfigProvider>
    );
  },
);

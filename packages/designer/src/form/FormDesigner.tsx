import { copyToClipboard } from '@kp/renderer';
import { type FormConfig, validateFormConfig } from '@kp/schema';
import { App, Button, Modal, Radio, Space } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { DndProvider, useDragDropManager } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { CodeEditor } from '../common/CodeEditor';
import { type DesignerLanguage, i18n as designerI18n, setDesignerLanguage, useDesignerT } from '../i18n';
import { FieldList } from './Canvas';
import { SampleContext } from './ControlSample';
import { checkFormForSave } from './checkFormForSave';
import { type DragItem, FormDesignerContext, type FormDesignerContextValue } from './context';
import { HoverStore } from './hover';
import { Palette } from './Palette';
import { FormPreview, type PreviewProviders } from './Preview';
import { type DataTable, PropertyPanel } from './PropertyPanel';
import { type DropTarget, FormDesignerStore } from './store';
import { type FormConfig as DraftConfig, published } from './types';

/** Where the designer keeps its working copy (spec 3 §4: saved locally after a 340 ms debounce). */
export interface DesignerStorage {
  save(config: FormConfig): void | Promise<void>;
  load?(): FormConfig | null | undefined;
}

export const LOCAL_SAVE_DEBOUNCE_MS = 340;

export interface FormDesignerProps {
  /** Initial config (ignored when `store` is given). */
  value?: FormConfig;
  /** An external store, to read or drive the designer from the host. */
  store?: FormDesignerStore;
  /** Called on every change of the config. */
  onChange?: (config: FormConfig) => void;
  /** Local working-copy storage; save is debounced 340 ms. */
  storage?: DesignerStorage;
  /** 3 = view only: the palette is hidden and nothing can be edited. */
  formType?: number;
  readOnly?: boolean;
  /** Data tables the form is bound to (enables the control-field check and column choices). */
  dataTables?: DataTable[];
  printTemplates?: Array<{ id: string; fullName: string }>;
  /** Providers for the preview (@kp/renderer); in-memory ones by default. */
  providers?: PreviewProviders;
  /** Shows a save button; called with the config once checkFormForSave and validateFormConfig pass. */
  onSave?: (config: FormConfig) => void | Promise<void>;
  language?: DesignerLanguage;
  /** Set when the host already provides a react-dnd DndProvider. */
  noDndProvider?: boolean;
  height?: number | string;
}

/** The form designer: palette, canvas (pc/app), property panel, toolbar. */
export function FormDesigner(props: FormDesignerProps) {
  // antd's App draws a div: it passes the height on, so height="100%" fills the host's box (the palette and
  // the canvas then scroll inside it instead of running past a dialog)
  const inner = (
    <App style={{ height: '100%' }}>
      <FormDesignerInner {...props} />
    </App>
  );
  return props.noDndProvider ? inner : <DndProvider backend={HTML5Backend}>{inner}</DndProvider>;
}

function FormDesignerInner({
  value,
  store: external,
  onChange,
  storage,
  formType,
  readOnly: ro,
  dataTables,
  printTemplates,
  providers,
  onSave,
  language,
  height = 720,
}: FormDesignerProps) {
  const { t } = useDesignerT();
  const { message, modal } = App.useApp();
  const readOnly = !!ro || formType === 3;
  const tablesBound = !!dataTables?.length;
  const [store] = useState(
    () => external ?? new FormDesignerStore(value ?? storage?.load?.() ?? undefined, { tablesBound }),
  );
  const [hover] = useState(() => new HoverStore());
  const [view, setView] = useState<'pc' | 'app'>('pc');
  const [preview, setPreview] = useState(false);
  const [jsonOpen, setJsonOpen] = useState(false);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const config = state.config;
  // the drop indicator goes away when the drag ends or leaves the canvas
  const dnd = useDragDropManager();
  useEffect(() => {
    const monitor = dnd.getMonitor();
    return monitor.subscribeToStateChange(() => {
      if (!monitor.isDragging() || monitor.getTargetIds().length === 0) {
        if (hover.get()) hover.clear();
      }
    });
  }, [dnd, hover]);

  useEffect(() => {
    if (language) setDesignerLanguage(language);
  }, [language]);

  // a new `value` from the host (a config loaded later) replaces the drawing; the config the host got from
  // onChange and passes back is the store's own and changes nothing
  const seenValue = useRef(value);
  useEffect(() => {
    if (!value || value === seenValue.current) return;
    seenValue.current = value;
    if ((value as unknown) !== store.getConfig()) store.setConfig(value);
  }, [value, store]);

  // change notification and the debounced local save
  const cb = useRef({ onChange, storage });
  cb.current = { onChange, storage };
  useEffect(() => {
    let last = store.getConfig();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = store.subscribe(() => {
      const next = store.getConfig();
      if (next === last) return;
      last = next;
      cb.current.onChange?.(published(next));
      if (cb.current.storage) {
        clearTimeout(timer);
        timer = setTimeout(() => void cb.current.storage?.save(published(next)), LOCAL_SAVE_DEBOUNCE_MS);
      }
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [store]);

  const ctx = useMemo<FormDesignerContextValue>(
    () => ({
      store,
      hover,
      readOnly,
      view,
      dropAt(item: DragItem, target: DropTarget) {
        if (readOnly) return;
        const r =
          item.formId != null ? store.moveField(item.formId, target) : store.addField(item.jnpfKey, target);
        if (!r.ok && r.error !== 'invalid') void message.warning(t(r.error));
      },
      requestDelete(formId: number) {
        modal.confirm({
          title: t('msg.tip'),
          content: t('msg.confirmDelete'),
          okText: t('btn.ok'),
          cancelText: t('btn.cancel'),
          onOk: () => {
            const r = store.removeField(formId);
            if (!r.ok && r.error !== 'invalid') void message.warning(t(r.error));
          },
        });
      },
    }),
    [store, hover, readOnly, view, message, modal, t],
  );

  const json = () => JSON.stringify(store.getConfig(), null, 2);
  const copyJson = () => copyToClipboard(json(), message, { ok: t('msg.copyOk'), fail: t('msg.copyFail') });
  const exportJson = () => {
    const blob = new Blob([json()], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'formData.json';
    a.dataset.testid = 'export-link';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const clear = () =>
    modal.confirm({
      title: t('msg.tip'),
      content: t('msg.confirmClear'),
      okText: t('btn.ok'),
      cancelText: t('btn.cancel'),
      onOk: () => {
        store.clear();
      },
    });
  const save = async () => {
    // the messages follow the designer's language (the prop, else the one set by setDesignerLanguage)
    const lang = (language ?? designerI18n.language) as DesignerLanguage;
    const problems = checkFormForSave(store.getConfig(), {
      tablesBound,
      lang: lang === 'en' || lang === 'zhtw' ? lang : 'zh',
    });
    if (problems.length) {
      const p = problems[0]!;
      if (p.formId != null) store.select(p.formId);
      void message.warning(p.message);
      return;
    }
    const v = validateFormConfig(store.getConfig());
    if (!v.ok) {
      void message.error(t('msg.jsonInvalid', { detail: `${v.errors[0]?.path} ${v.errors[0]?.message}` }));
      return;
    }
    await onSave?.(published(store.getConfig()));
  };

  return (
    <FormDesignerContext.Provider value={ctx}>
      <div
        className="kp-form-designer"
        data-testid="form-designer"
        data-readonly={readOnly ? 'true' : 'false'}
        style={{ display: 'flex', flexDirection: 'column', height, border: '1px solid #eee' }}
      >
        <div
          className="kp-toolbar"
          style={{
            display: 'flex',
            gap: 8,
            padding: 8,
            borderBottom: '1px solid #eee',
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <Radio.Group
            size="small"
            value={view}
            onChange={(e) => setView(e.target.value)}
            data-testid="view-switch"
          >
            <Radio.Button value="pc">{t('view.pc')}</Radio.Button>
            <Radio.Button value="app">{t('view.app')}</Radio.Button>
          </Radio.Group>
          {!readOnly ? (
            <>
              <Button
                size="small"
                data-testid="btn-undo"
                disabled={!state.past.length}
                onClick={() => store.undo()}
              >
                {t('btn.undo')}
              </Button>
              <Button
                size="small"
                data-testid="btn-redo"
                disabled={!state.future.length}
                onClick={() => store.redo()}
              >
                {t('btn.redo')}
              </Button>
            </>
          ) : null}
          <span style={{ flex: 1 }} />
          <Space size={4} wrap>
            <Button size="small" data-testid="btn-preview" onClick={() => setPreview(true)}>
              {t('btn.preview')}
            </Button>
            {!readOnly ? (
              <Button size="small" danger data-testid="btn-clear" onClick={clear}>
                {t('btn.clear')}
              </Button>
            ) : null}
            <Button size="small" data-testid="btn-copy-json" onClick={() => void copyJson()}>
              {t('btn.copyJson')}
            </Button>
            <Button size="small" data-testid="btn-export-json" onClick={exportJson}>
              {t('btn.exportJson')}
            </Button>
            {!readOnly ? (
              <Button size="small" data-testid="btn-json-editor" onClick={() => setJsonOpen(true)}>
                {t('btn.jsonEditor')}
              </Button>
            ) : null}
            {onSave && !readOnly ? (
              <Button size="small" type="primary" data-testid="btn-save" onClick={() => void save()}>
                {t('btn.save')}
              </Button>
            ) : null}
          </Space>
        </div>
        <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          {!readOnly ? <Palette /> : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: clicking the empty canvas clears the selection */}
          <div
            className="kp-canvas-wrap"
            style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', padding: 12 }}
            onClick={() => store.select(null)}
            onKeyDown={undefined}
          >
            <div
              className={`kp-canvas kp-canvas-${view}`}
              data-testid="canvas"
              data-view={view}
              style={{
                background: '#fff',
                margin: '0 auto',
                width: view === 'app' ? 375 : '100%',
                minHeight: 400,
              }}
            >
              <SampleContext providers={providers} platform={view} language={language}>
                <FieldList holderId="root" fields={config.fields} />
              </SampleContext>
            </div>
          </div>
          <PropertyPanel
            dataTables={dataTables}
            printTemplates={printTemplates}
            warn={(s) => void message.warning(s)}
            confirmPaneDelete={(onOk) =>
              modal.confirm({
                title: t('msg.tip'),
                content: t('msg.confirmDeleteTab'),
                okText: t('btn.ok'),
                cancelText: t('btn.cancel'),
                onOk,
              })
            }
          />
        </div>
      </div>
      <Modal
        open={preview}
        title={t('btn.preview')}
        width={view === 'app' ? 420 : 900}
        footer={null}
        onCancel={() => setPreview(false)}
        destroyOnHidden
      >
        {preview ? (
          <FormPreview config={config} providers={providers} platform={view} language={language} />
        ) : null}
      </Modal>
      {jsonOpen ? (
        <JsonImportDialog
          config={config}
          onClose={() => setJsonOpen(false)}
          onImport={(c) => store.setConfig(c)}
        />
      ) : null}
    </FormDesignerContext.Provider>
  );
}

/** Parses and validates JSON text as a form config: the config, or the message to show. */
export function parseFormJson(
  text: string,
): { ok: true; config: FormConfig } | { ok: false; code: string; detail?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, code: 'msg.jsonError' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, code: 'msg.jsonError' };
  const v = validateFormConfig(parsed);
  if (!v.ok)
    return { ok: false, code: 'msg.jsonInvalid', detail: `${v.errors[0]?.path} ${v.errors[0]?.message}` };
  return { ok: true, config: parsed as FormConfig };
}

function JsonImportDialog({
  config,
  onClose,
  onImport,
}: {
  config: DraftConfig;
  onClose: () => void;
  onImport: (c: FormConfig) => void;
}) {
  const { t } = useDesignerT();
  const { message } = App.useApp();
  const [text, setText] = useState(() => JSON.stringify(config, null, 2));
  return (
    <Modal
      open
      title={t('btn.jsonEditor')}
      width={800}
      okText={t('btn.import')}
      cancelText={t('btn.cancel')}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'json-import-ok' } as Record<string, string>}
      onOk={() => {
        const r = parseFormJson(text);
        if (!r.ok) {
          void message.error(t(r.code, { detail: r.detail }));
          return;
        }
        onImport(r.config);
        onClose();
      }}
    >
      <CodeEditor testId="json-editor" mode="json" value={text} onChange={setText} height={460} />
    </Modal>
  );
}

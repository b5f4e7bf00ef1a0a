import { isValidExpression } from '@kp/engine';
import {
  Button,
  Checkbox,
  ConfigProvider,
  Input,
  InputNumber,
  Radio,
  Select,
  Slider,
  Space,
  Switch,
  Tabs,
} from 'antd';
import type { Draft } from 'immer';
import { useSyncExternalStore } from 'react';
import { CodeEditor } from '../common/CodeEditor';
import { PropRow as Item } from '../common/PropRow';
import { labelText, useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import { hasOptions, isDisplay, isPane } from './kinds';
import { allFields, locate } from './tree';
import type { FieldConfig, FormConfig } from './types';

/** A data table the form is bound to, with its columns (for __vModel__ and tableName choices). */
export interface DataTable {
  table: string;
  tableName?: string;
  fields: Array<{ field: string; fieldName?: string }>;
  /** 1: main table, 0: sub table */
  typeId?: number | string;
}

export interface PropertyPanelProps {
  dataTables?: DataTable[];
  printTemplates?: Array<{ id: string; fullName: string }>;
  /** Asks before deleting a tab/collapse pane; resolves true to delete. */
  confirmPaneDelete: (onOk: () => void) => void;
  warn: (text: string) => void;
}

const BARCODE_FORMATS = [
  'code128',
  'ean13',
  'ean8',
  'ean5',
  'ean2',
  'code39',
  'itf14',
  'msi10',
  'msi11',
  'pharmacode',
  'upc',
  'codabar',
];
const GENERAL_WIDTHS = ['600px', '800px', '1000px', '40%', '50%', '60%', '70%', '80%'];
const FULL_WIDTHS = ['800px', '1000px', '1200px', '1400px', '50%', '60%', '70%', '80%', '90%', '100%'];

/** The right panel: the selected control's properties and the form's own properties. */
export function PropertyPanel(props: PropertyPanelProps) {
  const { store, readOnly } = useFormDesigner();
  const { t } = useDesignerT();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const sel = state.selectedId != null ? locate(state.config.fields, state.selectedId) : null;
  return (
    <div
      className="kp-props"
      data-testid="property-panel"
      style={{ width: 320, overflowY: 'auto', padding: 8, borderLeft: '1px solid #eee' }}
    >
      <ConfigProvider componentDisabled={readOnly}>
        <Tabs
          size="small"
          defaultActiveKey="field"
          items={[
            {
              key: 'field',
              label: t('panel.field'),
              children: sel ? (
                <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
                  <FieldProps
                    field={sel.field}
                    inTable={sel.holder?.__config__.jnpfKey === 'table'}
                    config={state.config}
                    {...props}
                  />
                </fieldset>
              ) : (
                <div style={{ color: '#666' }}>{t('panel.none')}</div>
              ),
            },
            {
              key: 'form',
              label: t('panel.form'),
              children: (
                <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
                  <FormProps config={state.config} printTemplates={props.printTemplates} />
                </fieldset>
              ),
            },
          ]}
        />
      </ConfigProvider>
    </div>
  );
}

function FieldProps({
  field,
  inTable,
  config,
  dataTables,
  confirmPaneDelete,
  warn,
}: { field: FieldConfig; inTable: boolean; config: FormConfig } & PropertyPanelProps) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const c = field.__config__;
  const k = c.jnpfKey;
  const id = c.formId;
  const up = (recipe: (f: Draft<FieldConfig>) => void) => store.updateField(id, recipe);
  const set = (key: string, value: unknown) =>
    up((f) => {
      (f as Record<string, unknown>)[key] = value;
    });
  const setC = (key: string, value: unknown) =>
    up((f) => {
      (f.__config__ as Record<string, unknown>)[key] = value;
    });
  const label = typeof c.label === 'object' && c.label ? c.label : { zh: (c.label as string) ?? '' };
  const setLabel = (lng: 'zh' | 'zhtw' | 'en', v: string) =>
    up((f) => {
      const cur = f.__config__.label;
      f.__config__.label = {
        ...(typeof cur === 'object' && cur ? cur : { zh: (cur as string) ?? '' }),
        [lng]: v,
      };
    });
  const str = (v: unknown) => (typeof v === 'string' ? v : labelText(v));
  const mainTable = dataTables?.find((d) => String(d.typeId) === '1') ?? dataTables?.[0];
  const columnsOf = (name?: string) => dataTables?.find((d) => d.table === name)?.fields ?? [];
  const vModelChoices = inTable ? columnsOf(c.relationTable) : (mainTable?.fields ?? []);
  // a date reads as a count of days in a formula (engine recalculate), so end - start gives the days between
  const numericRefs = allFields(config.fields)
    .filter(
      (f) =>
        ['numInput', 'JNPFAmount', 'calculate', 'date'].includes(f.__config__.jnpfKey) &&
        f.__vModel__ &&
        f !== field,
    )
    .map((f) => {
      const holder = locate(config.fields, f.__config__.formId)?.holder;
      const ref =
        holder?.__config__.jnpfKey === 'table'
          ? `${holder.__vModel__}.${f.__vModel__}`
          : (f.__vModel__ as string);
      return { value: ref, label: labelText(f.__config__.label) || ref };
    });

  if (isPane(k)) return <div>{labelText(field.title)}</div>;
  return (
    <div data-testid={`props-${k}`}>
      <Item label={t('prop.labelZh')}>
        <Input
          data-testid="prop-label-zh"
          value={label.zh ?? ''}
          onChange={(e) => setLabel('zh', e.target.value)}
        />
      </Item>
      <Item label={t('prop.labelZhtw')}>
        <Input
          data-testid="prop-label-zhtw"
          value={label.zhtw ?? ''}
          onChange={(e) => setLabel('zhtw', e.target.value)}
        />
      </Item>
      <Item label={t('prop.labelEn')}>
        <Input
          data-testid="prop-label-en"
          value={label.en ?? ''}
          onChange={(e) => setLabel('en', e.target.value)}
        />
      </Item>
      {!isDisplay(k) && k !== 'table' ? (
        <Item label={t('prop.vModel')}>
          {vModelChoices.length ? (
            <Select
              style={{ width: '100%' }}
              data-testid="prop-vmodel"
              value={field.__vModel__ || undefined}
              options={vModelChoices.map((x) => ({
                value: x.field,
                label: x.fieldName ? `${x.field} (${x.fieldName})` : x.field,
              }))}
              onChange={(v) => set('__vModel__', v)}
            />
          ) : (
            <Input
              data-testid="prop-vmodel"
              value={field.__vModel__ ?? ''}
              onChange={(e) => set('__vModel__', e.target.value)}
            />
          )}
        </Item>
      ) : null}
      {!inTable ? (
        <Item label={t('prop.span')}>
          <Slider min={1} max={24} value={c.span ?? 24} onChange={(v) => setC('span', v)} />
        </Item>
      ) : null}
      {!isDisplay(k) && k !== 'table' ? (
        <>
          <Item label={t('prop.showLabel')}>
            <Switch checked={c.showLabel !== false} onChange={(v) => setC('showLabel', v)} />
          </Item>
          <Item label={t('prop.placeholder')}>
            <Input value={str(field.placeholder)} onChange={(e) => set('placeholder', e.target.value)} />
          </Item>
          <Item label={t('prop.defaultValue')}>
            {k === 'numInput' || k === 'JNPFAmount' || k === 'rate' || k === 'slider' ? (
              <InputNumber
                value={c.defaultValue as number | undefined}
                onChange={(v) => setC('defaultValue', v ?? undefined)}
              />
            ) : k === 'switch' ? (
              <Switch checked={!!c.defaultValue} onChange={(v) => setC('defaultValue', v ? 1 : 0)} />
            ) : k === 'checkbox' ? (
              <Select
                mode="tags"
                style={{ width: '100%' }}
                value={(c.defaultValue as string[]) ?? []}
                onChange={(v) => setC('defaultValue', v)}
              />
            ) : (
              <Input
                value={(c.defaultValue as string) ?? ''}
                onChange={(e) => setC('defaultValue', e.target.value || undefined)}
              />
            )}
          </Item>
          <Item label={t('prop.required')}>
            <Switch
              data-testid="prop-required"
              checked={!!c.required}
              onChange={(v) => setC('required', v)}
            />
          </Item>
          <RegListEditor field={field} />
          <Item label={t('prop.visibility')}>
            <Checkbox.Group
              value={c.visibility ?? ['pc', 'app']}
              options={[
                { value: 'pc', label: 'PC' },
                { value: 'app', label: 'APP' },
              ]}
              onChange={(v) => setC('visibility', v)}
            />
          </Item>
        </>
      ) : null}
      {hasOptions(k) ? <OptionsEditor field={field} /> : null}
      {k === 'billRule' ? (
        <Item label={t('prop.rule')}>
          <Input
            data-testid="prop-rule"
            value={(c.rule as string) ?? ''}
            onChange={(e) => setC('rule', e.target.value)}
          />
        </Item>
      ) : null}
      {k === 'relationForm' ? (
        <>
          <Item label={t('prop.modelId')}>
            <Input value={(field.modelId as string) ?? ''} onChange={(e) => set('modelId', e.target.value)} />
          </Item>
          <Item label={t('prop.relationField')}>
            <Input
              value={(field.relationField as string) ?? ''}
              onChange={(e) => set('relationField', e.target.value)}
            />
          </Item>
        </>
      ) : null}
      {k === 'popupSelect' || k === 'popupTableSelect' ? (
        <>
          <Item label={t('prop.interfaceId')}>
            <Input
              value={(field.interfaceId as string) ?? ''}
              onChange={(e) => set('interfaceId', e.target.value)}
            />
          </Item>
          <Item label={t('prop.propsValue')}>
            <Input
              value={(field.propsValue as string) ?? ''}
              onChange={(e) => set('propsValue', e.target.value)}
            />
          </Item>
          <Item label={t('prop.relationField')}>
            <Input
              value={(field.relationField as string) ?? ''}
              onChange={(e) => set('relationField', e.target.value)}
            />
          </Item>
        </>
      ) : null}
      {k === 'relationFormAttr' || k === 'popupAttr' ? (
        <>
          <Item label={t('prop.relationField')}>
            <Select
              style={{ width: '100%' }}
              value={(field.relationField as string) || undefined}
              options={allFields(config.fields)
                .filter((f) =>
                  k === 'relationFormAttr'
                    ? f.__config__.jnpfKey === 'relationForm'
                    : /^popup(Table)?Select$/.test(f.__config__.jnpfKey),
                )
                .map((f) => ({ value: f.__vModel__ as string, label: labelText(f.__config__.label) }))}
              onChange={(v) => set('relationField', v)}
            />
          </Item>
          <Item label={t('prop.showField')}>
            <Input
              value={(field.showField as string) ?? ''}
              onChange={(e) => set('showField', e.target.value)}
            />
          </Item>
        </>
      ) : null}
      {k === 'JNPFText' || k === 'groupTitle' || k === 'divider' || k === 'link' ? (
        <Item label={t('prop.content')}>
          <Input value={str(field.content)} onChange={(e) => set('content', e.target.value)} />
        </Item>
      ) : null}
      {k === 'JNPFText' || k === 'link' ? <TextStyleEditor field={field} /> : null}
      {k === 'button' ? (
        <Item label={t('prop.content')}>
          <Input value={str(field.buttonText)} onChange={(e) => set('buttonText', e.target.value)} />
        </Item>
      ) : null}
      {k === 'barcode' || k === 'qrcode' ? <CodeTemplateEditor field={field} config={config} /> : null}
      {k === 'row' ? (
        <Item label="justify">
          <Select
            style={{ width: '100%' }}
            value={(field.justify as string) ?? 'start'}
            options={['start', 'end', 'center', 'space-around', 'space-between'].map((v) => ({
              value: v,
              label: v,
            }))}
            onChange={(v) => set('justify', v)}
          />
        </Item>
      ) : null}
      {k === 'card' ? (
        <>
          <Item label={t('portal.header')}>
            <Input value={str(field.header)} onChange={(e) => set('header', e.target.value)} />
          </Item>
          <Item label={t('portal.shadow')}>
            <Radio.Group
              value={(field.shadow as string) ?? 'always'}
              onChange={(e) => set('shadow', e.target.value)}
            >
              <Radio value="always">{t('portal.always')}</Radio>
              <Radio value="hover">{t('portal.hover')}</Radio>
              <Radio value="never">{t('portal.never')}</Radio>
            </Radio.Group>
          </Item>
        </>
      ) : null}
      {k === 'tab' || k === 'collapse' ? (
        <PaneEditor field={field} confirmPaneDelete={confirmPaneDelete} warn={warn} />
      ) : null}
      {k === 'table' ? <TableEditor field={field} dataTables={dataTables} /> : null}
      {k === 'calculate' ? <ExpressionBuilder field={field} refs={numericRefs} /> : null}
    </div>
  );
}

function RegListEditor({ field }: { field: FieldConfig }) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const list = field.__config__.regList ?? [];
  const up = (fn: (l: Array<{ pattern: string; message: string }>) => void) =>
    store.updateField(field.__config__.formId, (f) => {
      f.__config__.regList ??= [];
      fn(f.__config__.regList);
    });
  return (
    <Item label={t('prop.regList')} testId="prop-reglist">
      {list.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; the index is their identity here
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            placeholder={t('prop.pattern')}
            value={r.pattern}
            onChange={(e) =>
              up((l) => {
                l[i]!.pattern = e.target.value;
              })
            }
          />
          <Input
            placeholder={t('prop.message')}
            value={r.message}
            onChange={(e) =>
              up((l) => {
                l[i]!.message = e.target.value;
              })
            }
          />
          <Button onClick={() => up((l) => void l.splice(i, 1))}>✕</Button>
        </Space.Compact>
      ))}
      <Button size="small" onClick={() => up((l) => void l.push({ pattern: '', message: '' }))}>
        {t('btn.add')}
      </Button>
    </Item>
  );
}

function OptionsEditor({ field }: { field: FieldConfig }) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const c = field.__config__;
  const id = c.formId;
  const options = (field.__slot__?.options ?? []) as Array<{ id?: unknown; fullName?: unknown }>;
  const upOpts = (fn: (l: Array<Record<string, unknown>>) => void) =>
    store.updateField(id, (f) => {
      f.__slot__ ??= {};
      f.__slot__.options ??= [];
      fn(f.__slot__.options);
    });
  const props = ((field.props as { props?: { label?: string; value?: string } })?.props ?? {}) as {
    label?: string;
    value?: string;
  };
  const setProps = (k: 'label' | 'value', v: string) =>
    store.updateField(id, (f) => {
      const rec = f as Record<string, unknown>;
      rec.props ??= {};
      const p = rec.props as Record<string, Record<string, string>>;
      p.props ??= {};
      p.props[k] = v;
    });
  return (
    <>
      <Item label={t('prop.dataType')}>
        <Radio.Group
          value={c.dataType ?? 'static'}
          onChange={(e) =>
            store.updateField(id, (f) => {
              f.__config__.dataType = e.target.value;
            })
          }
        >
          <Radio.Button value="static">{t('prop.static')}</Radio.Button>
          <Radio.Button value="dictionary">{t('prop.dictionary')}</Radio.Button>
          <Radio.Button value="dynamic">{t('prop.dynamic')}</Radio.Button>
        </Radio.Group>
      </Item>
      {(c.dataType ?? 'static') === 'static' ? (
        <Item label={t('prop.options')}>
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
            <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
              <Input
                placeholder={t('prop.optionLabel')}
                value={String(o.fullName ?? '')}
                onChange={(e) =>
                  upOpts((l) => {
                    l[i]!.fullName = e.target.value;
                  })
                }
              />
              <Input
                placeholder={t('prop.optionValue')}
                value={String(o.id ?? '')}
                onChange={(e) =>
                  upOpts((l) => {
                    l[i]!.id = e.target.value;
                  })
                }
              />
              <Button onClick={() => upOpts((l) => void l.splice(i, 1))}>✕</Button>
            </Space.Compact>
          ))}
          <Button
            size="small"
            onClick={() =>
              upOpts((l) => void l.push({ id: String(l.length + 1), fullName: `选项${l.length + 1}` }))
            }
          >
            {t('btn.add')}
          </Button>
        </Item>
      ) : c.dataType === 'dictionary' ? (
        <Item label={t('prop.dictionaryType')}>
          <Input
            value={c.dictionaryType ?? ''}
            onChange={(e) =>
              store.updateField(id, (f) => {
                f.__config__.dictionaryType = e.target.value;
              })
            }
          />
        </Item>
      ) : (
        <Item label={t('prop.propsUrl')}>
          <Input
            value={c.propsUrl ?? ''}
            onChange={(e) =>
              store.updateField(id, (f) => {
                f.__config__.propsUrl = e.target.value;
              })
            }
          />
        </Item>
      )}
      <Item label={t('prop.propsLabel')}>
        <Input value={props.label ?? 'fullName'} onChange={(e) => setProps('label', e.target.value)} />
      </Item>
      <Item label={t('prop.propsValue')}>
        <Input value={props.value ?? 'id'} onChange={(e) => setProps('value', e.target.value)} />
      </Item>
    </>
  );
}

function TextStyleEditor({ field }: { field: FieldConfig }) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const s = (field.textStyle ?? {}) as Record<string, string | number>;
  const set = (k: string, v: unknown) =>
    store.updateField(field.__config__.formId, (f) => {
      const rec = f as Record<string, unknown>;
      rec.textStyle ??= {};
      const ts = rec.textStyle as Record<string, unknown>;
      ts[k] = v;
    });
  const sel = (k: string, label: string, opts: string[]) => (
    <Item label={label}>
      <Select
        style={{ width: '100%' }}
        value={s[k] as string}
        options={opts.map((v) => ({ value: v, label: v }))}
        onChange={(v) => set(k, v)}
      />
    </Item>
  );
  return (
    <div data-testid="prop-textstyle">
      <Item label={t('prop.color')}>
        <Input
          type="color"
          value={(s.color as string) ?? '#000000'}
          onChange={(e) => set('color', e.target.value)}
        />
      </Item>
      {sel('text-align', t('prop.textAlign'), ['left', 'center', 'right'])}
      {sel('font-weight', t('prop.fontWeight'), ['normal', 'bold', 'bolder', 'lighter'])}
      {sel('font-style', t('prop.fontStyle'), ['normal', 'italic'])}
      {sel('text-decoration', t('prop.textDecoration'), ['none', 'underline', 'line-through', 'overline'])}
      <Item label={t('prop.lineHeight')}>
        <InputNumber
          min={12}
          value={(s['line-height'] as number) ?? 32}
          onChange={(v) => set('line-height', Math.max(12, v ?? 32))}
        />
      </Item>
      <Item label={t('prop.fontSize')}>
        <InputNumber
          min={12}
          value={(s['font-size'] as number) ?? 12}
          onChange={(v) => set('font-size', Math.max(12, v ?? 12))}
        />
      </Item>
    </div>
  );
}

function CodeTemplateEditor({ field, config }: { field: FieldConfig; config: FormConfig }) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const k = field.__config__.jnpfKey;
  const set = (key: string, v: unknown) =>
    store.updateField(field.__config__.formId, (f) => {
      (f as Record<string, unknown>)[key] = v;
    });
  const color = (key: string, label: string) => (
    <Item label={label}>
      <Input
        type="color"
        value={(field[key] as string) ?? '#000000'}
        onChange={(e) => set(key, e.target.value)}
      />
    </Item>
  );
  return (
    <div data-testid={`prop-${k}-template`}>
      {k === 'barcode' ? (
        <>
          <Item label={t('prop.format')}>
            <Select
              style={{ width: '100%' }}
              value={(field.format as string) ?? 'code128'}
              options={BARCODE_FORMATS.map((v) => ({ value: v, label: v }))}
              onChange={(v) => set('format', v)}
            />
          </Item>
          {color('lineColor', t('prop.lineColor'))}
          {color('background', t('prop.background'))}
          <Item label={t('prop.width')}>
            <InputNumber
              min={1}
              max={10}
              value={(field.width as number) ?? 4}
              onChange={(v) => set('width', v ?? 4)}
            />
          </Item>
          <Item label={t('prop.height')}>
            <InputNumber
              min={10}
              max={500}
              value={(field.height as number) ?? 40}
              onChange={(v) => set('height', v ?? 40)}
            />
          </Item>
        </>
      ) : (
        <>
          {color('colorDark', t('prop.colorDark'))}
          {color('colorLight', t('prop.colorLight'))}
          <Item label={t('prop.size')}>
            <InputNumber
              min={20}
              max={1000}
              value={(field.size as number) ?? 100}
              onChange={(v) => set('size', v ?? 100)}
            />
          </Item>
        </>
      )}
      <Item label={t('prop.qrDataType')}>
        <Radio.Group
          value={(field.dataType as string) ?? 'static'}
          onChange={(e) => set('dataType', e.target.value)}
        >
          <Radio value="static">{t('prop.static')}</Radio>
          <Radio value="relation">{t('prop.relationField')}</Radio>
        </Radio.Group>
      </Item>
      {(field.dataType ?? 'static') === 'static' ? (
        <Item label={t('prop.staticText')}>
          <Input
            value={(field.staticText as string) ?? ''}
            onChange={(e) => set('staticText', e.target.value)}
          />
        </Item>
      ) : (
        <Item label={t('prop.relationField')}>
          <Select
            style={{ width: '100%' }}
            value={(field.relationField as string) || undefined}
            options={allFields(config.fields)
              .filter((f) => f.__vModel__ && !isDisplay(f.__config__.jnpfKey))
              .map((f) => ({ value: f.__vModel__ as string, label: labelText(f.__config__.label) }))}
            onChange={(v) => set('relationField', v)}
          />
        </Item>
      )}
    </div>
  );
}

function PaneEditor({
  field,
  confirmPaneDelete,
  warn,
}: {
  field: FieldConfig;
  confirmPaneDelete: (ok: () => void) => void;
  warn: (s: string) => void;
}) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const panes = field.__config__.children ?? [];
  return (
    <Item label={t('prop.panes')} testId="prop-panes">
      {panes.map((p) => (
        <Space.Compact key={p.__config__.formId} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            value={labelText(p.title)}
            onChange={(e) =>
              store.updateField(p.__config__.formId, (d) => {
                d.title = e.target.value;
              })
            }
          />
          <Button
            data-testid="pane-delete"
            onClick={() => {
              // spec 3 §4/§5: the last item cannot be removed; otherwise ask (删除后不能撤销，确定要删除吗?)
              if ((field.__config__.children ?? []).length <= 1) {
                warn(t('msg.lastItem'));
                return;
              }
              confirmPaneDelete(() => {
                const r = store.removeField(p.__config__.formId);
                if (!r.ok && r.error !== 'invalid') warn(t(r.error));
              });
            }}
          >
            ✕
          </Button>
        </Space.Compact>
      ))}
      <Button size="small" data-testid="pane-add" onClick={() => store.addPane(field.__config__.formId)}>
        {t('btn.add')}
      </Button>
    </Item>
  );
}

function TableEditor({ field, dataTables }: { field: FieldConfig; dataTables?: DataTable[] }) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const id = field.__config__.formId;
  const cols = field.__config__.children ?? [];
  const subTables = (dataTables ?? []).filter((d) => String(d.typeId) !== '1');
  return (
    <div data-testid="prop-table">
      <Item label={t('prop.tableName')}>
        {subTables.length ? (
          <Select
            style={{ width: '100%' }}
            data-testid="prop-tablename"
            value={field.__config__.tableName || undefined}
            options={subTables.map((d) => ({
              value: d.table,
              label: d.tableName ? `${d.table} (${d.tableName})` : d.table,
            }))}
            onChange={(v) =>
              store.updateField(id, (f) => {
                f.__config__.tableName = v;
              })
            }
          />
        ) : (
          <Input
            data-testid="prop-tablename"
            value={field.__config__.tableName ?? ''}
            onChange={(e) =>
              store.updateField(id, (f) => {
                f.__config__.tableName = e.target.value;
              })
            }
          />
        )}
      </Item>
      <Item label={t('prop.showSummary')}>
        <Switch
          checked={!!field.showSummary}
          onChange={(v) =>
            store.updateField(id, (f) => {
              f.showSummary = v;
            })
          }
        />
      </Item>
      {field.showSummary ? (
        <Item label={t('prop.summaryField')}>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={(field.summaryField as string[]) ?? []}
            options={cols
              .filter((c) => c.__vModel__)
              .map((c) => ({ value: c.__vModel__ as string, label: labelText(c.__config__.label) }))}
            onChange={(v) =>
              store.updateField(id, (f) => {
                f.summaryField = v;
              })
            }
          />
        </Item>
      ) : null}
      <Item label={t('prop.columns')}>
        {cols.map((c) => (
          <div
            key={c.__config__.formId}
            style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 4 }}
          >
            <span style={{ flex: 1 }}>{labelText(c.__config__.label)}</span>
            <Checkbox
              checked={!!c.__config__.required}
              onChange={(e) =>
                store.updateField(c.__config__.formId, (d) => {
                  d.__config__.required = e.target.checked;
                })
              }
            >
              {t('prop.required')}
            </Checkbox>
            <InputNumber
              size="small"
              min={0}
              max={10}
              title={t('prop.decimalPlace')}
              value={(c.__config__.decimalPlace as number) ?? 2}
              onChange={(v) =>
                store.updateField(c.__config__.formId, (d) => {
                  d.__config__.decimalPlace = v ?? 2;
                })
              }
            />
          </div>
        ))}
      </Item>
    </div>
  );
}

const OPS = ['+', '-', '×', '÷', '(', ')'];

/** The calculate formula as a token list; validity is @kp/engine's isValidExpression. */
function ExpressionBuilder({
  field,
  refs,
}: {
  field: FieldConfig;
  refs: Array<{ value: string; label: string }>;
}) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const tokens = (field.expression as string[]) ?? [];
  const set = (next: string[]) =>
    store.updateField(field.__config__.formId, (f) => {
      f.expression = next;
    });
  const valid = tokens.length === 0 || isValidExpression(tokens);
  const labelOf = (tok: string) => refs.find((r) => r.value === tok)?.label ?? tok;
  return (
    <Item label={t('prop.expression')} testId="prop-expression">
      <div
        data-testid="expression-text"
        style={{
          minHeight: 28,
          border: `1px solid ${valid ? '#d9d9d9' : '#ff4d4f'}`,
          padding: 4,
          marginBottom: 4,
        }}
      >
        {tokens.map(labelOf).join(' ')}
      </div>
      {!valid ? (
        <div data-testid="expression-error" style={{ color: '#ff4d4f', fontSize: 12 }}>
          {t('msg.expressionInvalid')}
        </div>
      ) : null}
      <Space wrap size={4}>
        {OPS.map((o) => (
          <Button key={o} size="small" onClick={() => set([...tokens, o])}>
            {o}
          </Button>
        ))}
        {['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '.'].map((d) => (
          <Button
            key={d}
            size="small"
            onClick={() => {
              const last = tokens[tokens.length - 1];
              if (last !== undefined && /^[\d.]+$/.test(last)) set([...tokens.slice(0, -1), last + d]);
              else set([...tokens, d]);
            }}
          >
            {d}
          </Button>
        ))}
        <Button size="small" onClick={() => set(tokens.slice(0, -1))}>
          ⌫
        </Button>
        <Button size="small" onClick={() => set([])}>
          {t('prop.clearExpression')}
        </Button>
      </Space>
      <Select
        style={{ width: '100%', marginTop: 4 }}
        placeholder={t('prop.field')}
        value={null}
        options={refs}
        onChange={(v) => v && set([...tokens, v])}
      />
    </Item>
  );
}

function FormProps({
  config,
  printTemplates,
}: {
  config: FormConfig;
  printTemplates?: Array<{ id: string; fullName: string }>;
}) {
  const { store } = useFormDesigner();
  const { t } = useDesignerT();
  const set = (k: string, v: unknown) =>
    store.updateForm((d) => {
      (d as Record<string, unknown>)[k] = v;
    });
  const setFunc = (k: 'onLoad' | 'beforeSubmit' | 'afterSubmit', v: string) =>
    store.updateForm((d) => {
      d.funcs ??= {};
      d.funcs[k] = v;
    });
  return (
    <div data-testid="form-props">
      <Item label={t('prop.labelWidth')}>
        <InputNumber
          data-testid="form-labelwidth"
          min={0}
          value={config.labelWidth ?? 100}
          onChange={(v) => set('labelWidth', v ?? 100)}
        />
      </Item>
      <Item label={t('prop.labelPosition')}>
        <Radio.Group
          value={config.labelPosition ?? 'right'}
          onChange={(e) => set('labelPosition', e.target.value)}
        >
          <Radio.Button value="left">{t('prop.left')}</Radio.Button>
          <Radio.Button value="right">{t('prop.right')}</Radio.Button>
          <Radio.Button value="top">{t('prop.top')}</Radio.Button>
        </Radio.Group>
      </Item>
      <Item label={t('prop.formSize')}>
        <Radio.Group value={config.size ?? 'small'} onChange={(e) => set('size', e.target.value)}>
          {['large', 'medium', 'small', 'mini'].map((s) => (
            <Radio.Button key={s} value={s}>
              {s}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Item>
      <Item label={t('prop.popupType')}>
        <Radio.Group value={config.popupType ?? 'general'} onChange={(e) => set('popupType', e.target.value)}>
          <Radio.Button value="general">{t('prop.general')}</Radio.Button>
          <Radio.Button value="fullScreen">{t('prop.fullScreen')}</Radio.Button>
          <Radio.Button value="drawer">{t('prop.drawer')}</Radio.Button>
        </Radio.Group>
      </Item>
      {config.popupType === 'fullScreen' ? (
        <Item label={t('prop.fullScreenWidth')}>
          <Select
            style={{ width: '100%' }}
            value={config.fullScreenWidth ?? '100%'}
            options={FULL_WIDTHS.map((v) => ({ value: v, label: v }))}
            onChange={(v) => set('fullScreenWidth', v)}
          />
        </Item>
      ) : config.popupType === 'drawer' ? (
        <Item label={t('prop.drawerWidth')}>
          <Select
            style={{ width: '100%' }}
            value={config.drawerWidth ?? '600px'}
            options={GENERAL_WIDTHS.map((v) => ({ value: v, label: v }))}
            onChange={(v) => set('drawerWidth', v)}
          />
        </Item>
      ) : (
        <Item label={t('prop.generalWidth')}>
          <Select
            style={{ width: '100%' }}
            value={config.generalWidth ?? '600px'}
            options={GENERAL_WIDTHS.map((v) => ({ value: v, label: v }))}
            onChange={(v) => set('generalWidth', v)}
          />
        </Item>
      )}
      <Item label={t('prop.gutter')}>
        <InputNumber min={0} value={config.gutter ?? 15} onChange={(v) => set('gutter', v ?? 15)} />
      </Item>
      <Item label={t('prop.disabled')}>
        <Switch checked={!!config.disabled} onChange={(v) => set('disabled', v)} />
      </Item>
      <Item label={t('prop.hasPrintBtn')}>
        <Switch
          data-testid="form-hasprint"
          checked={!!config.hasPrintBtn}
          onChange={(v) => set('hasPrintBtn', v)}
        />
      </Item>
      <Item label={t('prop.printId')}>
        {printTemplates?.length ? (
          <Select
            style={{ width: '100%' }}
            allowClear
            value={config.printId || undefined}
            options={printTemplates.map((p) => ({ value: p.id, label: p.fullName }))}
            onChange={(v) => set('printId', v ?? '')}
          />
        ) : (
          <Input value={config.printId ?? ''} onChange={(e) => set('printId', e.target.value)} />
        )}
      </Item>
      <Item label={t('prop.scripts')}>
        <Tabs
          size="small"
          items={(['onLoad', 'beforeSubmit', 'afterSubmit'] as const).map((k) => ({
            key: k,
            label: k,
            children: (
              <CodeEditor
                mode="text"
                height={160}
                value={config.funcs?.[k] ?? ''}
                onChange={(v) => setFunc(k, v)}
              />
            ),
          }))}
        />
      </Item>
    </div>
  );
}

import { kindOf, SYSTEM_VARIABLE_KINDS } from '@kp/engine';
import type { FieldConfig as KpFieldConfig } from '@kp/schema';
import { Checkbox, ConfigProvider, Input, InputNumber, Radio, Select, Slider, Switch, Tabs } from 'antd';
import type { Draft } from 'immer';
import { useSyncExternalStore } from 'react';
import { PropRow as Item } from '../common/PropRow';
import { labelText, useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import { FormProps } from './FormProps';
import { OptionsEditor, RegListEditor, TextStyleEditor } from './fieldEditors';
import { hasOptions, isDisplay, isPane, multipleOf } from './kinds';
import type { DataTable } from './panelShared';

export type { DataTable } from './panelShared';

import { CodeTemplateEditor, ExpressionBuilder, PaneEditor, TableEditor } from './structureEditors';
import { allFields, locate } from './tree';
import type { FieldConfig, FormConfig } from './types';
export interface PropertyPanelProps {
  dataTables?: DataTable[];
  printTemplates?: Array<{ id: string; fullName: string }>;
  /** Asks before deleting a tab/collapse pane; resolves true to delete. */
  confirmPaneDelete: (onOk: () => void) => void;
  warn: (text: string) => void;
}

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
  /** A text property of the field (modelId, interfaceId…), labelled prop.<key>. */
  const textProp = (key: string) => (
    <Item label={t(`prop.${key}`)}>
      <Input value={(field[key] as string) ?? ''} onChange={(e) => set(key, e.target.value)} />
    </Item>
  );
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
  // the kinds a formula may read (the engine kind's `calculable`); a date reads as a count of days in a formula
  // (engine recalculate), so end - start gives the days between
  const numericRefs = allFields(config.fields)
    .filter(
      (f) =>
        (kindOf(f.__config__.jnpfKey)?.calculable || f.__config__.jnpfKey === 'date') &&
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
            {kindOf(k)?.shape(field as unknown as KpFieldConfig) === 'number' ? (
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
      {multipleOf(k).can ? (
        <Item label={t('prop.multiple')}>
          <Switch
            data-testid="prop-multiple"
            checked={typeof field.multiple === 'boolean' ? field.multiple : multipleOf(k).byDefault}
            onChange={(v) => {
              set('multiple', v);
              // a default value of the other shape (one id / a list of ids) would be refused on save
              setC('defaultValue', undefined);
            }}
          />
        </Item>
      ) : null}
      {SYSTEM_VARIABLE_KINDS.has(k) ? (
        <Item label={t('prop.hasSys')}>
          <Switch
            data-testid="prop-hassys"
            checked={field.hasSys === true}
            onChange={(v) => set('hasSys', v)}
          />
        </Item>
      ) : null}
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
          {textProp('modelId')}
          {textProp('relationField')}
        </>
      ) : null}
      {k === 'popupSelect' || k === 'popupTableSelect' ? (
        <>
          {textProp('interfaceId')}
          {textProp('propsValue')}
          {textProp('relationField')}
        </>
      ) : null}
      {kindOf(k)?.attribute ? (
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

import { Input, InputNumber, Radio, Select, Switch, Tabs } from 'antd';
import { CodeEditor } from '../common/CodeEditor';
import { PropRow as Item } from '../common/PropRow';
import { useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import { FULL_WIDTHS, GENERAL_WIDTHS } from './panelShared';
import { ScriptEffectsSelect } from './ScriptEffectsSelect';
import { SCRIPT_EVENTS } from './scriptEffects';
import type { FormConfig } from './types';
export function FormProps({
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
            data-testid="form-printid"
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
          items={SCRIPT_EVENTS.map((k) => ({
            key: k,
            label: k,
            children: (
              <>
                <CodeEditor
                  mode="text"
                  height={160}
                  value={config.funcs?.[k] ?? ''}
                  onChange={(v) => setFunc(k, v)}
                />
                <ScriptEffectsSelect config={config} event={k} />
              </>
            ),
          }))}
        />
      </Item>
    </div>
  );
}

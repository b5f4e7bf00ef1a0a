import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import { scriptFieldOptions, setScriptEffects } from './scriptEffects';
import type { FormConfig } from './types';

/**
 * Beside a script: the fields it may hide, disable or make optional (config.scriptEffects[event]), picked by
 * label. A stored name the form no longer has stays as a tag, marked, until removed (the save check names it).
 */
export function ScriptEffectsSelect({ config, event }: { config: FormConfig; event: string }) {
  const { store } = useFormDesigner();
  const { t, lang } = useDesignerT();
  const options = useMemo(() => scriptFieldOptions(config, lang), [config, lang]);
  const raw = config.scriptEffects?.[event];
  const value = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  // the names the engine resolves: a column also as `table-column`
  const known = new Set(options.map((o) => o.value));
  const stale = value.filter((v) => !known.has(v.replace('-', '.')));
  return (
    <div data-testid={`script-effects-${event}`} style={{ marginTop: 8 }}>
      <div style={{ fontSize: 12, color: '#555', marginBottom: 2 }}>{t('prop.scriptEffects')}</div>
      <Select
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        placeholder={t('prop.scriptEffectsPick')}
        aria-label={t('prop.scriptEffects')}
        options={options}
        optionFilterProp="label"
        value={value}
        status={stale.length ? 'error' : undefined}
        onChange={(names: string[]) => store.updateForm((d) => setScriptEffects(d, event, names))}
      />
      {stale.map((name) => (
        <Typography.Text key={name} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {t('msg.unknownScriptField', { event, name })}
        </Typography.Text>
      ))}
      <div style={{ fontSize: 12, color: '#888', marginTop: 2 }}>{t('prop.scriptEffectsHint')}</div>
    </div>
  );
}

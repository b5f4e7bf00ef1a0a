import { Button, Input, InputNumber, Radio, Select, Space } from 'antd';
import { PropRow as Item } from '../common/PropRow';
import { useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import type { FieldConfig } from './types';

export function RegListEditor({ field }: { field: FieldConfig }) {
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

export function OptionsEditor({ field }: { field: FieldConfig }) {
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
              upOpts(
                (l) =>
                  void l.push({
                    id: String(l.length + 1),
                    fullName: t('default.optionN', { n: l.length + 1 }),
                  }),
              )
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

export function TextStyleEditor({ field }: { field: FieldConfig }) {
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

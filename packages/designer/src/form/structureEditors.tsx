import { isValidExpression } from '@kp/engine';
import { Button, Checkbox, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { PropRow as Item } from '../common/PropRow';
import { labelText, useDesignerT } from '../i18n';
import { useFormDesigner } from './context';
import { isDisplay } from './kinds';
import { BARCODE_FORMATS, type DataTable } from './panelShared';
import { allFields } from './tree';
import type { FieldConfig, FormConfig } from './types';
export function CodeTemplateEditor({ field, config }: { field: FieldConfig; config: FormConfig }) {
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

export function PaneEditor({
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

export function TableEditor({ field, dataTables }: { field: FieldConfig; dataTables?: DataTable[] }) {
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
export function ExpressionBuilder({
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

import type { ConditionGroup, ConditionItem, FlowNodeProperties } from '@kp/schema';
import { Button, Input, InputNumber, Radio, Select } from 'antd';
import { OrgPicker, type OrgPickKind } from '../common/OrgPicker';
import { PropRow as Item } from '../common/PropRow';
import { useDesignerT } from '../i18n';
import type { FlowDesignerOptions } from './flowOptions';

const OPERATORS: Record<string, string[]> = {
  number: ['=', '!=', '>', '>=', '<', '<=', 'between'],
  date: ['=', '!=', '>', '>=', '<', '<=', 'between'],
  text: ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith', 'empty', 'notEmpty'],
  list: ['in', 'notIn', 'includesAny', 'includesAll'],
};

/** The picker of a condition on the initiator, their department, position or role. */
const ORG_KIND: Record<string, OrgPickKind> = {
  initiator: 'user',
  department: 'department',
  position: 'position',
  role: 'role',
};
const asIds = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : v == null || v === ''
      ? []
      : String(v)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);

/** Condition groups (items joined by the group's logic; groups by groupsLogic). */
export function ConditionEditor({
  groups,
  groupsLogic,
  options,
  onChange,
}: {
  groups: ConditionGroup[];
  groupsLogic: 'and' | 'or';
  options: FlowDesignerOptions;
  onChange: (p: Partial<FlowNodeProperties>) => void;
}) {
  const { t } = useDesignerT();
  const setGroups = (g: ConditionGroup[]) => onChange({ conditions: g });
  const setItem = (gi: number, ii: number, patch: Partial<ConditionItem>) =>
    setGroups(
      groups.map((g, i) =>
        i !== gi ? g : { ...g, items: g.items.map((it, j) => (j !== ii ? it : { ...it, ...patch })) },
      ),
    );
  const blank = (): ConditionItem => ({
    fieldType: 'form',
    field: '',
    valueType: 'number',
    operator: '=',
    value: '',
  });
  return (
    <div data-testid="condition-editor">
      <Item label={t('flow.logic')}>
        <Radio.Group value={groupsLogic} onChange={(e) => onChange({ groupsLogic: e.target.value })}>
          <Radio value="or">{t('flow.or')}</Radio>
          <Radio value="and">{t('flow.and')}</Radio>
        </Radio.Group>
      </Item>
      {groups.map((g, gi) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: condition groups have no id
        <div key={gi} style={{ border: '1px solid #eee', padding: 8, marginBottom: 8 }}>
          <Radio.Group
            size="small"
            value={g.logic ?? 'and'}
            onChange={(e) =>
              setGroups(groups.map((x, i) => (i === gi ? { ...x, logic: e.target.value } : x)))
            }
          >
            <Radio value="and">{t('flow.and')}</Radio>
            <Radio value="or">{t('flow.or')}</Radio>
          </Radio.Group>
          {g.items.map((it, ii) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: condition items have no id
            <div key={ii} style={{ display: 'flex', gap: 4, marginTop: 6, flexWrap: 'wrap' }}>
              <Select
                style={{ width: 100 }}
                value={it.fieldType}
                options={['form', 'initiator', 'department', 'position', 'role'].map((v) => ({
                  value: v,
                  label: t(`flow.ft.${v}`),
                }))}
                onChange={(v) =>
                  setItem(gi, ii, {
                    fieldType: v,
                    valueType: v === 'form' ? it.valueType : 'list',
                    operator: v === 'form' ? it.operator : 'in',
                  })
                }
              />
              {it.fieldType === 'form' ? (
                options.formFields?.length ? (
                  <Select
                    data-testid="cond-field"
                    style={{ width: 160 }}
                    placeholder={t('flow.pickField')}
                    value={it.field || undefined}
                    options={options.formFields.map((f) => ({
                      value: f.value,
                      label: `${f.label}（${t(`flow.vt.${f.valueType ?? 'text'}`)}）`,
                    }))}
                    onChange={(v) => {
                      const f = options.formFields?.find((x) => x.value === v);
                      const vt = f?.valueType ?? 'text';
                      setItem(gi, ii, {
                        field: v,
                        fieldName: f?.label,
                        valueType: vt,
                        operator: (f?.options?.length && vt === 'text'
                          ? 'equals'
                          : OPERATORS[vt]![0]) as ConditionItem['operator'],
                        value: '',
                        valueLabel: undefined,
                      } as Partial<ConditionItem>);
                    }}
                  />
                ) : (
                  <Input
                    data-testid="cond-field"
                    style={{ width: 130 }}
                    value={it.field ?? ''}
                    onChange={(e) => setItem(gi, ii, { field: e.target.value })}
                  />
                )
              ) : null}
              <Select
                data-testid="cond-operator"
                style={{ width: 110 }}
                value={it.operator}
                options={(OPERATORS[it.valueType ?? 'text'] ?? OPERATORS.text!).map((o) => ({
                  value: o,
                  label: t(`flow.cmp.${o}`, { defaultValue: o }),
                }))}
                onChange={(v) => setItem(gi, ii, { operator: v })}
              />
              <ConditionValue item={it} options={options} onChange={(patch) => setItem(gi, ii, patch)} />
              {it.operator === 'between' ? (
                <Input
                  data-testid="cond-value2"
                  type={it.valueType === 'date' ? 'date' : 'number'}
                  style={{ width: it.valueType === 'date' ? 150 : 90 }}
                  value={String(it.value2 ?? '')}
                  onChange={(e) =>
                    setItem(gi, ii, {
                      value2: it.valueType === 'date' ? e.target.value : Number(e.target.value),
                    })
                  }
                />
              ) : null}
              <Button
                size="small"
                onClick={() =>
                  setGroups(
                    groups
                      .map((x, i) => (i === gi ? { ...x, items: x.items.filter((_, j) => j !== ii) } : x))
                      .filter((x) => x.items.length),
                  )
                }
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            size="small"
            style={{ marginTop: 6 }}
            onClick={() =>
              setGroups(groups.map((x, i) => (i === gi ? { ...x, items: [...x.items, blank()] } : x)))
            }
          >
            {t('btn.add')}
          </Button>
        </div>
      ))}
      <Button
        data-testid="cond-add-group"
        size="small"
        onClick={() => setGroups([...groups, { logic: 'and', items: [blank()] }])}
      >
        {t('flow.addCondition')}
      </Button>
    </div>
  );
}

const NO_VALUE = new Set(['empty', 'notEmpty']);

/**
 * The value of one condition: organisation ids through the picker (initiator, department, position,
 * role), a form field's own options (the option value is stored, its label shown), a date, a number or text.
 */
function ConditionValue({
  item: it,
  options,
  onChange,
}: {
  item: ConditionItem;
  options: FlowDesignerOptions;
  onChange: (patch: Partial<ConditionItem>) => void;
}) {
  const { t } = useDesignerT();
  if (NO_VALUE.has(it.operator)) return null;
  if (it.fieldType !== 'form' && options.org)
    return (
      <div style={{ width: '100%' }}>
        <OrgPicker
          kind={ORG_KIND[it.fieldType] ?? 'user'}
          provider={options.org}
          testId="cond-org-value"
          value={asIds(it.value)}
          onChange={(v) => onChange({ value: v })}
        />
      </div>
    );
  const field = it.fieldType === 'form' ? options.formFields?.find((f) => f.value === it.field) : undefined;
  if (field?.options?.length) {
    const multi = it.valueType === 'list' || it.operator === 'in' || it.operator === 'notIn';
    const label = (v: unknown) =>
      asIds(v)
        .map((x) => field.options?.find((o) => o.value === x)?.label ?? x)
        .join('、');
    return (
      <Select
        data-testid="cond-value"
        style={{ minWidth: 140 }}
        mode={multi ? 'multiple' : undefined}
        placeholder={t('flow.pickValue')}
        value={multi ? asIds(it.value) : it.value === '' || it.value == null ? undefined : String(it.value)}
        options={field.options}
        onChange={(v: string | string[]) =>
          onChange({ value: v, valueLabel: label(v) } as Partial<ConditionItem>)
        }
      />
    );
  }
  if (it.valueType === 'date')
    return (
      <Input
        data-testid="cond-value"
        type="date"
        style={{ width: 150 }}
        value={String(it.value ?? '')}
        onChange={(e) => onChange({ value: e.target.value })}
      />
    );
  if (it.valueType === 'number')
    return (
      <InputNumber
        data-testid="cond-value"
        style={{ width: 110 }}
        value={
          typeof it.value === 'number'
            ? it.value
            : it.value === '' || it.value == null
              ? null
              : Number(it.value)
        }
        onChange={(v) => onChange({ value: v ?? '' })}
      />
    );
  return (
    <Input
      data-testid="cond-value"
      style={{ width: 110 }}
      value={String(it.value ?? '')}
      onChange={(e) => onChange({ value: e.target.value })}
    />
  );
}

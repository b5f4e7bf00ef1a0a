import { isHalfStep } from '@kp/flow';
import type { ConditionGroup, ConditionItem, FlowNode, FlowNodeProperties } from '@kp/schema';
import { Button, ConfigProvider, Drawer, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { OrgPicker, type OrgPickKind, type OrgProvider } from '../common/OrgPicker';
import { PropRow as Item } from '../common/PropRow';
import { labelText, useDesignerT } from '../i18n';
import { ApproverExtras, FormOperatesEditor } from './NodeExtras';
import { retitle } from './summary';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Where the pickers get their choices. With `org` (the host's organisation provider, the same calls as
 * @kp/renderer's FormProviders) users, departments, positions and roles are chosen in a lazy tree dialog;
 * otherwise from the flat lists below; with neither, ids are typed.
 */
export interface FlowDesignerOptions {
  org?: OrgProvider;
  users?: Choice[];
  positions?: Choice[];
  roles?: Choice[];
  flows?: Choice[];
  /** form fields usable in conditions and as approver fields */
  formFields?: Array<Choice & { valueType?: 'number' | 'date' | 'text' | 'list'; options?: Choice[] }>;
}

const OPERATORS: Record<string, string[]> = {
  number: ['=', '!=', '>', '>=', '<', '<=', 'between'],
  date: ['=', '!=', '>', '>=', '<', '<=', 'between'],
  text: ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith', 'empty', 'notEmpty'],
  list: ['in', 'notIn', 'includesAny', 'includesAll'],
};

function Multi({
  value,
  options,
  onChange,
  testId,
  kind,
  org,
}: {
  value?: string[];
  options?: Choice[];
  onChange: (v: string[]) => void;
  testId?: string;
  kind?: OrgPickKind;
  org?: OrgProvider;
}) {
  if (org && kind)
    return <OrgPicker kind={kind} provider={org} value={value} onChange={onChange} testId={testId} />;
  return (
    <Select
      data-testid={testId}
      mode={options ? 'multiple' : 'tags'}
      style={{ width: '100%' }}
      value={value ?? []}
      options={options}
      onChange={onChange}
      tokenSeparators={[',']}
    />
  );
}

/** The property drawer for every node type and assignee type. */
export function NodeDrawer({
  node,
  readOnly,
  options,
  onChange,
  onClose,
  issues,
}: {
  node: FlowNode | null;
  readOnly: boolean;
  options: FlowDesignerOptions;
  onChange: (props: Partial<FlowNodeProperties>) => void;
  onClose: () => void;
  issues?: string[];
}) {
  const { t, lang } = useDesignerT();
  if (!node) return null;
  const p = node.properties;
  const set = (patch: Partial<FlowNodeProperties>) => onChange(patch);
  const timeBad = ['day', 'hour', 'minute', 'second'].some(
    (k) => !isHalfStep((p as Record<string, unknown>)[k] ?? 0),
  );
  return (
    <Drawer
      open
      title={labelText(p.title, lang) || t(`flow.${node.type}`)}
      size={480}
      onClose={onClose}
      destroyOnHidden
    >
      <ConfigProvider componentDisabled={readOnly}>
        <fieldset
          disabled={readOnly}
          data-testid="node-drawer"
          data-node={node.nodeId}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          {issues?.length ? (
            <div style={{ color: '#f25643', marginBottom: 12 }}>{issues.join('；')}</div>
          ) : null}
          {!node.properties.isDefault ? (
            <Item label={t('flow.title')}>
              <Input
                data-testid="node-title"
                value={labelText(p.title, lang)}
                onChange={(e) => set({ title: retitle(p.title, lang, e.target.value) })}
              />
            </Item>
          ) : (
            <div>{t('msg.otherwise')}</div>
          )}
          {node.type === 'start' ? (
            <>
              <Item label={t('flow.initiator')}>
                <Multi
                  kind="user"
                  org={options.org}
                  testId="start-initiator"
                  value={p.initiator}
                  options={options.users}
                  onChange={(v) => set({ initiator: v })}
                />
              </Item>
              <Item label={t('flow.initiatePos')}>
                <Multi
                  kind="position"
                  org={options.org}
                  value={p.initiatePos}
                  options={options.positions}
                  onChange={(v) => set({ initiatePos: v })}
                />
              </Item>
              <Item label={t('flow.initiateRole')}>
                <Multi
                  kind="role"
                  org={options.org}
                  value={p.initiateRole}
                  options={options.roles}
                  onChange={(v) => set({ initiateRole: v })}
                />
              </Item>
            </>
          ) : null}
          {node.type === 'approver' ? (
            <>
              <Item label={t('flow.assigneeType')}>
                <Radio.Group
                  data-testid="assignee-type"
                  value={p.assigneeType ?? 1}
                  onChange={(e) => set({ assigneeType: e.target.value })}
                >
                  <Radio value={1}>{t('flow.assignee.1')}</Radio>
                  <Radio value={6}>{t('flow.assignee.6')}</Radio>
                  <Radio value={7}>{t('flow.assignee.7')}</Radio>
                </Radio.Group>
              </Item>
              {p.assigneeType === 6 ? (
                <Item label={t('flow.initiatorLevel')}>
                  <InputNumber
                    min={0}
                    value={p.initiatorLevel ?? 0}
                    onChange={(v) => set({ initiatorLevel: v ?? 0 })}
                  />
                </Item>
              ) : p.assigneeType === 7 ? (
                <>
                  <Item label={t('flow.dynamicType')}>
                    <Radio.Group
                      value={p.dynamicType ?? 'candidate'}
                      onChange={(e) => set({ dynamicType: e.target.value })}
                    >
                      <Radio value="formField">{t('flow.dyn.formField')}</Radio>
                      <Radio value="candidate">{t('flow.dyn.candidate')}</Radio>
                      <Radio value="free">{t('flow.dyn.free')}</Radio>
                    </Radio.Group>
                  </Item>
                  {p.dynamicType === 'formField' ? (
                    <Item label={t('prop.field')}>
                      <Select
                        style={{ width: '100%' }}
                        value={p.formField}
                        options={options.formFields}
                        onChange={(v) => set({ formField: v })}
                      />
                    </Item>
                  ) : null}
                </>
              ) : (
                <>
                  <Item label={t('flow.approvers')}>
                    <Multi
                      kind="user"
                      org={options.org}
                      testId="approver-users"
                      value={p.approvers}
                      options={options.users}
                      onChange={(v) => set({ approvers: v })}
                    />
                  </Item>
                  <Item label={t('flow.approverPos')}>
                    <Multi
                      kind="position"
                      org={options.org}
                      testId="approver-pos"
                      value={p.approverPos}
                      options={options.positions}
                      onChange={(v) => set({ approverPos: v })}
                    />
                  </Item>
                  <Item label={t('flow.approverRole')}>
                    <Multi
                      kind="role"
                      org={options.org}
                      testId="approver-role"
                      value={p.approverRole}
                      options={options.roles}
                      onChange={(v) => set({ approverRole: v })}
                    />
                  </Item>
                  <Item label={t('flow.approverScope')}>
                    <Switch
                      data-testid="approver-scope"
                      size="small"
                      checked={p.approverScope === 'initiator'}
                      onChange={(v) => set({ approverScope: v ? 'initiator' : undefined })}
                    />
                  </Item>
                </>
              )}
              <ApproverExtras node={node} options={options} set={set} />
            </>
          ) : null}
          {node.type === 'copy' ? (
            <>
              <Item label={t('flow.approvers')}>
                <Multi
                  kind="user"
                  org={options.org}
                  testId="copy-members"
                  value={p.menbers}
                  options={options.users}
                  onChange={(v) => set({ menbers: v })}
                />
              </Item>
              <Item label={t('flow.approverPos')}>
                <Multi
                  kind="position"
                  org={options.org}
                  value={p.approverPos}
                  options={options.positions}
                  onChange={(v) => set({ approverPos: v })}
                />
              </Item>
              <Item label={t('flow.approverRole')}>
                <Multi
                  kind="role"
                  org={options.org}
                  value={p.approverRole}
                  options={options.roles}
                  onChange={(v) => set({ approverRole: v })}
                />
              </Item>
            </>
          ) : null}
          {node.type === 'timer' ? (
            <>
              <Space>
                {(['day', 'hour', 'minute', 'second'] as const).map((k) => (
                  <Item key={k} label={t(`flow.${k}`)}>
                    <InputNumber
                      data-testid={`timer-${k}`}
                      min={0}
                      step={0.5}
                      value={p[k] ?? 0}
                      onChange={(v) => set({ [k]: v ?? 0 })}
                    />
                  </Item>
                ))}
              </Space>
              {timeBad ? <div style={{ color: '#f25643' }}>{t('flow.timeInvalid')}</div> : null}
            </>
          ) : null}
          {node.type === 'subFlow' ? (
            <>
              <Item label={t('flow.flowId')}>
                {options.flows ? (
                  <Select
                    style={{ width: '100%' }}
                    value={p.flowId || undefined}
                    options={options.flows}
                    onChange={(v) => set({ flowId: v })}
                  />
                ) : (
                  <Input value={p.flowId ?? ''} onChange={(e) => set({ flowId: e.target.value })} />
                )}
              </Item>
              <Item label={t('flow.initiateType')}>
                <Radio.Group
                  value={p.initiateType ?? 1}
                  onChange={(e) => set({ initiateType: e.target.value })}
                >
                  <Radio value={1}>{t('flow.assignee.3')}</Radio>
                  <Radio value={6}>{t('flow.assignee.1')}</Radio>
                </Radio.Group>
              </Item>
              {p.initiateType === 6 ? (
                <>
                  <Item label={t('flow.initiator')}>
                    <Multi
                      kind="user"
                      org={options.org}
                      value={p.initiator}
                      options={options.users}
                      onChange={(v) => set({ initiator: v })}
                    />
                  </Item>
                  <Item label={t('flow.initiatePos')}>
                    <Multi
                      kind="position"
                      org={options.org}
                      value={p.initiatePos}
                      options={options.positions}
                      onChange={(v) => set({ initiatePos: v })}
                    />
                  </Item>
                  <Item label={t('flow.initiateRole')}>
                    <Multi
                      kind="role"
                      org={options.org}
                      value={p.initiateRole}
                      options={options.roles}
                      onChange={(v) => set({ initiateRole: v })}
                    />
                  </Item>
                </>
              ) : null}
              <Item label={t('flow.isAsync')}>
                <Switch checked={!!p.isAsync} onChange={(v) => set({ isAsync: v })} />
              </Item>
            </>
          ) : null}
          {(node.type === 'condition' || node.type === 'branch') && !p.isDefault ? (
            <ConditionEditor
              groups={p.conditions ?? []}
              groupsLogic={p.groupsLogic ?? 'or'}
              options={options}
              onChange={set}
            />
          ) : null}
          {(node.type === 'start' || node.type === 'approver') && options.formFields?.length ? (
            <Item label={t('flow.formOperates')}>
              <FormOperatesEditor
                value={p.formOperates}
                fields={options.formFields}
                onChange={(v) => set({ formOperates: v })}
              />
            </Item>
          ) : null}
        </fieldset>
      </ConfigProvider>
    </Drawer>
  );
}

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

import { isHalfStep } from '@kp/flow';
import type { FlowNode, FlowNodeProperties } from '@kp/schema';
import { ConfigProvider, Drawer, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { OrgPicker, type OrgPickKind, type OrgProvider } from '../common/OrgPicker';
import { PropRow as Item } from '../common/PropRow';
import { labelText, useDesignerT } from '../i18n';
import { ConditionEditor } from './ConditionEditor';
import type { Choice, FlowDesignerOptions } from './flowOptions';
import { ApproverExtras, FormOperatesEditor } from './NodeExtras';
import { retitle, titleIn } from './summary';

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

/** Properties of a node that hold a list of ids (users, positions, roles). */
type IdListKey =
  | 'initiator'
  | 'initiatePos'
  | 'initiateRole'
  | 'approvers'
  | 'approverPos'
  | 'approverRole'
  | 'menbers';

/**
 * The three pickers of a party: its users, positions and roles, each a property of the node (the
 * initiators of a start node or a subflow, the approvers, the copy members).
 */
function PartyPickers({
  keys,
  labels,
  testIds = [],
  p,
  options,
  set,
}: {
  keys: readonly [IdListKey, IdListKey, IdListKey];
  labels: readonly [string, string, string];
  testIds?: readonly (string | undefined)[];
  p: FlowNodeProperties;
  options: FlowDesignerOptions;
  set: (patch: Partial<FlowNodeProperties>) => void;
}) {
  const kinds = ['user', 'position', 'role'] as const;
  const choices = [options.users, options.positions, options.roles];
  return (
    <>
      {keys.map((key, i) => (
        <Item key={key} label={labels[i]}>
          <Multi
            kind={kinds[i]}
            org={options.org}
            testId={testIds[i]}
            value={p[key]}
            options={choices[i]}
            onChange={(v) => set({ [key]: v })}
          />
        </Item>
      ))}
    </>
  );
}

const INITIATORS = ['initiator', 'initiatePos', 'initiateRole'] as const;
const TITLE_LANGS = [
  ['zh', 'flow.titleZh'],
  ['zhtw', 'flow.titleZhtw'],
  ['en', 'flow.titleEn'],
] as const;

/**
 * The node name in zh, zhtw and en (issue 20). The field of the designer's language (testid node-title)
 * shows what the chart shows and renames a new node's untouched title as a whole (retitle); the others
 * (node-title-<lang>) show and set that language's text only (titleIn).
 */
function TitleInputs({
  title,
  lang,
  type,
  onChange,
}: {
  title: FlowNodeProperties['title'];
  lang: string;
  type: FlowNode['type'];
  onChange: (title: NonNullable<FlowNodeProperties['title']>) => void;
}) {
  const { t } = useDesignerT();
  return (
    <>
      {TITLE_LANGS.map(([l, label]) =>
        l === lang ? (
          <Item key={l} label={t(label)}>
            <Input
              data-testid="node-title"
              value={labelText(title, lang)}
              onChange={(e) => onChange(retitle(title, lang, e.target.value, type))}
            />
          </Item>
        ) : (
          <Item key={l} label={t(label)}>
            <Input
              data-testid={`node-title-${l}`}
              value={typeof title === 'object' && title ? (title[l] ?? '') : (title ?? '')}
              onChange={(e) => onChange(titleIn(title, l, e.target.value))}
            />
          </Item>
        ),
      )}
    </>
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
  const initiatorLabels = [t('flow.initiator'), t('flow.initiatePos'), t('flow.initiateRole')] as const;
  const approverLabels = [t('flow.approvers'), t('flow.approverPos'), t('flow.approverRole')] as const;
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
            <TitleInputs title={p.title} lang={lang} type={node.type} onChange={(title) => set({ title })} />
          ) : (
            <div>{t('msg.otherwise')}</div>
          )}
          {node.type === 'start' ? (
            <PartyPickers
              keys={INITIATORS}
              labels={initiatorLabels}
              testIds={['start-initiator']}
              p={p}
              options={options}
              set={set}
            />
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
                  <PartyPickers
                    keys={['approvers', 'approverPos', 'approverRole']}
                    labels={approverLabels}
                    testIds={['approver-users', 'approver-pos', 'approver-role']}
                    p={p}
                    options={options}
                    set={set}
                  />
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
            <PartyPickers
              keys={['menbers', 'approverPos', 'approverRole']}
              labels={approverLabels}
              testIds={['copy-members']}
              p={p}
              options={options}
              set={set}
            />
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
                <PartyPickers keys={INITIATORS} labels={initiatorLabels} p={p} options={options} set={set} />
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

import type { FlowNode, FlowNodeProperties, FormOperate } from '@kp/schema';
import { Checkbox, Input, InputNumber, Radio, Switch, Table } from 'antd';
import { Fragment } from 'react';
import { OrgPicker } from '../common/OrgPicker';
import { PropRow as Item } from '../common/PropRow';
import { useDesignerT } from '../i18n';
import type { FlowDesignerOptions } from './flowOptions';

type Set = (patch: Partial<FlowNodeProperties>) => void;

/** Dialog buttons a node can switch on or off, with the text each may carry (spec 2 §3 template properties). */
const BUTTONS: Array<{
  flag: 'hasAuditBtn' | 'hasRejectBtn' | 'hasTransferBtn' | 'hasSaveBtn' | 'hasRevokeBtn';
  text: 'auditBtnText' | 'rejectBtnText' | 'transferBtnText' | 'saveBtnText' | 'revokeBtnText';
  dflt: boolean;
}> = [
  { flag: 'hasAuditBtn', text: 'auditBtnText', dflt: true },
  { flag: 'hasRejectBtn', text: 'rejectBtnText', dflt: true },
  { flag: 'hasTransferBtn', text: 'transferBtnText', dflt: false },
  { flag: 'hasSaveBtn', text: 'saveBtnText', dflt: false },
  { flag: 'hasRevokeBtn', text: 'revokeBtnText', dflt: false },
];

/**
 * The approver's run-time settings that @kp/flow honours: sign mode incl. a ratio, empty approver, reject
 * target, approver chosen by the previous handler, time limit with reminders, cc on approval, the dialog's
 * buttons and their texts, signature, comments, free approver.
 */
export function ApproverExtras({
  node,
  options,
  set,
}: {
  node: FlowNode;
  options: FlowDesignerOptions;
  set: Set;
}) {
  const { t } = useDesignerT();
  const p = node.properties;
  const tl = p.timeLimit;
  return (
    <div data-testid="approver-extras">
      <Item label={t('flow.counterSign')}>
        <Radio.Group
          data-testid="counter-sign"
          value={p.counterSign ?? 'or'}
          onChange={(e) =>
            set(
              e.target.value === 'ratio'
                ? { counterSign: 'ratio', counterRatio: p.counterRatio ?? 0.5 }
                : { counterSign: e.target.value },
            )
          }
        >
          <Radio value="or">{t('flow.cs.or')}</Radio>
          <Radio value="and">{t('flow.cs.and')}</Radio>
          <Radio value="ratio">{t('flow.cs.ratio')}</Radio>
          <Radio value="sequential">{t('flow.cs.sequential')}</Radio>
        </Radio.Group>
        {p.counterSign === 'ratio' ? (
          <div style={{ marginTop: 6 }}>
            <InputNumber
              data-testid="counter-ratio"
              min={1}
              max={100}
              step={1}
              suffix="%"
              value={Math.round((p.counterRatio ?? 0.5) * 100)}
              onChange={(v) => set({ counterRatio: Math.min(100, Math.max(1, Number(v) || 1)) / 100 })}
            />
          </div>
        ) : null}
      </Item>
      <Item label={t('flow.emptyApprover')}>
        <Radio.Group
          data-testid="empty-approver"
          value={p.emptyApprover ?? 'pass'}
          onChange={(e) => set({ emptyApprover: e.target.value })}
        >
          <Radio value="pass">{t('flow.empty.pass')}</Radio>
          <Radio value="admin">{t('flow.empty.admin')}</Radio>
          <Radio value="refuse">{t('flow.empty.refuse')}</Radio>
        </Radio.Group>
      </Item>
      <Item label={t('flow.rejectTarget')}>
        <Radio.Group
          data-testid="reject-target"
          value={p.rejectTarget ?? 'start'}
          onChange={(e) => set({ rejectTarget: e.target.value })}
        >
          <Radio value="start">{t('flow.reject.start')}</Radio>
          <Radio value="previous">{t('flow.reject.previous')}</Radio>
          <Radio value="choose">{t('flow.reject.choose')}</Radio>
        </Radio.Group>
      </Item>
      {p.assigneeType !== 7 ? (
        <Item label={t('flow.userOptional')}>
          <Switch
            data-testid="user-optional"
            checked={!!p.userOptional}
            onChange={(v) => set({ userOptional: v })}
          />
        </Item>
      ) : null}
      <Item label={t('flow.timeLimit')}>
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
          <Switch
            data-testid="time-limit"
            checked={!!tl?.enabled}
            onChange={(v) => set({ timeLimit: { duration: tl?.duration ?? 24, ...tl, enabled: v } })}
          />
          {tl?.enabled ? (
            <>
              <InputNumber
                data-testid="time-limit-duration"
                min={0}
                step={0.5}
                value={tl.duration}
                addonAfter={t('flow.hours')}
                onChange={(v) => set({ timeLimit: { ...tl, duration: Number(v) || 0 } })}
              />
              <InputNumber
                data-testid="time-limit-remind"
                min={0}
                step={0.5}
                value={tl.remindEvery ?? 0}
                addonBefore={t('flow.remindEvery')}
                addonAfter={t('flow.hours')}
                onChange={(v) => set({ timeLimit: { ...tl, remindEvery: Number(v) || 0 } })}
              />
              <InputNumber
                data-testid="time-limit-auto"
                min={0}
                step={1}
                precision={0}
                value={tl.autoApproveAfter ?? 0}
                addonBefore={t('flow.autoApproveAfter')}
                onChange={(v) => set({ timeLimit: { ...tl, autoApproveAfter: Math.round(Number(v) || 0) } })}
              />
            </>
          ) : null}
        </div>
      </Item>
      {options.org ? (
        <Item label={t('flow.copyUsers')}>
          <OrgPicker
            kind="user"
            provider={options.org}
            testId="copy-users"
            value={p.copyUsers}
            onChange={(v) => set({ copyUsers: v })}
          />
        </Item>
      ) : null}
      <Item label={t('flow.buttons')}>
        <div data-testid="node-buttons" style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 6 }}>
          {BUTTONS.map((b) => (
            <Fragment key={b.flag}>
              <Checkbox
                data-testid={`btn-flag-${b.flag}`}
                checked={(p[b.flag] as boolean | undefined) ?? b.dflt}
                onChange={(e) => set({ [b.flag]: e.target.checked })}
              >
                {t(`flow.btn.${b.flag}`)}
              </Checkbox>
              <Input
                size="small"
                data-testid={`btn-text-${b.text}`}
                placeholder={t(`flow.btn.${b.flag}`)}
                value={(p[b.text] as string | undefined) ?? ''}
                onChange={(e) => set({ [b.text]: e.target.value })}
              />
            </Fragment>
          ))}
        </div>
      </Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 10 }}>
        {(['hasSign', 'isComment', 'hasFreeApprover'] as const).map((k) => (
          <Checkbox
            key={k}
            data-testid={`flag-${k}`}
            checked={!!p[k]}
            onChange={(e) => set({ [k]: e.target.checked })}
          >
            {t(`flow.flag.${k}`)}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

/**
 * Field permissions of a node (formOperates): one row per form field with read, write and required.
 * A field left out reads and writes by the form's own rules; unticking read also clears write and required.
 */
export function FormOperatesEditor({
  value,
  fields,
  onChange,
}: {
  value?: FormOperate[];
  fields: NonNullable<FlowDesignerOptions['formFields']>;
  onChange: (v: FormOperate[]) => void;
}) {
  const { t } = useDesignerT();
  const byId = new Map((value ?? []).map((o) => [o.id, o]));
  const rows = fields.map(
    (f) => byId.get(f.value) ?? { id: f.value, name: f.label, read: true, write: true, required: false },
  );
  const put = (id: string, patch: Partial<FormOperate>) =>
    onChange(
      rows.map((r) => {
        if (r.id !== id) return r;
        const next = { ...r, ...patch };
        if (!next.read) {
          next.write = false;
          next.required = false;
        }
        if (next.required) next.write = next.read = true;
        if (!next.write) next.required = false;
        return next;
      }),
    );
  return (
    <Table<FormOperate>
      data-testid="form-operates"
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={rows}
      columns={[
        { title: t('flow.field'), dataIndex: 'name', render: (_, r) => r.name ?? r.id },
        {
          title: t('flow.op.read'),
          render: (_, r) => (
            <Checkbox
              data-testid={`op-read-${r.id}`}
              checked={r.read}
              onChange={(e) => put(r.id, { read: e.target.checked })}
            />
          ),
        },
        {
          title: t('flow.op.write'),
          render: (_, r) => (
            <Checkbox
              data-testid={`op-write-${r.id}`}
              checked={r.write}
              onChange={(e) => put(r.id, { write: e.target.checked })}
            />
          ),
        },
        {
          title: t('flow.op.required'),
          render: (_, r) => (
            <Checkbox
              data-testid={`op-required-${r.id}`}
              checked={!!r.required}
              onChange={(e) => put(r.id, { required: e.target.checked })}
            />
          ),
        },
      ]}
    />
  );
}

import type { SimChoice, SimStep } from '@kp/flow';
import { Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useDesignerT } from '../../i18n';

export function PendingRow(props: {
  nodeTitle: string;
  userName: string;
  blocked: boolean;
  rejectTargets: { value: string; label: string }[];
  userOptions: { value: string; label: string }[];
  testId: string;
  onChoice(c: Record<string, unknown> & { kind: SimChoice['kind'] }): void;
}) {
  const { t } = useDesignerT();
  const [rejectTo, setRejectTo] = useState<string | undefined>();
  const [other, setOther] = useState<string | undefined>();
  const [position, setPosition] = useState<'before' | 'after'>('before');
  return (
    <li data-testid={props.testId} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
      <div>
        <b>{props.nodeTitle}</b> · {props.userName}
        {props.blocked ? <Tag style={{ marginLeft: 8 }}>{t('sim.blocked')}</Tag> : null}
      </div>
      <Space wrap size={4} style={{ marginTop: 4 }}>
        <Button
          size="small"
          type="primary"
          disabled={props.blocked}
          data-testid="sim-approve"
          onClick={() => props.onChoice({ kind: 'approve' })}
        >
          {t('sim.approve')}
        </Button>
        {props.rejectTargets.length ? (
          <Select
            size="small"
            aria-label={t('sim.rejectTo')}
            placeholder={t('sim.rejectTo')}
            allowClear
            style={{ width: 120 }}
            options={props.rejectTargets}
            value={rejectTo}
            onChange={setRejectTo}
          />
        ) : null}
        <Button
          size="small"
          danger
          disabled={props.blocked}
          data-testid="sim-reject"
          onClick={() => props.onChoice({ kind: 'reject', ...(rejectTo ? { rejectTo } : {}) })}
        >
          {t('sim.reject')}
        </Button>
        <Select
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('sim.to')}
          placeholder={t('sim.pickUser')}
          style={{ width: 130 }}
          options={props.userOptions}
          value={other}
          onChange={setOther}
          data-testid="sim-other"
        />
        <Button
          size="small"
          disabled={!other || props.blocked}
          onClick={() => other && props.onChoice({ kind: 'transfer', toUserId: other })}
        >
          {t('sim.transfer')}
        </Button>
        <Select
          size="small"
          aria-label={t('sim.addSigner')}
          style={{ width: 90 }}
          value={position}
          onChange={setPosition}
          options={[
            { value: 'before', label: t('sim.before') },
            { value: 'after', label: t('sim.after') },
          ]}
        />
        <Button
          size="small"
          disabled={!other || props.blocked}
          onClick={() => other && props.onChoice({ kind: 'addSigner', signerIds: [other], position })}
        >
          {t('sim.addSigner')}
        </Button>
      </Space>
    </li>
  );
}

function choiceText(
  s: SimStep,
  title: (id: string) => string,
  user: (id: string) => string,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  const c = s.choice;
  switch (c.kind) {
    case 'launch':
      return t('sim.c.launch', { user: user(c.userId) });
    case 'approve':
    case 'reject':
      return t(`sim.c.${c.kind}`, { user: user(c.userId), node: title(c.nodeId) });
    case 'transfer':
      return t('sim.c.transfer', { user: user(c.userId), to: user(c.toUserId), node: title(c.nodeId) });
    case 'addSigner':
      return t('sim.c.addSigner', {
        user: user(c.userId),
        to: c.signerIds.map(user).join('、'),
        node: title(c.nodeId),
      });
    case 'advance':
      return t('sim.c.advance', { h: Math.round((c.ms / 3_600_000) * 100) / 100 });
    case 'subflowReturn':
      return t('sim.c.subflowReturn', { node: title(c.nodeId) });
    case 'resubmit':
      return t('sim.c.resubmit');
  }
}

export function StepItem({
  step: s,
  title,
  user,
}: {
  step: SimStep;
  title: (id: string) => string;
  user: (id: string) => string;
}) {
  const { t } = useDesignerT();
  const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
  return (
    <li data-testid="sim-step" style={{ marginBottom: 6 }}>
      <div>
        <b>{choiceText(s, title, user, t)}</b>{' '}
        <span style={{ color: '#999', fontSize: 12 }}>{s.at.replace('T', ' ').slice(0, 16)}</span>
      </div>
      {s.error ? (
        <div role="alert" data-testid="sim-step-error" style={{ color: '#cf1322' }}>
          {t('sim.error')}: {s.error.message}
          {'nodeName' in s.error && s.error.nodeName ? ` (${s.error.nodeName})` : ''}
        </div>
      ) : null}
      {s.branches.map((b) => (
        <div key={b.gatewayId} data-testid="sim-branch" style={{ fontSize: 12 }}>
          {t('sim.branch')}:{' '}
          {b.branches.map((br) => (
            <span
              key={br.branchId}
              style={{
                marginRight: 8,
                fontWeight: br.chosen ? 600 : 400,
                color: br.chosen ? '#389e0d' : '#999',
              }}
            >
              {br.chosen ? '✔ ' : ''}
              {br.title}
              {br.isDefault ? ` (${t('sim.default')})` : ''}
              {br.items.length
                ? ` [${br.items
                    .map(
                      (i) =>
                        `${i.field} ${i.operator} ${show(i.value)}; ${t('sim.actual')} ${show(i.actual)} → ${i.holds ? t('sim.holds') : t('sim.fails')}`,
                    )
                    .join(' · ')}]`
                : ''}
            </span>
          ))}
        </div>
      ))}
      {s.entered.length ? (
        <div style={{ fontSize: 12 }}>
          {t('sim.entered')}: {s.entered.map(title).join(' → ')}
        </div>
      ) : null}
      {s.tasks.length ? (
        <div style={{ fontSize: 12 }}>
          {t('sim.tasks')}: {s.tasks.map((x) => `${title(x.nodeId)}: ${user(x.userId)}`).join('、')}
        </div>
      ) : null}
      {s.cc.length ? (
        <div style={{ fontSize: 12 }} data-testid="sim-cc">
          {t('sim.cc')}: {s.cc.map((x) => `${title(x.nodeId)}: ${x.userIds.map(user).join('、')}`).join('；')}
        </div>
      ) : null}
      {s.fired.length ? (
        <div style={{ fontSize: 12 }}>
          {t('sim.fired')}:{' '}
          {s.fired
            .map(
              (f) => `${title(f.nodeId)} ${t(`sim.fired.${f.kind}`)} ${f.at.replace('T', ' ').slice(0, 16)}`,
            )
            .join('、')}
        </div>
      ) : null}
      {s.subflows.length ? (
        <div style={{ fontSize: 12 }}>
          {t('sim.subflow')}:{' '}
          {s.subflows.map((x) => `${title(x.nodeId)} (${x.initiators.map(user).join('、')})`).join('；')}
        </div>
      ) : null}
    </li>
  );
}

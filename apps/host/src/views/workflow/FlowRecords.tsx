import { Card, Empty, Spin, Tabs, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OperatorRecord, wfApi } from './api';
import { WF_NS } from './i18n';
import { handleStatusColor, handleStatusKey, relativeTime, targetIdsOf, timeline } from './model';
import { wfProviders } from './providers';

/** The organisation lookups of the dialog (names of record targets, the chart's people). */
export const providers = wfProviders();

import { fmtTime } from './util';

/**
 * Records timeline, newest first, ending in 'flow ended' when the flow has an end time. Times within two
 * days read relatively (刚刚, N分钟前, N小时前, 1天前); assign, add-signer and transfer name their target.
 */
export function RecordTimeline(props: {
  records: OperatorRecord[];
  endTime?: number | null;
  /** Names the targets of assign / add signer / transfer records (default: the host's user lookup). */
  lookup?: (ids: string[]) => Promise<Array<{ id: string; fullName: string }>>;
  now?: number;
}) {
  const { t } = useTranslation(WF_NS);
  const items = timeline(props.records, props.endTime);
  const targetKey = [...new Set(props.records.flatMap(targetIdsOf))].sort().join(',');
  const [names, setNames] = useState<Record<string, string>>({});
  const lookup = props.lookup ?? providers.users.byIds;
  useEffect(() => {
    if (!targetKey) return;
    let live = true;
    lookup(targetKey.split(','))
      .then((list) => live && setNames(Object.fromEntries(list.map((u) => [u.id, u.fullName]))))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [targetKey, lookup]);
  const now = props.now ?? Date.now();
  const when = (ms: number | null | undefined) => {
    const r = relativeTime(ms, now);
    return r ? t(r.key, { n: r.n }) : fmtTime(ms);
  };
  if (!items.length) return <Empty description={t('msg.noData')} />;
  return (
    <Timeline
      data-testid="wf-records"
      items={items.map((it, i) =>
        it.kind === 'end'
          ? {
              key: 'end',
              color: 'gray',
              content: (
                <span data-testid="wf-record-end">
                  {t('record.ended')} {fmtTime(it.time)}
                </span>
              ),
            }
          : {
              key: it.record.id ?? String(i),
              color: handleStatusColor(it.record.handleStatus),
              content: (
                <div data-testid="wf-record">
                  <div>
                    <b>{it.record.nodeName}</b> · {it.record.userName}
                    {it.record.entrustedByName
                      ? ` (${t('record.onBehalf', { name: it.record.entrustedByName })})`
                      : ''}{' '}
                    <Tag color={handleStatusColor(it.record.handleStatus)}>
                      {t(handleStatusKey(it.record.handleStatus))}
                    </Tag>
                    {targetIdsOf(it.record).length ? (
                      <span data-testid="wf-record-target">
                        {targetIdsOf(it.record)
                          .map((id) => names[id] ?? '…')
                          .join('、')}{' '}
                      </span>
                    ) : null}
                    <span style={{ color: '#999' }} title={fmtTime(it.record.handleTime)}>
                      {when(it.record.handleTime)}
                    </span>
                  </div>
                  {it.record.handleOpinion && (
                    <div data-testid="wf-record-opinion">
                      {[3, 4].includes(Number(it.record.handleStatus))
                        ? t('record.reason')
                        : t('record.opinion')}
                      ：{it.record.handleOpinion}
                    </div>
                  )}
                  {it.record.signImg && (
                    <img alt={t('record.sign')} src={it.record.signImg} style={{ height: 60 }} />
                  )}
                </div>
              ),
            },
      )}
    />
  );
}

/** Approval summary: by department (category 1) or by position (category 3); opinion cards or 暂无数据. */
export function Summary(props: { taskId: string }) {
  const { t } = useTranslation(WF_NS);
  const [category, setCategory] = useState<'1' | '3'>('1');
  const [groups, setGroups] = useState<Array<{ fullName: string; list: OperatorRecord[] }> | null>(null);
  useEffect(() => {
    setGroups(null);
    void wfApi
      .summary(props.taskId, category)
      .then(setGroups)
      .catch(() => setGroups([]));
  }, [props.taskId, category]);
  return (
    <div style={{ display: 'flex', gap: 16 }}>
      <Tabs
        tabPlacement="start"
        activeKey={category}
        onChange={(k) => setCategory(k as '1' | '3')}
        items={[
          { key: '1', label: t('dlg.summaryDept') },
          { key: '3', label: t('dlg.summaryPos') },
        ]}
      />
      <div style={{ flex: 1 }}>
        {!groups ? (
          <Spin />
        ) : !groups.length ? (
          <Empty description={t('msg.noData')} />
        ) : (
          groups.map((g) => (
            <Card key={g.fullName} size="small" title={g.fullName} style={{ marginBottom: 12 }}>
              {g.list.map((r) => (
                <div key={`${r.operatorId}-${r.handleTime}`}>
                  {r.userName}{' '}
                  <Tag color={handleStatusColor(r.handleStatus)}>{t(handleStatusKey(r.handleStatus))}</Tag>
                  {r.handleOpinion} <span style={{ color: '#999' }}>{fmtTime(r.handleTime)}</span>
                </div>
              ))}
            </Card>
          ))
        )}
      </div>
    </div>
  );
}

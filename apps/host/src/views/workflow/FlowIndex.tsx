import { Card, Col, Empty, Input, Row, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TemplateRow, wfApi } from './api';
import { FlowDialog } from './FlowDialog';
import { WF_NS } from './i18n';

const ALL = '__all__';

/** Launch list: the flows the user may launch, by category; a card opens the launch dialog (opType -1). */
export default function FlowIndex() {
  const { t } = useTranslation(WF_NS);
  const [flows, setFlows] = useState<TemplateRow[] | null>(null);
  const [cat, setCat] = useState<string>(ALL);
  const [kw, setKw] = useState('');
  const [launch, setLaunch] = useState<TemplateRow | null>(null);
  useEffect(() => {
    void wfApi
      .launchable()
      .then(setFlows)
      .catch(() => setFlows([]));
  }, []);
  const cats = useMemo(
    () => [...new Set((flows ?? []).map((f) => f.category || ''))].filter(Boolean),
    [flows],
  );
  const shown = (flows ?? []).filter(
    (f) => (cat === ALL || f.category === cat) && (!kw || f.fullName.includes(kw)),
  );
  return (
    <Card title={t('title.launch')} data-testid="wf-launch-index">
      <div style={{ display: 'flex', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
        <Segmented
          value={cat}
          onChange={(v) => setCat(String(v))}
          options={[{ value: ALL, label: t('dlg.all') }, ...cats.map((c) => ({ value: c, label: c }))]}
        />
        <Input.Search allowClear style={{ width: 240 }} placeholder={t('dlg.keyword')} onSearch={setKw} />
      </div>
      {!flows ? (
        <Spin />
      ) : !shown.length ? (
        <Empty description={t('msg.noData')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((f) => (
            <Col key={f.id} xs={24} sm={12} md={8} lg={6}>
              <Card hoverable size="small" data-testid={`wf-launch-${f.enCode}`} onClick={() => setLaunch(f)}>
                <div
                  style={{
                    fontWeight: 600,
                    width: 190,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {f.fullName}
                </div>
                <div style={{ color: '#666' }}>{f.category}</div>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {launch && (
        <FlowDialog
          open
          opType={-1}
          flowId={launch.id}
          title={launch.fullName}
          onClose={() => setLaunch(null)}
        />
      )}
    </Card>
  );
}

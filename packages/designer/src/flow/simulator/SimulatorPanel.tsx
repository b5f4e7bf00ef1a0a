import { compileForm, recalculate } from '@kp/engine';
import {
  CaseError,
  exportCase,
  type OrgSnapshot,
  orgFromSnapshot,
  parseCase,
  type SimCase,
  type SimContext,
  verifyCases,
} from '@kp/flow';
import { createMemoryProviders, FormRenderer, type FormRendererProps } from '@kp/renderer';
import type { FlowNode, FlowTemplateProperties, FormConfig } from '@kp/schema';
import { Alert, Button, Divider, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDesignerT } from '../../i18n';
import type { NodeState } from '../FlowCanvas';
import { type RunSpec, SimRun } from './SimRun';
/** What the host gives the simulator: the organisation, the flow's form, and where its cases are kept. */
export interface SimulatorHost {
  /** The organisation to simulate on (the server's directory: GET /FlowEngine/Simulate/Org). */
  loadOrg(): Promise<OrgSnapshot>;
  /** The flow's form, rendered for the sample data (null: the flow has no form). */
  form?: FormConfig | null;
  providers?: FormRendererProps['providers'];
  /** Template properties (auto-agree flags, admins) as the flow will run with them. */
  properties?: FlowTemplateProperties;
  loadCases?(): Promise<SimCase[]>;
  /** Stores the cases with the flow (they are re-run before release). */
  saveCases?(cases: SimCase[]): Promise<void>;
}

export interface SimulatorPanelProps {
  tree: FlowNode;
  host: SimulatorHost;
  /** Node states for the diagram: the path taken (passed) and the waiting nodes (current); null clears. */
  onStates(states: Map<string, NodeState> | null): void;
}

const download = (name: string, data: unknown) => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
};

/** The Simulate panel of the flow designer. */
export function SimulatorPanel({ tree, host, onStates }: SimulatorPanelProps) {
  const { t, lang } = useDesignerT();
  const [snap, setSnap] = useState<OrgSnapshot | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [initiatorId, setInitiatorId] = useState<string | undefined>();
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [run, setRun] = useState<RunSpec | null>(null);
  const [cases, setCases] = useState<SimCase[]>([]);
  const [verdicts, setVerdicts] = useState<Record<string, string[] | null>>({});
  const [caseName, setCaseName] = useState('');
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hostRef = useRef(host);
  hostRef.current = host;

  useEffect(() => {
    let live = true;
    hostRef.current
      .loadOrg()
      .then((s) => live && setSnap(s))
      .catch(() => live && setLoadError(true));
    hostRef.current
      .loadCases?.()
      .then((c) => live && setCases(c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => onStates(null), [onStates]);

  const org = useMemo(() => (snap ? orgFromSnapshot(snap) : null), [snap]);
  const deriveForm = useMemo(() => {
    try {
      const c = host.form ? compileForm(host.form) : null;
      return c ? (d: Record<string, unknown>) => recalculate(c, d) : undefined;
    } catch {
      return undefined;
    }
  }, [host.form]);
  // the design as it is now; a change of the tree ends the run shown (it ran on the earlier design)
  const ctx = useMemo<SimContext | null>(
    () =>
      org
        ? {
            template: { tree, properties: host.properties ?? {} },
            org,
            managers: org.managers,
            ...(deriveForm ? { deriveForm } : {}),
          }
        : null,
    [org, tree, host.properties, deriveForm],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new design ends the run shown (it ran on the earlier one)
  useEffect(() => {
    setRun(null);
    onStates(null);
  }, [tree, onStates]);
  const providers = useMemo(() => host.providers ?? createMemoryProviders(), [host.providers]);
  const userName = (id: string) => org?.user(id)?.name ?? id;
  const userOptions = useMemo(
    () => (snap?.users ?? []).map((u) => ({ value: u.id, label: u.name ? `${u.name}` : u.id })),
    [snap],
  );

  const saveCases = async (next: SimCase[]) => {
    setCases(next);
    try {
      await hostRef.current.saveCases?.(next);
      setNotice({ type: 'success', text: t('sim.caseSaved') });
    } catch (e) {
      setNotice({ type: 'error', text: (e as Error)?.message || t('sim.caseInvalid') });
    }
  };

  if (loadError) return <Alert type="error" title={t('sim.loadFailed')} data-testid="sim-load-error" />;
  if (!snap || !org || !ctx)
    return <Typography.Text data-testid="sim-loading">{t('sim.loading')}</Typography.Text>;
  const startOps = (tree.properties as { formOperates?: FormRendererProps['formOperates'] }).formOperates;

  return (
    <section data-testid="sim-panel" aria-label={t('sim.title')} style={{ padding: 12 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('sim.title')}
      </Typography.Title>
      <label htmlFor="kp-sim-initiator" style={{ display: 'block', marginBottom: 4 }}>
        {t('sim.initiator')}
      </label>
      <Select
        id="kp-sim-initiator"
        data-testid="sim-initiator"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%' }}
        placeholder={t('sim.pickUser')}
        options={userOptions}
        value={initiatorId}
        onChange={(v) => setInitiatorId(v)}
      />
      <Divider titlePlacement="start" plain>
        {t('sim.sampleData')}
      </Divider>
      {host.form ? (
        <div data-testid="sim-form">
          <FormRenderer
            config={host.form}
            value={formData}
            onChange={(d) => setFormData(d as Record<string, unknown>)}
            providers={providers}
            {...(startOps ? { formOperates: startOps } : {})}
            language={lang}
            showButtons={false}
          />
        </div>
      ) : (
        <Typography.Text type="secondary">{t('sim.noForm')}</Typography.Text>
      )}
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          data-testid="sim-start"
          disabled={!initiatorId}
          onClick={() => {
            if (!initiatorId) return;
            setNotice(null);
            setRun({ key: Date.now(), initiatorId, formData: { ...formData }, choices: [] });
          }}
        >
          {run ? t('sim.restart') : t('sim.start')}
        </Button>
      </Space>
      {run ? (
        <SimRun
          key={run.key}
          ctx={ctx}
          spec={run}
          org={org}
          userOptions={userOptions}
          form={host.form ?? null}
          providers={providers}
          onStates={onStates}
          onExport={(input, outcome) => {
            const name = caseName.trim() || `${t('sim.cases')} ${cases.length + 1}`;
            const c = exportCase(name, input, outcome);
            download(`${name}.json`, c);
            void saveCases([...cases.filter((x) => x.name !== name), c]);
            setCaseName('');
          }}
          caseNameInput={
            <Input
              data-testid="sim-case-name"
              aria-label={t('sim.caseName')}
              placeholder={t('sim.caseName')}
              value={caseName}
              maxLength={100}
              onChange={(e) => setCaseName(e.target.value)}
              style={{ width: 180 }}
            />
          }
        />
      ) : null}
      <Divider titlePlacement="start" plain>
        {t('sim.cases')}
      </Divider>
      {notice ? (
        <Alert
          type={notice.type}
          title={notice.text}
          showIcon
          closable
          onClose={() => setNotice(null)}
          style={{ marginBottom: 8 }}
          data-testid="sim-notice"
        />
      ) : null}
      <Space wrap style={{ marginBottom: 8 }}>
        <Button data-testid="sim-import" onClick={() => fileRef.current?.click()}>
          {t('sim.importCase')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="sim-import-file"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            try {
              const c = parseCase(JSON.parse(await f.text()));
              await saveCases([...cases.filter((x) => x.name !== c.name), c]);
            } catch (err) {
              setNotice({
                type: 'error',
                text: `${t('sim.caseInvalid')}: ${err instanceof CaseError ? err.message : (err as Error).message}`,
              });
            }
          }}
        />
        <Button
          data-testid="sim-run-all"
          disabled={!cases.length}
          onClick={() => {
            const v = verifyCases(ctx, cases, lang);
            setVerdicts(Object.fromEntries(v.map((x) => [x.name, x.ok ? null : x.diff])));
          }}
        >
          {t('sim.runAll')}
        </Button>
      </Space>
      {cases.length ? (
        <ul data-testid="sim-cases" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {cases.map((c) => {
            const v = verdicts[c.name];
            return (
              <li
                key={c.name}
                data-testid="sim-case"
                style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}
              >
                <Space wrap>
                  <b>{c.name}</b>
                  <span style={{ color: '#888' }}>
                    {userName(c.initiatorId)} · {c.expected.path.length}
                  </span>
                  {v === undefined ? null : v === null ? (
                    <Tag color="success">{t('sim.caseOk')}</Tag>
                  ) : (
                    <Tag color="error">{t('sim.caseDiverged')}</Tag>
                  )}
                  <Button
                    size="small"
                    data-testid="sim-case-run"
                    onClick={() => {
                      const [r] = verifyCases(ctx, [c], lang);
                      setVerdicts((m) => ({ ...m, [c.name]: r?.ok ? null : (r?.diff ?? []) }));
                      setRun({
                        key: Date.now(),
                        initiatorId: c.initiatorId,
                        formData: c.formData,
                        choices: c.choices,
                      });
                    }}
                  >
                    {t('sim.runCase')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => void saveCases(cases.filter((x) => x.name !== c.name))}
                  >
                    {t('sim.removeCase')}
                  </Button>
                </Space>
                {v ? (
                  <pre
                    data-testid="sim-case-diff"
                    style={{ color: '#cf1322', whiteSpace: 'pre-wrap', margin: 0 }}
                  >
                    {v.join('\n')}
                  </pre>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('sim.noCases')}</Typography.Text>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
        {t('sim.saveFirst')}
      </Typography.Paragraph>
    </section>
  );
}

import { compileForm, recalculate } from '@kp/engine';
import {
  CaseError,
  compileTemplate,
  createSimMachine,
  exportCase,
  findNode,
  type OrgDirectory,
  type OrgSnapshot,
  orgFromSnapshot,
  parseCase,
  SIM_START,
  type SimCase,
  type SimChoice,
  SimClock,
  type SimContext,
  type SimStep,
  Simulation,
  verifyCases,
} from '@kp/flow';
import { createMemoryProviders, FormRenderer, type FormRendererProps } from '@kp/renderer';
import type { FlowNode, FlowTemplateProperties, FormConfig } from '@kp/schema';
import { useActorRef, useSelector } from '@xstate/react';
import { Alert, Button, Divider, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { labelText, useDesignerT } from '../../i18n';
import type { NodeState } from '../FlowCanvas';

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

interface RunSpec {
  key: number;
  initiatorId: string;
  formData: Record<string, unknown>;
  choices: SimChoice[];
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

interface SimRunProps {
  ctx: SimContext;
  spec: RunSpec;
  org: OrgDirectory;
  userOptions: { value: string; label: string }[];
  form: FormConfig | null;
  providers: FormRendererProps['providers'];
  onStates(states: Map<string, NodeState> | null): void;
  onExport(
    input: { initiatorId: string; formData: Record<string, unknown>; choices: SimChoice[] },
    outcome: ReturnType<Simulation['outcome']>,
  ): void;
  caseNameInput: ReactNode;
}

/** One simulated run: the interpreter's XState machine as a React actor (@xstate/react), on a simulated clock. */
function SimRun({
  ctx,
  spec,
  org,
  userOptions,
  form,
  providers,
  onStates,
  onExport,
  caseNameInput,
}: SimRunProps) {
  const { t, lang } = useDesignerT();
  const [clock] = useState(() => new SimClock(SIM_START));
  const [machine] = useState(() => createSimMachine(ctx, clock));
  const actorRef = useActorRef(machine, { input: {} });
  const flow = useSelector(actorRef, (s) => s.context.flow);
  const simRef = useRef<Simulation | null>(null);
  const [steps, setSteps] = useState<SimStep[]>([]);
  const [choices, setChoices] = useState<SimChoice[]>([]);
  const [hours, setHours] = useState<number>(24);
  useEffect(() => {
    if (simRef.current) return;
    const sim = new Simulation(actorRef, ctx, clock);
    simRef.current = sim;
    sim.launch(spec.initiatorId, spec.formData);
    for (const c of spec.choices) sim.apply(c);
    setChoices([...spec.choices]);
    setSteps([...sim.steps]);
  }, [actorRef, ctx, clock, spec]);
  const sim = simRef.current;

  const compiled = compileTemplate(ctx.template);
  // biome-ignore lint/correctness/useExhaustiveDependencies: steps change when the path grows (the simulation object stays)
  useEffect(() => {
    if (!sim) return;
    const m = new Map<string, NodeState>();
    const mark = (id: string, s: NodeState) => {
      m.set(id, s);
      for (const e of compiled.nodes.get(id)?.enclosing ?? [])
        if (!m.has(e.branchId)) m.set(e.branchId, 'passed');
    };
    for (const id of sim.path) mark(id, 'passed');
    for (const id of flow.current) mark(id, 'current');
    onStates(m);
  }, [sim, flow, steps, compiled, onStates]);

  const title = (id: string) => labelText(findNode(ctx.template.tree, id)?.properties.title, lang) || id;
  const user = (id: string) => org.user(id)?.name ?? id;
  const apply = (c: SimChoice) => {
    if (!sim) return;
    sim.apply(c);
    setChoices((x) => [...x, c]);
    setSteps([...sim.steps]);
  };
  const pending = sim ? sim.pending() : [];
  const subflowWaits = flow.current.filter((id) => flow.runs[id]?.kind === 'subflow');
  const activeOps = flow.current
    .map(
      (id) =>
        (findNode(ctx.template.tree, id)?.properties as { formOperates?: FormRendererProps['formOperates'] })
          ?.formOperates,
    )
    .find((x) => x);

  return (
    <div data-testid="sim-run" data-status={flow.status}>
      <Divider titlePlacement="start" plain>
        {t('sim.status')}
      </Divider>
      <Space wrap>
        <Tag
          data-testid="sim-status"
          color={['default', 'processing', 'success', 'warning', 'default', 'error'][flow.status]}
        >
          {t(`sim.st${flow.status}`)}
        </Tag>
        <span>
          {t('sim.clock')}: <span data-testid="sim-clock">{clock.iso().replace('T', ' ').slice(0, 16)}</span>
        </span>
        <InputNumber
          aria-label={t('sim.hours')}
          data-testid="sim-hours"
          min={0}
          max={24 * 3650}
          value={hours}
          onChange={(v) => setHours(Number(v ?? 0))}
          suffix={t('sim.hours')}
          style={{ width: 120 }}
        />
        <Button
          data-testid="sim-advance"
          disabled={flow.status !== 1}
          onClick={() => apply({ kind: 'advance', ms: Math.round(hours * 3_600_000) })}
        >
          {t('sim.advance')}
        </Button>
      </Space>
      {form && flow.status === 1 && activeOps ? (
        <details style={{ marginTop: 8 }}>
          <summary>{t('sim.sampleData')}</summary>
          <FormRenderer
            config={form}
            value={flow.formData}
            providers={providers}
            formOperates={activeOps}
            language={lang}
            showButtons={false}
          />
        </details>
      ) : null}
      <Divider titlePlacement="start" plain>
        {t('sim.pending')}
      </Divider>
      {pending.length || subflowWaits.length || flow.status === 3 ? null : (
        <Typography.Text type="secondary">{t('sim.noPending')}</Typography.Text>
      )}
      <ul data-testid="sim-pending" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pending.map((p) => (
          <PendingRow
            key={p.taskId}
            nodeTitle={title(p.nodeId)}
            userName={user(p.userId)}
            blocked={p.blocked}
            rejectTargets={
              findNode(ctx.template.tree, p.nodeId)?.properties.rejectTarget === 'choose'
                ? flow.trail.filter((x) => x !== p.nodeId).map((x) => ({ value: x, label: title(x) }))
                : []
            }
            userOptions={userOptions.filter((u) => u.value !== p.userId)}
            testId={`sim-task-${p.nodeId}-${p.userId}`}
            onChoice={(c) => apply({ ...c, nodeId: p.nodeId, userId: p.userId } as SimChoice)}
          />
        ))}
        {subflowWaits.map((id) => (
          <li key={id} style={{ padding: '4px 0' }}>
            <Space>
              <span>
                {t('sim.subflowWait')}: {title(id)}
              </span>
              <Button
                size="small"
                data-testid={`sim-subflow-${id}`}
                onClick={() => apply({ kind: 'subflowReturn', nodeId: id })}
              >
                {t('sim.subflowReturn')}
              </Button>
            </Space>
          </li>
        ))}
        {flow.status === 3 ? (
          <li>
            <Button size="small" data-testid="sim-resubmit" onClick={() => apply({ kind: 'resubmit' })}>
              {t('sim.resubmit')}
            </Button>
          </li>
        ) : null}
      </ul>
      <Divider titlePlacement="start" plain>
        {t('sim.timeline')}
      </Divider>
      <div style={{ marginBottom: 8 }}>
        {t('sim.path')}: <span data-testid="sim-path">{(sim?.path ?? []).map(title).join(' → ')}</span>
      </div>
      <ol data-testid="sim-timeline" aria-live="polite" style={{ paddingLeft: 20, margin: 0 }}>
        {steps.map((s) => (
          <StepItem key={s.index} step={s} title={title} user={user} />
        ))}
      </ol>
      <Space wrap style={{ marginTop: 8 }}>
        {caseNameInput}
        <Button
          data-testid="sim-export"
          disabled={!sim}
          onClick={() =>
            sim &&
            onExport({ initiatorId: spec.initiatorId, formData: spec.formData, choices }, sim.outcome())
          }
        >
          {t('sim.exportCase')}
        </Button>
      </Space>
    </div>
  );
}

function PendingRow(props: {
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

function StepItem({
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

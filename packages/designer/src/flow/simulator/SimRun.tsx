import {
  compileTemplate,
  createSimMachine,
  findNode,
  type OrgDirectory,
  SIM_START,
  type SimChoice,
  SimClock,
  type SimContext,
  type SimStep,
  Simulation,
} from '@kp/flow';
import { FormRenderer, type FormRendererProps } from '@kp/renderer';
import type { FormConfig } from '@kp/schema';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Divider, InputNumber, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { labelText, useDesignerT } from '../../i18n';
import type { NodeState } from '../FlowCanvas';
import { PendingRow, StepItem } from './SimSteps';
export interface RunSpec {
  key: number;
  initiatorId: string;
  formData: Record<string, unknown>;
  choices: SimChoice[];
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
export function SimRun({
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

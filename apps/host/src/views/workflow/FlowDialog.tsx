import { FlowDesigner } from '@kp/designer';
import { type ButtonKey, buttonsFor, flowText, formWritability, type OpType } from '@kp/flow';
import { FormRenderer, type FormRendererHandle } from '@kp/renderer';
import type { FlowNode, FlowTemplate, FormConfig, FormOperate, Language } from '@kp/schema';
import {
  App,
  Badge,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Timeline,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { type BeforeInfo, type OperatorRecord, type UserOption, wfApi } from './api';
import { Comments } from './Comments';
import { refreshFlowCounts } from './counts';
import { WF_NS } from './i18n';
import {
  APPROVE_DIALOG_WIDTH,
  type ApprovalKind,
  canResubmit,
  checkApproval,
  checkAssign,
  checkCandidates,
  checkReason,
  FORM_INIT_DELAY_MS,
  handleStatusColor,
  handleStatusKey,
  NOTIFY_DIALOG_WIDTH,
  recordsHaveOpinion,
  relativeTime,
  statusTag,
  targetIdsOf,
  timeline,
} from './model';
import { OrgUserSelect } from './OrgUserSelect';
import { PrintPreview } from './PrintPreview';
import { launchDefaults, wfProviders } from './providers';
import { SignaturePad } from './SignaturePad';
import { fmtTime } from './util';

export interface FlowDialogOptions {
  opType: OpType;
  /** Flow task id (absent when launching a new flow). */
  taskId?: string;
  /** Operator task id (to-do rows) or the handled record id (done rows). */
  operatorId?: string;
  /** Circulated row id (marks it read). */
  circulateId?: string;
  /** Template id (launch). */
  flowId?: string;
  title?: string;
}

interface Loaded {
  form: FormConfig | null;
  tree: FlowNode | null;
  properties: Record<string, unknown>;
  info: BeforeInfo | null;
  data: Record<string, unknown>;
  /** Launch: the start node's field writability (from LaunchInfo). */
  launchOperates?: FormOperate[];
}

const AFTER_SUCCESS_MS = 1000;

/** The full-screen workflow form dialog (spec 2 §2) with its tabs, buttons and sub-dialogs. */
export function FlowDialog(props: FlowDialogOptions & { open: boolean; onClose(refresh: boolean): void }) {
  const { t } = useTranslation(WF_NS);
  const { modal } = App.useApp();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const lang = currentLanguage() as Language;
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formReady, setFormReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [approve, setApprove] = useState<ApprovalKind | null>(null);
  const [reasonFor, setReasonFor] = useState<'withdraw' | 'recall' | 'terminate' | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [printFormId, setPrintFormId] = useState<string | undefined>();
  const [printConfigs, setPrintConfigs] = useState<Array<{ id: string; fullName: string }> | null>(null);
  const [signerOpen, setSignerOpen] = useState(false);
  /** Candidate nodes to choose for, and what to do with the choice (launch submit or audit). */
  const [cand, setCand] = useState<{
    nodes: Array<{ nodeId: string; nodeName: string }>;
    id: string;
    flowId?: string;
    formData: Record<string, unknown>;
    /** Launch with isCustomCopy: the launcher may choose cc users too. */
    copy?: boolean;
    onChosen(list: Record<string, string[]>, copyIds: string[]): Promise<void>;
  } | null>(null);
  const formRef = useRef<FormRendererHandle | null>(null);
  const taskId = props.taskId;
  /** The initiator chose to edit a rejected or withdrawn request from its detail: the dialog turns into a launch. */
  const [editing, setEditing] = useState(false);
  const opType: OpType = editing ? -1 : props.opType;
  const [urgent, setUrgent] = useState(1);

  // --- load ---
  useEffect(() => {
    if (!props.open) return;
    let gone = false;
    setState(null);
    setError(null);
    setFormReady(false);
    (async () => {
      if (opType === -1 && !props.taskId && props.flowId) {
        // LaunchInfo: form, tree and start-node writability for anyone allowed to launch (no draft needed).
        const li = await wfApi.launchInfo(props.flowId);
        const form = (li.formConf ?? null) as FormConfig | null;
        return {
          form,
          tree: (li.flowTemplateJson ?? null) as FlowNode | null,
          properties: li.flowProperties ?? {},
          info: null,
          data: launchDefaults(form),
          launchOperates: li.formOperates,
        } satisfies Loaded;
      }
      const id = props.taskId as string;
      const info = await wfApi.info(id, opType === 1 ? props.operatorId : undefined);
      const form = info.flowFormInfo.propertyJson;
      const data = {
        ...(opType === -1 ? launchDefaults(form) : {}),
        ...(info.draftData ?? info.formData ?? {}),
      };
      return {
        form,
        tree: info.flowTaskInfo.flowTemplateJson,
        properties: info.flowProperties ?? {},
        info,
        data,
      } satisfies Loaded;
    })()
      .then((l) => {
        if (gone) return;
        setState(l);
        setUrgent(l.info?.flowTaskInfo.flowUrgent ?? 1);
        setTimeout(() => !gone && setFormReady(true), FORM_INIT_DELAY_MS);
      })
      .catch((e: unknown) => !gone && setError(e instanceof Error ? e.message : String(e)));
    if (opType === 3 && props.circulateId)
      void wfApi
        .circulateRead(props.circulateId)
        .then(refreshFlowCounts)
        .catch(() => {});
    return () => {
      gone = true;
    };
  }, [props.open, props.taskId, props.flowId, props.operatorId, props.circulateId, opType]);

  const info = state?.info ?? null;
  const status = info?.flowTaskInfo.status ?? 0;
  const records = info?.flowTaskOperatorRecordList ?? [];
  const nodeProps = (info?.approversProperties ?? {}) as Record<string, unknown>;
  /** The operator task id for actions: to-do rows give it; done rows give the record whose operatorId we need. */
  const operatorId = useMemo(() => {
    if (opType === 2) return records.find((r) => r.id === props.operatorId)?.operatorId ?? props.operatorId;
    return props.operatorId;
  }, [opType, records, props.operatorId]);
  const pendingMine =
    opType === 1 && !records.some((r) => r.operatorId === operatorId && r.handleStatus !== 2);

  const template: FlowTemplate | null = state?.tree
    ? { flowId: props.flowId, tree: state.tree, properties: state.properties as FlowTemplate['properties'] }
    : null;
  const node = { nodeId: 'current', type: 'approver', properties: nodeProps } as unknown as FlowNode;
  const isManager = !!user?.isAdministrator || opType === 4;
  const buttons = template
    ? buttonsFor(
        opType,
        opType === 1 || opType === 2
          ? ({
              id: operatorId ?? '',
              nodeId: 'current',
              userId: user?.userId ?? '',
              status: opType === 1 ? (pendingMine ? 'pending' : 'done') : 'done',
              kind: 'approver',
              createdAt: '',
              createdVersion: 0,
            } as never)
          : null,
        template,
        { id: user?.userId ?? '', isManager },
        {
          status: (opType === -1 ? 0 : status) as never,
          node: opType === 1 || opType === 2 ? node : undefined,
          initiatorId: info?.flowTaskInfo.creatorUserId,
        },
      )
    : [];
  const writable =
    opType === -1
      ? { readonly: false, operates: info?.formOperates ?? state?.launchOperates ?? [] }
      : formWritability(opType, opType === 1 ? node : null, template ?? undefined);
  const hasSign = nodeProps.hasSign === true;

  const finish = useCallback(() => {
    void refreshFlowCounts();
    setTimeout(() => props.onClose(true), AFTER_SUCCESS_MS);
  }, [props]);

  const closeDialog = () => {
    props.onClose(false);
  };

  // --- actions ---
  const formData = () => formRef.current?.getData() ?? state?.data ?? {};
  const launch = async (save: boolean) => {
    const flowId = info?.flowTaskInfo.flowId ?? props.flowId;
    const data = formData();
    const send = async (candidateList?: Record<string, string[]>, copyIds?: string[]) => {
      setBusy(true);
      try {
        const body = {
          flowId,
          status: save ? 1 : 0,
          // formType 1 (designed forms): flowState 0 on submit, 1 on save (spec 2 §4)
          flowState: save ? 1 : 0,
          flowUrgent: urgent,
          formData: data,
          candidateList,
          ...(copyIds?.length ? { copyIds: copyIds.join(',') } : {}),
        };
        if (taskId) await wfApi.resubmit(taskId, body);
        else await wfApi.submit(body);
        finish();
      } catch {
        setBusy(false);
        throw new Error('failed');
      }
    };
    if (save) return send().catch(() => {});
    const errs = formRef.current?.validate() ?? {};
    if (Object.keys(errs).length) return;
    const nodes = await wfApi.candidates('0', { flowId, formData: data }).catch(() => null);
    if (nodes === null) return;
    // cc at launch: the start node (or the flow) lets the launcher choose whom to copy
    const copy = state?.tree?.properties?.isCustomCopy === true || state?.properties.isCustomCopy === true;
    if (nodes.length || copy) {
      setCand({ nodes, id: '0', flowId, formData: data, copy, onChosen: send });
      return;
    }
    const ok = await modal.confirm({ title: t('msg.tip'), content: t('msg.submitConfirm') });
    if (ok) await send().catch(() => {});
  };
  const press = async () => {
    if (!taskId) return;
    if (!(await modal.confirm({ title: t('msg.tip'), content: t('msg.pressConfirm') }))) return;
    await wfApi.press(taskId).catch(() => {});
  };
  const act = async (k: ButtonKey) => {
    switch (k) {
      case 'submit':
        return launch(false);
      case 'save':
        if (opType === -1) return launch(true);
        if (operatorId) {
          setBusy(true);
          await wfApi.saveAudit(operatorId, { formData: formData() }).catch(() => {});
          setBusy(false);
        } else if (opType === 4 && taskId) {
          // the monitor's save: submit status 2 (manager save, spec 2 §4) keeps the flow where it stands
          const flowId = info?.flowTaskInfo.flowId ?? props.flowId;
          setBusy(true);
          await wfApi
            .resubmit(taskId, { flowId, status: 2, formData: formData() })
            .then(finish)
            .catch(() => {});
          setBusy(false);
        }
        return;
      case 'audit':
        return setApprove('audit');
      case 'reject':
        return setApprove('reject');
      case 'transfer':
        return setTransferOpen(true);
      case 'press':
        return press();
      case 'withdraw':
        return setReasonFor('withdraw');
      case 'recall':
        return setReasonFor('recall');
      case 'terminate':
        return setReasonFor('terminate');
      case 'assign':
        return setAssignOpen(true);
      case 'copy':
        return setNotifyOpen(true);
      case 'cancel':
        return closeDialog();
      case 'refile':
        if (!taskId || !(await modal.confirm({ title: t('msg.tip'), content: t('msg.refileConfirm') })))
          return;
        await wfApi
          .rearchive(taskId, formData())
          .then(finish)
          .catch(() => {});
        return;
    }
  };

  /** Print: the print-template picker when the node offers templates, else the default preview. */
  const openPrint = async () => {
    if (!taskId) return;
    const list = await wfApi.printConfig(taskId).catch(() => []);
    if (list.length) setPrintConfigs(list);
    else {
      setPrintFormId(undefined);
      setPrintOpen(true);
    }
  };

  const title = props.title ?? info?.flowTaskInfo.fullName ?? t('title.launch');
  const tag = opType !== -1 && info ? statusTag(status) : null;

  const tabs = [
    {
      key: 'form',
      label: t('tab.form'),
      children:
        state?.form && formReady ? (
          <div data-testid="wf-form" style={{ maxWidth: 1000, margin: '0 auto' }}>
            <FormRenderer
              ref={formRef}
              config={state.form}
              value={state.data}
              mode={writable.readonly ? 'view' : opType === -1 ? 'create' : 'edit'}
              formOperates={writable.operates}
              providers={providers}
              language={lang}
              showButtons={false}
            />
          </div>
        ) : (
          <Spin />
        ),
    },
    ...(opType !== -1 && state?.tree
      ? [
          {
            key: 'flow',
            label: t('tab.flow'),
            children: (
              <div data-testid="wf-chart">
                <FlowDesigner
                  value={state.tree}
                  readOnly
                  nodeStates={info?.flowTaskNodeList ?? []}
                  options={chartOptions}
                  language={lang}
                  height={560}
                />
              </div>
            ),
          },
          {
            key: 'records',
            label: (
              <Badge dot={recordsHaveOpinion(records)} offset={[6, 0]}>
                {t('tab.records')}
              </Badge>
            ),
            children: <RecordTimeline records={records} endTime={info?.flowTaskInfo.endTime} />,
          },
          ...(nodeProps.isSummary === true || state.properties.isSummary === true
            ? [
                {
                  key: 'summary',
                  label: t('tab.summary'),
                  children: taskId ? <Summary taskId={taskId} /> : null,
                },
              ]
            : []),
          {
            key: 'comments',
            label: (
              <Badge dot={!!info?.flowHasComment} offset={[6, 0]}>
                {t('tab.comments')}
              </Badge>
            ),
            children: taskId ? <Comments taskId={taskId} /> : null,
          },
        ]
      : []),
  ];

  return (
    <Modal
      open={props.open}
      onCancel={closeDialog}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', padding: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 110px)' } }}
      destroyOnHidden
      maskClosable={false}
      keyboard={false}
      title={
        <Space>
          <span data-testid="wf-dialog-title">{title}</span>
          {tag && (
            <Tag color={tag.color} data-testid="wf-dialog-status">
              {t(tag.key)}
            </Tag>
          )}
        </Space>
      }
      footer={
        <Space wrap data-testid="wf-buttons">
          {opType === -1 && (
            <Space size={4}>
              <span>{t('dlg.urgent')}</span>
              <Select
                data-testid="wf-urgent"
                aria-label={t('dlg.urgent')}
                style={{ width: 100 }}
                value={urgent}
                onChange={setUrgent}
                options={[1, 2, 3].map((u) => ({ value: u, label: t(`urgent.${u}`) }))}
              />
            </Space>
          )}
          {props.opType === 0 &&
            !editing &&
            info &&
            canResubmit(info.flowTaskInfo) &&
            (!info.flowTaskInfo.creatorUserId || info.flowTaskInfo.creatorUserId === user?.userId) && (
              <Button type="primary" data-testid="wf-btn-resubmit" onClick={() => setEditing(true)}>
                {t('btn.resubmit')}
              </Button>
            )}
          {opType !== -1 && info && (
            <Button onClick={() => void openPrint()} data-testid="wf-btn-print">
              {t('btn.print')}
            </Button>
          )}
          {pendingMine && (
            <Button onClick={() => setSignerOpen(true)} data-testid="wf-btn-addSigner">
              {t('btn.addSigner')}
            </Button>
          )}
          {buttons
            .filter((b) => b.key !== 'copy' || (opType !== -1 && !!taskId))
            .map((b) => (
              <Button
                key={b.key}
                data-testid={`wf-btn-${b.key}`}
                type={['submit', 'audit'].includes(b.key) ? 'primary' : 'default'}
                danger={['reject', 'terminate'].includes(b.key)}
                loading={busy && ['submit', 'save'].includes(b.key)}
                disabled={!state}
                onClick={() => void act(b.key)}
              >
                {b.key === 'copy'
                  ? t('btn.notify')
                  : b.text === flowText(b.code, 'zh')
                    ? flowText(b.code, lang) // the default text, in the user's language
                    : b.text}
              </Button>
            ))}
        </Space>
      }
    >
      {error ? (
        <Empty description={error} />
      ) : !state ? (
        <Spin />
      ) : (
        <Tabs items={tabs} destroyOnHidden={false} data-testid="wf-tabs" />
      )}
      <ApproveDialog
        kind={approve}
        hasSign={hasSign}
        freeApprover={nodeProps.hasFreeApprover === true}
        customCopy={nodeProps.isCustomCopy === true}
        onCancel={() => setApprove(null)}
        onSubmit={async (v) => {
          if (!operatorId || !approve) return;
          const body = {
            handleOpinion: v.opinion,
            signImg: v.signImg ?? undefined,
            copyIds: v.copyIds?.join(','),
            freeApproverUserId: v.freeApprover || undefined,
            ...(approve === 'audit' ? { formData: formData() } : {}),
          };
          const run = async (candidateList?: Record<string, string[]>) => {
            try {
              if (approve === 'audit') await wfApi.audit(operatorId, { ...body, candidateList });
              else await wfApi.reject(operatorId, body);
              finish();
            } catch {
              setApprove(null);
              throw new Error('failed');
            }
          };
          if (approve === 'audit') {
            const nodes = await wfApi.candidates(operatorId, { formData: body.formData }).catch(() => null);
            if (nodes === null) throw new Error('failed');
            if (nodes.length) {
              setCand({ nodes, id: operatorId, formData: body.formData ?? {}, onChosen: run });
              throw new Error('candidates');
            }
          }
          await run();
        }}
      />
      <ReasonDialog
        kind={reasonFor}
        onCancel={() => setReasonFor(null)}
        onSubmit={async (reason) => {
          if (!taskId) return;
          if (reasonFor === 'withdraw') await wfApi.withdraw(taskId, reason);
          else if (reasonFor === 'recall' && operatorId) await wfApi.recall(operatorId, reason);
          else if (reasonFor === 'terminate') await wfApi.cancel(taskId, reason);
          setReasonFor(null);
          finish();
        }}
      />
      <UserPickDialog
        open={transferOpen}
        title={t('dlg.transfer')}
        requiredText={t('msg.transferUser')}
        onCancel={() => setTransferOpen(false)}
        onSubmit={async (uid) => {
          if (!operatorId) return;
          await wfApi.transfer(operatorId, { freeApproverUserId: uid[0] });
          setTransferOpen(false);
          finish();
        }}
      />
      <UserPickDialog
        open={signerOpen}
        multiple
        title={t('btn.addSigner')}
        requiredText={t('msg.signerRequired')}
        onCancel={() => setSignerOpen(false)}
        onSubmit={async (ids) => {
          if (!operatorId) return;
          await wfApi.addSigner(operatorId, ids);
          setSignerOpen(false);
          finish();
        }}
      />
      <CandidateDialog
        value={cand}
        onCancel={() => setCand(null)}
        onSubmit={async (list, copyIds) => {
          if (!cand) return;
          await cand.onChosen(list, copyIds);
          setCand(null);
        }}
      />
      {taskId && (
        <AssignDialog
          open={assignOpen}
          taskId={taskId}
          onCancel={() => setAssignOpen(false)}
          onDone={() => {
            setAssignOpen(false);
            finish();
          }}
        />
      )}
      {taskId && <NotifyDialog open={notifyOpen} taskId={taskId} onClose={() => setNotifyOpen(false)} />}
      {taskId && state?.form && (
        <PrintPreview
          open={printOpen}
          taskId={taskId}
          title={title}
          form={state.form}
          records={records}
          formId={printFormId}
          onClose={() => setPrintOpen(false)}
        />
      )}
      <Modal
        open={!!printConfigs}
        title={t('dlg.printTemplate')}
        footer={null}
        onCancel={() => setPrintConfigs(null)}
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={printConfigs ?? []}
          data-testid="wf-print-picker"
          columns={[
            { title: t('col.fullName'), dataIndex: 'fullName' },
            {
              title: t('col.action'),
              width: 90,
              render: (_: unknown, r: { id: string }) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setPrintFormId(r.id);
                    setPrintConfigs(null);
                    setPrintOpen(true);
                  }}
                >
                  {t('btn.confirm')}
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </Modal>
  );
}

const providers = wfProviders();
/** The read-only chart names the people, positions and roles of its nodes through the organisation. */
const chartOptions = { org: providers };

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

/** The approve/reject dialog, 600 px: opinion (required for reject), signature, cc and added signer. */
function ApproveDialog(props: {
  kind: ApprovalKind | null;
  hasSign: boolean;
  freeApprover: boolean;
  customCopy: boolean;
  onCancel(): void;
  onSubmit(v: {
    opinion: string;
    signImg: string | null;
    copyIds?: string[];
    freeApprover?: string;
  }): Promise<void>;
}) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [opinion, setOpinion] = useState('');
  const [signImg, setSignImg] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [freeApprover, setFreeApprover] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (props.kind) {
      setOpinion('');
      setSignImg(null);
      setCopyIds([]);
      setFreeApprover(undefined);
      setLoading(false);
    }
  }, [props.kind]);
  return (
    <Modal
      open={!!props.kind}
      width={APPROVE_DIALOG_WIDTH}
      title={props.kind === 'reject' ? t('dlg.reject') : t('dlg.approve')}
      onCancel={props.onCancel}
      okText={t('btn.confirm')}
      cancelText={t('btn.cancel')}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-approve-ok' } as never}
      onOk={async () => {
        const err = props.kind && checkApproval(props.kind, { opinion, hasSign: props.hasSign, signImg });
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit({ opinion, signImg, copyIds, freeApprover });
        } catch {
          setLoading(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('dlg.opinion')} required={props.kind === 'reject'}>
          <Input.TextArea
            data-testid="wf-opinion"
            rows={4}
            value={opinion}
            placeholder={t('dlg.opinionPlaceholder')}
            onChange={(e) => setOpinion(e.target.value)}
          />
        </Form.Item>
        {props.freeApprover && props.kind === 'audit' && (
          <Form.Item label={t('dlg.freeApprover')}>
            <OrgUserSelect
              testId="wf-free-approver"
              title={t('dlg.freeApprover')}
              value={freeApprover ? [freeApprover] : []}
              onChange={(ids) => setFreeApprover(ids[0])}
            />
          </Form.Item>
        )}
        {props.customCopy && (
          <Form.Item label={t('dlg.copyTo')}>
            <OrgUserSelect
              multiple
              testId="wf-copy-to"
              title={t('dlg.copyTo')}
              value={copyIds}
              onChange={setCopyIds}
            />
          </Form.Item>
        )}
        <Form.Item label={t('record.sign')} required={props.hasSign}>
          <Space direction="vertical">
            {signImg && (
              <img
                data-testid="wf-sign-preview"
                alt={t('record.sign')}
                src={signImg}
                style={{ height: 80, border: '1px solid #eee' }}
              />
            )}
            <Button data-testid="wf-sign-open" onClick={() => setPadOpen(true)}>
              {t('btn.sign')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <SignaturePad
        open={padOpen}
        onCancel={() => setPadOpen(false)}
        onConfirm={(d) => {
          setSignImg(d);
          setPadOpen(false);
        }}
      />
    </Modal>
  );
}

function ReasonDialog(props: {
  kind: 'withdraw' | 'recall' | 'terminate' | null;
  onCancel(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (props.kind) {
      setReason('');
      setLoading(false);
    }
  }, [props.kind]);
  return (
    <Modal
      open={!!props.kind}
      title={
        props.kind === 'terminate'
          ? t('msg.terminateTitle')
          : props.kind === 'recall'
            ? t('btn.withdraw')
            : t('btn.withdraw')
      }
      onCancel={props.onCancel}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-reason-ok' } as never}
      onOk={async () => {
        const err = props.kind && checkReason(props.kind, reason);
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit(reason.trim());
        } catch {
          setLoading(false);
        }
      }}
    >
      <Input.TextArea
        data-testid="wf-reason"
        rows={3}
        value={reason}
        placeholder={t('dlg.reason')}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

export function UserPickDialog(props: {
  open: boolean;
  title: string;
  requiredText: string;
  multiple?: boolean;
  onCancel(): void;
  onSubmit(userIds: string[]): Promise<void>;
}) {
  const { message } = App.useApp();
  const [ids, setIds] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (props.open) {
      setIds([]);
      setLoading(false);
    }
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      confirmLoading={loading}
      onOk={async () => {
        if (!ids.length) {
          message.warning(props.requiredText);
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit(ids);
        } catch {
          setLoading(false);
        }
      }}
    >
      <OrgUserSelect
        testId="wf-user-pick"
        multiple={props.multiple}
        title={props.title}
        value={ids}
        onChange={setIds}
      />
    </Modal>
  );
}

/**
 * Candidate selection (提交审核): one multi-select of approvers per node; each needs one (审批人不能为空).
 * At a launch whose start node has isCustomCopy it also offers the cc picker.
 */
function CandidateDialog(props: {
  value: {
    nodes: Array<{ nodeId: string; nodeName: string }>;
    id: string;
    flowId?: string;
    formData: Record<string, unknown>;
    copy?: boolean;
  } | null;
  onCancel(): void;
  onSubmit(list: Record<string, string[]>, copyIds: string[]): Promise<void>;
}) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [options, setOptions] = useState<Record<string, UserOption[]>>({});
  const [loading, setLoading] = useState(false);
  const v = props.value;
  const search = useCallback(
    (nodeCode: string, keyword?: string) => {
      if (!v) return;
      void wfApi
        .candidateUsers(v.id, {
          nodeCode,
          keyword,
          currentPage: 1,
          pageSize: 50,
          flowId: v.flowId,
          formData: v.formData,
        })
        .then((p) => setOptions((o) => ({ ...o, [nodeCode]: p.list })))
        .catch(() => {});
    },
    [v],
  );
  useEffect(() => {
    if (!v) return;
    setChosen({});
    setCopyIds([]);
    setLoading(false);
    for (const n of v.nodes) search(n.nodeId);
  }, [v, search]);
  return (
    <Modal
      open={!!v}
      title={t('dlg.candidates')}
      onCancel={props.onCancel}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-candidates-ok' } as never}
      onOk={async () => {
        if (!v) return;
        const err = checkCandidates(v.nodes, chosen);
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await props.onSubmit(chosen, copyIds);
        } catch {
          setLoading(false);
        }
      }}
    >
      <Form layout="vertical">
        {v?.nodes.map((n) => (
          <Form.Item key={n.nodeId} label={n.nodeName} required>
            <Select
              mode="multiple"
              data-testid={`wf-candidate-${n.nodeId}`}
              showSearch={{ filterOption: false, onSearch: (kw: string) => search(n.nodeId, kw) }}
              options={(options[n.nodeId] ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
              value={chosen[n.nodeId] ?? []}
              onChange={(ids: string[]) => setChosen((c) => ({ ...c, [n.nodeId]: ids }))}
            />
          </Form.Item>
        ))}
        {v?.copy && (
          <Form.Item label={t('dlg.copyTo')}>
            <OrgUserSelect
              multiple
              testId="wf-launch-copy-to"
              title={t('dlg.copyTo')}
              value={copyIds}
              onChange={setCopyIds}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Approval summary: by department (category 1) or by position (category 3); opinion cards or 暂无数据. */
function Summary(props: { taskId: string }) {
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

/** Assign (manager): node (请选择指派节点) and target user (请选择指派给谁). */
export function AssignDialog(props: { open: boolean; taskId: string; onCancel(): void; onDone(): void }) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<Array<{ nodeId: string; nodeName: string }>>([]);
  const [nodeCode, setNodeCode] = useState<string | undefined>();
  const [uid, setUid] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setNodeCode(undefined);
    setUid(undefined);
    setLoading(false);
    void wfApi
      .nodeSelector(props.taskId)
      .then(setNodes)
      .catch(() => setNodes([]));
  }, [props.open, props.taskId]);
  return (
    <Modal
      open={props.open}
      title={t('dlg.assign')}
      onCancel={props.onCancel}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-assign-ok' } as never}
      onOk={async () => {
        const err = checkAssign({ nodeCode, userId: uid });
        if (err) {
          message.warning(t(err));
          return;
        }
        setLoading(true);
        try {
          await wfApi.assign(props.taskId, nodeCode as string, uid as string);
          props.onDone();
        } catch {
          setLoading(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('dlg.assignNode')} required>
          <Select
            data-testid="wf-assign-node"
            options={nodes.map((n) => ({ value: n.nodeId, label: n.nodeName }))}
            value={nodeCode}
            onChange={setNodeCode}
          />
        </Form.Item>
        <Form.Item label={t('dlg.assignUser')} required>
          <OrgUserSelect
            testId="wf-assign-user"
            title={t('dlg.assignUser')}
            value={uid ? [uid] : []}
            onChange={(ids) => setUid(ids[0])}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The notify (known-person) picker: 选择知会人, 800 px, users chosen in the organisation user picker. */
function NotifyDialog(props: { open: boolean; taskId: string; onClose(): void }) {
  const { t } = useTranslation(WF_NS);
  const [ids, setIds] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setIds([]);
    setLoading(false);
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      width={NOTIFY_DIALOG_WIDTH}
      title={t('dlg.notify')}
      onCancel={props.onClose}
      okText={t('btn.confirm')}
      cancelText={t('btn.cancel')}
      confirmLoading={loading}
      okButtonProps={{ 'data-testid': 'wf-notify-ok', disabled: !ids.length } as never}
      onOk={async () => {
        setLoading(true);
        try {
          await wfApi.notify(props.taskId, ids);
          props.onClose();
        } catch {
          setLoading(false);
        }
      }}
    >
      <OrgUserSelect
        multiple
        testId="wf-notify-users"
        title={t('dlg.notify')}
        value={ids}
        onChange={setIds}
      />
    </Modal>
  );
}

import { type ButtonKey, buttonsFor, flowText, formWritability, type OpType } from '@kp/flow';
import type { FormRendererHandle } from '@kp/renderer';
import type { FlowNode, FlowTemplate, Language } from '@kp/schema';
import { App, Button, Empty, Modal, Select, Space, Spin, Tabs, Tag } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { requestScope } from '../../store/unsent';
import { wfApi } from './api';
import { refreshFlowCounts } from './counts';
import { ApproveDialog, ReasonDialog } from './FlowActionDialogs';
import { type FlowDialogOptions, FlowPrint, flowTabs, useFlowLoad } from './FlowDialogParts';
import { WF_NS } from './i18n';
import { type ApprovalKind, canResubmit, managerButtonAllowed, statusTag } from './model';

export type { FlowDialogOptions } from './FlowDialogParts';

import { AssignDialog, CandidateDialog, NotifyDialog, UserPickDialog } from './FlowPickers';

const AFTER_SUCCESS_MS = 1000;

/** The full-screen workflow form dialog (spec 2 §2) with its tabs, buttons and sub-dialogs. */
export function FlowDialog(props: FlowDialogOptions & { open: boolean; onClose(refresh: boolean): void }) {
  const { t } = useTranslation(WF_NS);
  const { modal } = App.useApp();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const lang = currentLanguage() as Language;
  const [busy, setBusy] = useState(false);
  const [approve, setApprove] = useState<ApprovalKind | null>(null);
  const [reasonFor, setReasonFor] = useState<'withdraw' | 'recall' | 'terminate' | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const printRef = useRef<{ open(): void } | null>(null);
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

  const { state, error, formReady, urgent, setUrgent } = useFlowLoad(props, opType);

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

  // What the user types into a writable form is kept in this browser until it is sent (an ended session, a
  // reload or a closed tab loses nothing), and closing with input not sent asks first.
  const unsent = useUnsentInput({
    scope:
      state && !writable.readonly && (opType === -1 || opType === 1)
        ? requestScope({ taskId, flowId: props.flowId, operatorId: opType === 1 ? operatorId : undefined })
        : null,
    ready: formReady,
    read: () => formRef.current?.getData(),
    write: (data) => formRef.current?.setData(data),
    extra: opType === -1 ? { urgent } : undefined,
    onRestore: (extra) => typeof extra?.urgent === 'number' && setUrgent(extra.urgent),
  });
  const { settle } = unsent;

  const finish = useCallback(() => {
    settle();
    void refreshFlowCounts();
    setTimeout(() => props.onClose(true), AFTER_SUCCESS_MS);
  }, [props, settle]);

  const closeDialog = async () => {
    if (await unsent.confirmClose()) props.onClose(false);
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
          await wfApi
            .saveAudit(operatorId, { formData: formData() })
            .then(settle)
            .catch(() => {});
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
        return void closeDialog();
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

  const title = props.title ?? info?.flowTaskInfo.fullName ?? t('title.launch');
  const tag = opType !== -1 && info ? statusTag(status) : null;

  const tabs = flowTabs({
    t,
    state,
    formReady,
    formRef,
    writable,
    opType,
    lang,
    info,
    records,
    nodeProps,
    taskId,
    onChange: unsent.onChange,
    onFormMounted: unsent.formMounted,
  });

  return (
    <Modal
      open={props.open}
      onCancel={() => void closeDialog()}
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
            <Button onClick={() => printRef.current?.open()} data-testid="wf-btn-print">
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
            .filter((b) =>
              managerButtonAllowed(opType, b.key, props.pageBtn ?? (() => !!user?.isAdministrator)),
            )
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
        <>
          <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
          <Tabs items={tabs} destroyOnHidden={false} data-testid="wf-tabs" />
        </>
      )}
      <ApproveDialog
        kind={approve}
        hasSign={hasSign}
        freeApprover={nodeProps.hasFreeApprover === true}
        customCopy={nodeProps.isCustomCopy === true}
        keepAs={operatorId}
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
        <FlowPrint ref={printRef} taskId={taskId} title={title} form={state.form} records={records} />
      )}
    </Modal>
  );
}

/** The flow dialog a list opened (none: nothing); closing it with a change reloads the list. */
export function ListDialog(props: {
  dialog: FlowDialogOptions | null;
  onClose: () => void;
  reload: () => void;
}) {
  if (!props.dialog) return null;
  return (
    <FlowDialog
      open
      {...props.dialog}
      onClose={(refresh) => {
        props.onClose();
        if (refresh) props.reload();
      }}
    />
  );
}

import { FlowDesigner } from '@kp/designer';
import type { OpType } from '@kp/flow';
import { FormRenderer, type FormRendererHandle, type FormRendererProps } from '@kp/renderer';
import type { FlowNode, FormConfig, FormOperate, Language } from '@kp/schema';
import { Badge, Button, Modal, Spin, Table } from 'antd';
import type { TFunction } from 'i18next';
import { type Ref, type RefObject, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BeforeInfo, type OperatorRecord, wfApi } from './api';
import { Comments } from './Comments';
import { refreshFlowCounts } from './counts';
import { providers, RecordTimeline, Summary } from './FlowRecords';
import { WF_NS } from './i18n';
import { FORM_INIT_DELAY_MS, recordsHaveOpinion } from './model';
import { PrintPreview } from './PrintPreview';
import { launchDefaults } from './providers';

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
  /**
   * The opening page's button check: on the monitor (opType 4) a manager operation shows only with its
   * monitor button (model.ts MONITOR_BUTTONS), on 我发起的 (opType 0) withdraw and press only with theirs
   * (LAUNCH_BUTTONS). Absent: administrators only.
   */
  pageBtn?: (code: string) => boolean;
}

/** The read-only chart names the people, positions and roles of its nodes through the organisation. */
const chartOptions = { org: providers };

/** What the dialog shows: the form, the flow tree and the task's state. */
export interface Loaded {
  form: FormConfig | null;
  tree: FlowNode | null;
  properties: Record<string, unknown>;
  info: BeforeInfo | null;
  data: Record<string, unknown>;
  /** Launch: the start node's field writability (from LaunchInfo). */
  launchOperates?: FormOperate[];
}

/**
 * Loads the dialog's form and flow: LaunchInfo for a new request, the task's info otherwise (with the draft
 * or saved data over the form's defaults); marks a circulated row read. The form mounts after a short delay.
 */
export function useFlowLoad(
  props: Pick<FlowDialogOptions, 'taskId' | 'flowId' | 'operatorId' | 'circulateId'> & { open: boolean },
  opType: OpType,
) {
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formReady, setFormReady] = useState(false);
  const [urgent, setUrgent] = useState(1);
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

  return { state, error, formReady, urgent, setUrgent };
}

/** The dialog's tabs: the form, and for an existing task the chart, records, summary and comments. */
export function flowTabs({
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
  onChange,
  onFormMounted,
}: {
  t: TFunction;
  state: Loaded | null;
  formReady: boolean;
  formRef: RefObject<FormRendererHandle | null>;
  writable: { readonly: boolean; operates: FormRendererProps['formOperates'] };
  opType: OpType;
  lang: Language;
  info: BeforeInfo | null;
  records: OperatorRecord[];
  nodeProps: Record<string, unknown>;
  taskId?: string;
  /** Every change of the form's data (the dialog keeps unsent input). */
  onChange?(data: Record<string, unknown>): void;
  /** The form is mounted with the loaded data (called from its ref). */
  onFormMounted?(): void;
}) {
  return [
    {
      key: 'form',
      label: t('tab.form'),
      children:
        state?.form && formReady ? (
          <div data-testid="wf-form" style={{ maxWidth: 1000, margin: '0 auto' }}>
            <FormRenderer
              ref={(h) => {
                formRef.current = h;
                if (h) onFormMounted?.();
              }}
              config={state.form}
              value={state.data}
              mode={writable.readonly ? 'view' : opType === -1 ? 'create' : 'edit'}
              formOperates={writable.operates}
              providers={providers}
              language={lang}
              showButtons={false}
              onChange={onChange}
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
}

/**
 * Print: the print-template picker when the node offers templates, else the default preview (spec 3 §3).
 * The dialog opens it through `ref.open()`.
 */
export function FlowPrint({
  ref,
  taskId,
  title,
  form,
  records,
}: {
  ref: Ref<{ open(): void }>;
  taskId: string;
  title: string;
  form: FormConfig;
  records: OperatorRecord[];
}) {
  const { t } = useTranslation(WF_NS);
  const [printOpen, setPrintOpen] = useState(false);
  const [printFormId, setPrintFormId] = useState<string | undefined>();
  const [printConfigs, setPrintConfigs] = useState<Array<{ id: string; fullName: string }> | null>(null);
  const openPrint = async () => {
    const list = await wfApi.printConfig(taskId).catch(() => []);
    if (list.length) setPrintConfigs(list);
    else {
      setPrintFormId(undefined);
      setPrintOpen(true);
    }
  };

  useImperativeHandle(ref, () => ({ open: () => void openPrint() }));
  return (
    <>
      <PrintPreview
        open={printOpen}
        taskId={taskId}
        title={title}
        form={form}
        records={records}
        formId={printFormId}
        onClose={() => setPrintOpen(false)}
      />
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
    </>
  );
}

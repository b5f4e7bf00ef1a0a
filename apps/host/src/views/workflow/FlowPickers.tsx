import { App, Form, Modal, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSelect } from '../../kit/PagedSelect';
import type { PageQuery } from '../../kit/usePagedScroll';
import { wfApi } from './api';
import { WF_NS } from './i18n';
import { checkAssign, checkCandidates, NOTIFY_DIALOG_WIDTH } from './model';
import { OrgUserSelect } from './OrgUserSelect';

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
 * The users one may choose for a candidate node: 20 a page, the next when the dropdown is scrolled within
 * 200 px of its bottom, none after a short page, page 1 again for each keyword (spec 1 §9, spec 2 §7).
 */
function CandidateSelect(props: {
  taskId: string;
  flowId?: string;
  formData: Record<string, unknown>;
  nodeCode: string;
  value: string[];
  onChange(ids: string[]): void;
}) {
  const { taskId, flowId, formData, nodeCode } = props;
  const fetchPage = useCallback(
    (q: PageQuery) =>
      wfApi
        .candidateUsers(taskId, { ...q, keyword: q.keyword || undefined, nodeCode, flowId, formData })
        .then((p) => p.list.map((u) => ({ value: u.id, label: u.fullName }))),
    [taskId, flowId, formData, nodeCode],
  );
  return (
    <PagedSelect
      mode="multiple"
      data-testid={`wf-candidate-${nodeCode}`}
      fetchPage={fetchPage}
      value={props.value}
      onChange={(ids) => props.onChange(Array.isArray(ids) ? ids : [ids])}
    />
  );
}

/**
 * Candidate selection (提交审核): one multi-select of approvers per node; each needs one (审批人不能为空).
 * At a launch whose start node has isCustomCopy it also offers the cc picker.
 */
export function CandidateDialog(props: {
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
  const [loading, setLoading] = useState(false);
  const v = props.value;
  useEffect(() => {
    if (!v) return;
    setChosen({});
    setCopyIds([]);
    setLoading(false);
  }, [v]);
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
            <CandidateSelect
              taskId={v.id}
              flowId={v.flowId}
              formData={v.formData}
              nodeCode={n.nodeId}
              value={chosen[n.nodeId] ?? []}
              onChange={(ids) => setChosen((c) => ({ ...c, [n.nodeId]: ids }))}
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
export function NotifyDialog(props: { open: boolean; taskId: string; onClose(): void }) {
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

import type { OpType } from '@kp/flow';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FlowDialog } from './FlowDialog';
import { WF_NS } from './i18n';
import { parseDetailConfig } from './model';

/**
 * /workFlowDetail?config=… (and the hidden /workFlow/workFlowInfo): the task dialog opened from a message or
 * a portal card. config is base64 JSON of {opType, taskId|id, operatorId|taskOperatorId, flowId, circulateId}.
 */
export default function WorkFlowDetail() {
  const { t } = useTranslation(WF_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cfg = parseDetailConfig(params.get('config')) ?? Object.fromEntries(params.entries());
  const taskId = (cfg.taskId ?? cfg.processId ?? cfg.id) as string | undefined;
  const flowId = cfg.flowId as string | undefined;
  if (!taskId && !flowId) return <Empty description={t('msg.noData')} />;
  const opType = Number(cfg.opType ?? (taskId ? 0 : -1)) as OpType;
  return (
    <FlowDialog
      open
      opType={opType}
      taskId={taskId}
      flowId={flowId}
      operatorId={(cfg.operatorId ?? cfg.taskOperatorId) as string | undefined}
      circulateId={cfg.circulateId as string | undefined}
      onClose={() => navigate(-1)}
    />
  );
}

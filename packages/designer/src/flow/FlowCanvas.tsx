import type { FlowNode, FlowNodeType } from '@kp/schema';
import { Popover } from 'antd';
import { memo, useState } from 'react';
import { labelText, useDesignerT } from '../i18n';
import { type NodeNames, nodeSummary, summaryIsNames } from './summary';

export type NodeState = 'passed' | 'current' | 'none';

export interface FlowCanvasActions {
  add: (afterId: string, type: FlowNodeType) => void;
  remove: (nodeId: string) => void;
  addBranch: (gatewayId: string) => void;
  move: (branchId: string, dir: 'up' | 'down') => void;
  open: (nodeId: string) => void;
}

export interface FlowCanvasProps {
  tree: FlowNode;
  readOnly: boolean;
  /** nodeId -> reasons, shown in verify mode */
  issues: Map<string, string[]> | null;
  states: Map<string, NodeState> | null;
  actions: FlowCanvasActions;
  /** Display names of the users, departments, positions and roles the nodes hold (id -> name). */
  names?: NodeNames;
}

const ADDABLE: FlowNodeType[] = ['approver', 'copy', 'condition', 'interflow', 'timer', 'subFlow', 'auto'];

const COLORS: Record<string, string> = {
  start: '#576a95',
  approver: '#ff943e',
  copy: '#3296fa',
  timer: '#8d6e63',
  subFlow: '#7b61ff',
  auto: '#15bc83',
};

/** The tree drawn DingTalk-style: top to bottom, branches side by side, + buttons between nodes. */
export const FlowCanvas = memo(function FlowCanvas(props: FlowCanvasProps) {
  const { t } = useDesignerT();
  return (
    <div
      className="kp-flow-canvas"
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: 24 }}
    >
      <Chain node={props.tree} {...props} />
      <div
        className="kp-flow-end"
        data-testid="flow-end"
        style={{
          marginTop: 8,
          color: '#888',
          border: '1px solid #ccc',
          borderRadius: 16,
          padding: '4px 16px',
          background: '#fff',
        }}
      >
        {t('flow.end')}
      </div>
    </div>
  );
});

function Chain({ node, ...p }: { node: FlowNode | null | undefined } & FlowCanvasProps) {
  const out = [];
  let cur = node;
  while (cur) {
    out.push(<Step key={cur.nodeId} node={cur} {...p} />);
    cur = cur.childNode;
  }
  return <>{out}</>;
}

function Line() {
  return <div style={{ width: 2, height: 16, background: '#cacaca' }} />;
}

function Step({ node, ...p }: { node: FlowNode } & FlowCanvasProps) {
  const isGw = Array.isArray(node.conditionNodes) && node.conditionNodes.length > 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      {isGw ? <Gateway node={node} {...p} /> : <NodeBox node={node} {...p} />}
      <AddButton afterId={node.nodeId} {...p} />
    </div>
  );
}

function Gateway({ node, ...p }: { node: FlowNode } & FlowCanvasProps) {
  const { t } = useDesignerT();
  const kind = node.conditionType ?? node.conditionNodes?.[0]?.type ?? 'condition';
  return (
    <div
      className="kp-flow-gateway"
      data-testid={`gateway-${node.nodeId}`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        borderTop: '2px solid #cacaca',
        borderBottom: '2px solid #cacaca',
        position: 'relative',
        paddingTop: 20,
      }}
    >
      {!p.readOnly ? (
        <button
          type="button"
          data-testid={`add-branch-${node.nodeId}`}
          onClick={() => p.actions.addBranch(node.nodeId)}
          style={{
            position: 'absolute',
            top: -14,
            border: '1px solid #ddd',
            borderRadius: 14,
            background: '#fff',
            color: '#3296fa',
            padding: '2px 12px',
            cursor: 'pointer',
          }}
        >
          {kind === 'interflow' ? t('flow.addBranch') : t('flow.addCondition')}
        </button>
      ) : null}
      <div style={{ display: 'flex', alignItems: 'flex-start' }}>
        {(node.conditionNodes ?? []).map((b, i, all) => (
          <div
            key={b.nodeId}
            className="kp-flow-branch"
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              padding: '0 24px',
              minWidth: 240,
            }}
          >
            <BranchBox node={b} index={i} count={all.length} {...p} />
            <AddButton afterId={b.nodeId} {...p} />
            <Chain node={b.childNode} {...p} />
          </div>
        ))}
      </div>
    </div>
  );
}

function boxStyle(node: FlowNode, p: FlowCanvasProps) {
  const state = p.states?.get(node.nodeId);
  const invalid = !!p.issues?.get(node.nodeId)?.length;
  let border = '1px solid transparent';
  if (invalid) border = '2px solid #f25643';
  else if (state === 'passed') border = '2px solid #52c41a';
  else if (state === 'current') border = '2px solid #1890ff';
  return {
    width: 220,
    background: state === 'none' ? '#f5f5f5' : '#fff',
    borderRadius: 4,
    boxShadow: '0 2px 5px rgba(0,0,0,.1)',
    border,
    cursor: p.readOnly ? 'default' : 'pointer',
    position: 'relative' as const,
    opacity: state === 'none' ? 0.75 : 1,
  };
}

function Issues({ node, issues }: { node: FlowNode; issues: FlowCanvasProps['issues'] }) {
  const list = issues?.get(node.nodeId);
  if (!list?.length) return null;
  return (
    <div
      className="kp-flow-node-error"
      data-testid={`node-error-${node.nodeId}`}
      style={{ color: '#f25643', fontSize: 12, padding: '0 8px 6px' }}
    >
      {list.join('；')}
    </div>
  );
}

function NodeBox({ node, ...p }: { node: FlowNode } & FlowCanvasProps) {
  const { t, lang } = useDesignerT();
  const state = p.states?.get(node.nodeId);
  return (
    <div
      className={`kp-flow-node kp-flow-node-${node.type}${p.issues?.get(node.nodeId)?.length ? ' kp-flow-node-invalid' : ''}${state ? ` kp-flow-node-${state}` : ''}`}
      data-testid={`node-${node.nodeId}`}
      data-type={node.type}
      data-state={state}
      style={boxStyle(node, p)}
    >
      <button
        type="button"
        onClick={() => p.actions.open(node.nodeId)}
        style={{ all: 'unset', display: 'block', width: '100%', cursor: 'inherit' }}
      >
        <div
          style={{
            background: COLORS[node.type] ?? '#999',
            color: '#fff',
            padding: '4px 8px',
            fontSize: 12,
            borderRadius: '4px 4px 0 0',
          }}
        >
          {labelText(node.properties.title, lang) || t(`flow.${node.type}`)}
          {node.type === 'subFlow' ? ` · ${node.properties.isAsync ? t('flow.async') : t('flow.sync')}` : ''}
        </div>
        {/* the names of the organisation's users, positions and roles are user data, not chrome */}
        <div
          style={{ padding: 8, fontSize: 13, color: '#333', minHeight: 20 }}
          data-user-data={summaryIsNames(node) ? '' : undefined}
        >
          {nodeSummary(node, lang, p.names)}
        </div>
      </button>
      <Issues node={node} issues={p.issues} />
      {!p.readOnly && node.type !== 'start' ? (
        <button
          type="button"
          data-testid={`node-delete-${node.nodeId}`}
          onClick={() => p.actions.remove(node.nodeId)}
          style={{
            position: 'absolute',
            right: 4,
            top: 2,
            border: 0,
            background: 'transparent',
            color: '#fff',
            cursor: 'pointer',
          }}
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}

function BranchBox({
  node,
  index,
  count,
  ...p
}: { node: FlowNode; index: number; count: number } & FlowCanvasProps) {
  const { t, lang } = useDesignerT();
  const isDefault = !!node.properties.isDefault;
  const movable = !isDefault;
  return (
    <div
      className={`kp-flow-node kp-flow-branch-node${p.issues?.get(node.nodeId)?.length ? ' kp-flow-node-invalid' : ''}`}
      data-testid={`node-${node.nodeId}`}
      data-type={node.type}
      data-default={isDefault ? 'true' : 'false'}
      style={boxStyle(node, p)}
    >
      <button
        type="button"
        onClick={() => p.actions.open(node.nodeId)}
        style={{ all: 'unset', display: 'block', width: '100%', cursor: 'inherit' }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 8px', fontSize: 12 }}>
          <span style={{ color: '#15bc83' }}>{labelText(node.properties.title, lang)}</span>
          {node.type !== 'interflow' ? (
            <span data-testid={`priority-${node.nodeId}`} style={{ color: '#999' }}>
              {t('flow.priority', { n: node.properties.priority ?? index + 1 })}
            </span>
          ) : null}
        </div>
        <div style={{ padding: '0 8px 8px', fontSize: 13 }}>
          {isDefault ? t('msg.otherwise') : nodeSummary(node, lang, p.names)}
        </div>
      </button>
      <Issues node={node} issues={p.issues} />
      {!p.readOnly ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 4, padding: '0 4px 4px' }}>
          {movable && node.type !== 'interflow' && index > 0 ? (
            <button
              type="button"
              data-testid={`move-up-${node.nodeId}`}
              onClick={() => p.actions.move(node.nodeId, 'up')}
            >
              ◀
            </button>
          ) : null}
          {movable && node.type !== 'interflow' && index < count - 2 ? (
            <button
              type="button"
              data-testid={`move-down-${node.nodeId}`}
              onClick={() => p.actions.move(node.nodeId, 'down')}
            >
              ▶
            </button>
          ) : null}
          <button
            type="button"
            data-testid={`node-delete-${node.nodeId}`}
            onClick={() => p.actions.remove(node.nodeId)}
          >
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}

function AddButton({ afterId, readOnly, actions }: { afterId: string } & FlowCanvasProps) {
  const { t } = useDesignerT();
  const [open, setOpen] = useState(false);
  if (readOnly) return <Line />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Line />
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        destroyOnHidden
        content={
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
            {!open
              ? null
              : ADDABLE.map((type) => (
                  <button
                    type="button"
                    key={type}
                    data-testid={`add-${type}`}
                    onClick={() => {
                      setOpen(false);
                      actions.add(afterId, type);
                    }}
                    style={{
                      padding: '6px 10px',
                      border: '1px solid #eee',
                      background: '#fff',
                      cursor: 'pointer',
                    }}
                  >
                    {t(`flow.${type}`)}
                  </button>
                ))}
          </div>
        }
      >
        <button
          type="button"
          data-testid={`add-after-${afterId}`}
          style={{
            width: 28,
            height: 28,
            borderRadius: 14,
            border: 0,
            background: '#3296fa',
            color: '#fff',
            fontSize: 18,
            cursor: 'pointer',
          }}
        >
          +
        </button>
      </Popover>
      <Line />
    </div>
  );
}

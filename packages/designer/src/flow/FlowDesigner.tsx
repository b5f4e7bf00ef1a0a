import {
  addBranch,
  addNode,
  createTree,
  type FlowNodeIssue,
  findNode,
  moveBranchPriority,
  removeBranch,
  removeNode,
  updateNodeProperties,
  validateFlow,
} from '@kp/flow';
import type { FlowNode, FlowNodeProperties, FlowNodeType } from '@kp/schema';
import { App, Button, Slider, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type DesignerLanguage, setDesignerLanguage, useDesignerT } from '../i18n';
import { FlowCanvas, type FlowCanvasActions, type NodeState } from './FlowCanvas';
import type { FlowDesignerOptions } from './flowOptions';
import { NodeDrawer } from './NodeDrawer';
import { type SimulatorHost, SimulatorPanel } from './simulator/SimulatorPanel';

export type { SimulatorHost } from './simulator/SimulatorPanel';

import { useNodeNames } from './nodeNames';

/** A task node as the task dialog's flow tab gets it: type 0 passed, 1 current (spec 2 §3). */
export interface TaskNodeState {
  nodeCode: string;
  type?: number | string | null;
}

export const ZOOM_MIN = 0;
export const ZOOM_MAX = 200;
export const ZOOM_STEP = 5;
export const ZOOM_START = 100;

export interface FlowDesignerProps {
  value?: FlowNode;
  onChange?: (tree: FlowNode) => void;
  /** Read-only: no + buttons, no deletion; with nodeStates it is the task dialog's flow diagram. */
  readOnly?: boolean;
  /** Node states for the read-only diagram: type 0 passed, 1 current, others unprocessed. */
  nodeStates?: TaskNodeState[];
  /** Verify mode: invalid nodes get the error style and the reasons of @kp/flow's validateFlow. */
  verify?: boolean;
  /** Called with the issues each time the verify button runs the checks. */
  onVerify?: (issues: FlowNodeIssue[]) => void;
  options?: FlowDesignerOptions;
  language?: DesignerLanguage;
  height?: number | string;
  /** Enables the Simulate panel (issue 22): the organisation and the flow's form and cases, from the host. */
  simulator?: SimulatorHost;
}

/** Maps task node rows to node states (type 0 passed, 1 current, else unprocessed). */
export function nodeStatesOf(
  rows: TaskNodeState[] | undefined,
  tree: FlowNode,
): Map<string, NodeState> | null {
  if (!rows) return null;
  const m = new Map<string, NodeState>();
  const stack: FlowNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    m.set(n.nodeId, 'none');
    if (n.childNode) stack.push(n.childNode);
    for (const c of n.conditionNodes ?? []) stack.push(c);
  }
  for (const r of rows) {
    const ty = r.type == null ? null : Number(r.type);
    if (ty === 0) m.set(r.nodeCode, 'passed');
    else if (ty === 1) m.set(r.nodeCode, 'current');
  }
  return m;
}

export function issuesByNode(issues: FlowNodeIssue[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const i of issues) m.set(i.nodeId, [...(m.get(i.nodeId) ?? []), i.message]);
  return m;
}

/** Undo keeps this many earlier trees. */
export const FLOW_HISTORY_LIMIT = 100;

/**
 * The flow designer: the node tree, a property drawer per node, undo/redo, deletion after a confirmation,
 * verify mode, zoom, read-only state view.
 */
export function FlowDesigner(props: FlowDesignerProps) {
  return (
    <App component={false}>
      <FlowDesignerInner {...props} />
    </App>
  );
}

function FlowDesignerInner({
  value,
  onChange,
  readOnly = false,
  nodeStates,
  verify,
  onVerify,
  options = {},
  language,
  height = 640,
  simulator,
}: FlowDesignerProps) {
  const { t } = useDesignerT();
  const { modal } = App.useApp();
  const [tree, setTree] = useState<FlowNode>(() => value ?? createTree());
  // undo/redo: earlier and undone trees; consecutive drawer edits of one node count as one step
  const [past, setPast] = useState<FlowNode[]>([]);
  const [future, setFuture] = useState<FlowNode[]>([]);
  const lastEdit = useRef<string | null>(null);
  const [zoom, setZoom] = useState(ZOOM_START);
  const [openId, setOpenId] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(!!verify);
  const [simOpen, setSimOpen] = useState(false);
  const [simStates, setSimStates] = useState<Map<string, NodeState> | null>(null);
  const cb = useRef(onChange);
  cb.current = onChange;

  useEffect(() => {
    if (language) setDesignerLanguage(language);
  }, [language]);
  // follow the prop when the host passes a new tree (the same tree back is a no-op)
  const treeRef = useRef(tree);
  treeRef.current = tree;
  useEffect(() => {
    if (value && value !== treeRef.current) {
      setTree(value);
      setPast([]);
      setFuture([]);
      lastEdit.current = null;
    }
  }, [value]);
  useEffect(() => setVerifying(!!verify), [verify]);

  const commit = (next: FlowNode, editKey: string | null = null) => {
    const cur = treeRef.current;
    if (next === cur) return;
    if (editKey === null || editKey !== lastEdit.current)
      setPast((p) => [...p.slice(-(FLOW_HISTORY_LIMIT - 1)), cur]);
    lastEdit.current = editKey;
    setFuture([]);
    treeRef.current = next;
    setTree(next);
    cb.current?.(next);
  };
  const travel = (dir: 'undo' | 'redo') => {
    const from = dir === 'undo' ? past : future;
    const to = from[from.length - 1];
    if (!to) return;
    const cur = treeRef.current;
    if (dir === 'undo') {
      setPast(past.slice(0, -1));
      setFuture([...future, cur]);
    } else {
      setFuture(future.slice(0, -1));
      setPast([...past, cur]);
    }
    lastEdit.current = null;
    treeRef.current = to;
    setTree(to);
    setOpenId((o) => (o && findNode(to, o) ? o : null));
    cb.current?.(to);
  };

  const actions = useMemo<FlowCanvasActions>(
    () => ({
      add: (afterId: string, type: FlowNodeType) => {
        // new approvers name their assignees explicitly (assigneeType 1), so verify flags an empty one
        const props: Partial<FlowNodeProperties> | undefined =
          type === 'approver' ? { assigneeType: 1 } : undefined;
        commitRef.current(addNode(treeRef.current, afterId, type, props ? { properties: props } : {}));
      },
      remove: (id: string) => {
        if (!findNode(treeRef.current, id)) return;
        // asks first (确定删除该节点？); the node and what hangs under a deleted branch go together
        modalRef.current.confirm({
          title: t('flow.confirmDelete'),
          okText: t('btn.ok'),
          cancelText: t('btn.cancel'),
          onOk: () => {
            const n = findNode(treeRef.current, id);
            if (!n) return;
            const isBranch = n.type === 'condition' || n.type === 'interflow' || n.type === 'branch';
            commitRef.current(isBranch ? removeBranch(treeRef.current, id) : removeNode(treeRef.current, id));
            setOpenId((o) => (o === id ? null : o));
          },
        });
      },
      addBranch: (gid: string) => commitRef.current(addBranch(treeRef.current, gid)),
      move: (id: string, dir: 'up' | 'down') =>
        commitRef.current(moveBranchPriority(treeRef.current, id, dir)),
      open: (id: string) => setOpenId(id),
    }),
    [t],
  );
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const modalRef = useRef(modal);
  modalRef.current = modal;

  const issues = useMemo(() => (verifying ? issuesByNode(validateFlow(tree)) : null), [verifying, tree]);
  const states = useMemo(() => nodeStatesOf(nodeStates, tree), [nodeStates, tree]);
  const openNode = openId ? (findNode(tree, openId) ?? null) : null;
  const names = useNodeNames(tree, options.org);

  return (
    <div
      className="kp-flow-designer"
      data-testid="flow-designer"
      data-verify={verifying ? 'true' : 'false'}
      style={{ display: 'flex', flexDirection: 'column', height, border: '1px solid #eee' }}
    >
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 8, borderBottom: '1px solid #eee' }}
      >
        {states ? (
          <Space data-testid="flow-legend" size={12}>
            <span>
              <i style={{ display: 'inline-block', width: 10, height: 10, background: '#52c41a' }} />{' '}
              {t('flow.legendPassed')}
            </span>
            <span>
              <i style={{ display: 'inline-block', width: 10, height: 10, background: '#1890ff' }} />{' '}
              {t('flow.legendCurrent')}
            </span>
            <span>
              <i style={{ display: 'inline-block', width: 10, height: 10, background: '#ccc' }} />{' '}
              {t('flow.legendNone')}
            </span>
          </Space>
        ) : null}
        <span style={{ flex: 1 }} />
        {!readOnly ? (
          <>
            <Button
              size="small"
              data-testid="flow-undo"
              disabled={!past.length}
              onClick={() => travel('undo')}
            >
              {t('btn.undo')}
            </Button>
            <Button
              size="small"
              data-testid="flow-redo"
              disabled={!future.length}
              onClick={() => travel('redo')}
            >
              {t('btn.redo')}
            </Button>
          </>
        ) : null}
        {simulator && !readOnly ? (
          <Button
            size="small"
            data-testid="flow-simulate"
            aria-pressed={simOpen}
            type={simOpen ? 'primary' : 'default'}
            onClick={() => {
              setSimOpen((o) => !o);
              setSimStates(null);
            }}
          >
            {simOpen ? t('sim.close') : t('sim.open')}
          </Button>
        ) : null}
        {!readOnly ? (
          <Button
            size="small"
            data-testid="flow-verify"
            type={verifying ? 'primary' : 'default'}
            onClick={() => {
              const list = validateFlow(tree);
              setVerifying(true);
              onVerify?.(list);
            }}
          >
            {t('btn.verify')}
          </Button>
        ) : null}
        <span>{t('flow.zoom')}</span>
        <Slider
          data-testid="flow-zoom"
          style={{ width: 160 }}
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={zoom}
          onChange={(v) => setZoom(v)}
        />
        <span data-testid="flow-zoom-value">{zoom}%</span>
      </div>
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <div style={{ flex: 1, overflow: 'auto', background: '#f5f5f7' }}>
          <div
            data-testid="flow-scale"
            style={{ transform: `scale(${zoom / 100})`, transformOrigin: 'top center' }}
          >
            <FlowCanvas
              tree={tree}
              readOnly={readOnly}
              issues={issues}
              states={simOpen && simStates ? simStates : states}
              actions={actions}
              names={names}
            />
          </div>
        </div>
        {simulator && simOpen && !readOnly ? (
          <div style={{ width: 440, overflow: 'auto', borderLeft: '1px solid #eee', background: '#fff' }}>
            <SimulatorPanel tree={tree} host={simulator} onStates={setSimStates} />
          </div>
        ) : null}
      </div>
      {openNode && !(readOnly && states) ? (
        <NodeDrawer
          node={openNode}
          readOnly={readOnly}
          options={options}
          issues={issues?.get(openNode.nodeId)}
          onClose={() => setOpenId(null)}
          onChange={(patch) =>
            commit(
              updateNodeProperties(treeRef.current, openNode.nodeId, patch),
              `drawer:${openNode.nodeId}:${Object.keys(patch).sort().join(',')}`,
            )
          }
        />
      ) : null}
    </div>
  );
}

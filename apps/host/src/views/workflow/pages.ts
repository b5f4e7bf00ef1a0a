import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const list = (name: 'FlowTodo' | 'FlowDone' | 'FlowCirculate') =>
  lazy(() => import('./TaskList').then((m) => ({ default: m[name] })));
const detail = lazy(() => import('./WorkFlowDetail'));

/** Workflow screens (issue 8): component key (menu urlAddress or fixed route path, no leading slash) → lazy page. */
export const WORKFLOW_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'workFlow/flowEngine': lazy(() => import('./FlowEngine')),
  'workFlow/flowLaunch/FlowIndex': lazy(() => import('./FlowIndex')),
  'workFlow/flowLaunch': lazy(() => import('./FlowLaunchList')),
  'workFlow/flowTodo': list('FlowTodo'),
  'workFlow/flowDone': list('FlowDone'),
  'workFlow/flowCirculate': list('FlowCirculate'),
  'workFlow/entrust': lazy(() => import('./Entrust')),
  'workFlow/flowMonitor': lazy(() => import('./Monitor')),
  workFlowDetail: detail,
  'workFlow/workFlowInfo': detail,
  previewModel: lazy(() => import('./PreviewModel')),
};

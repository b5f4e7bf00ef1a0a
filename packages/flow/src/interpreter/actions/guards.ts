import type { Task } from '../../types';
import { refuse } from '../refuse';
import type { Run } from '../walk';

/** The caller's pending task (the flow model only lets task actions through while the flow runs). */
export function myPendingTask(r: Run, taskId: string, userId: string): Task {
  const t = r.task(taskId);
  if (t.status !== 'pending') refuse('TASK_NOT_PENDING');
  if (t.userId !== userId) refuse('TASK_NOT_YOURS');
  return t;
}
/** A pending task of the caller that no signer added before it still blocks. */
export function myUnblockedTask(r: Run, taskId: string, userId: string): Task {
  const t = myPendingTask(r, taskId, userId);
  if (t.blocked) refuse('TASK_BLOCKED');
  return t;
}
export function mayInitiate(r: Run, userId: string): boolean {
  const p = r.ctx.template.tree.properties;
  const users = p.initiator ?? [];
  const pos = p.initiatePos ?? [];
  const roles = p.initiateRole ?? [];
  if (!users.length && !pos.length && !roles.length) return true; // nobody named: everyone may initiate
  const u = r.ctx.org.user(userId);
  return (
    users.includes(userId) ||
    (u?.positionIds ?? []).some((x) => pos.includes(x)) ||
    (u?.roleIds ?? []).some((x) => roles.includes(x))
  );
}
export function requireManager(r: Run, userId: string) {
  if (!r.managers().includes(userId)) refuse('NOT_MANAGER');
}
export function requireInitiator(r: Run, userId: string) {
  if (r.s.initiatorId !== userId) refuse('NOT_INITIATOR');
}
/**
 * Merges submitted form data. With `nodeId`, fields the node's formOperates mark non-writable are
 * dropped (fields it does not list pass), so a handler cannot change what their node shows read-only.
 */
export function mergeForm(r: Run, formData?: Record<string, unknown>, nodeId?: string) {
  if (!formData || typeof formData !== 'object') return;
  const ops = nodeId ? (r.c.nodes.get(nodeId)?.node.properties.formOperates ?? []) : [];
  const locked = new Set(ops.filter((o) => !o.write).map((o) => o.id));
  const allowed = locked.size
    ? Object.fromEntries(Object.entries(formData).filter(([k]) => !locked.has(k)))
    : formData;
  const merged = { ...r.s.formData, ...allowed };
  r.s.formData = r.ctx.deriveForm ? r.ctx.deriveForm(merged) : merged;
}

import type { FlowNode } from '@kp/schema';
import { useEffect, useMemo, useState } from 'react';
import type { OrgPickKind, OrgProvider } from '../common/OrgPicker';
import type { NodeNames } from './summary';

type Kind = OrgPickKind;

const USER_KEYS = ['initiator', 'approvers', 'menbers', 'copyUsers'] as const;
const POS_KEYS = ['initiatePos', 'approverPos'] as const;
const ROLE_KEYS = ['initiateRole', 'approverRole'] as const;
const COND_KIND: Record<string, Kind> = {
  initiator: 'user',
  department: 'department',
  position: 'position',
  role: 'role',
};

/** Every organisation id a tree holds, by kind (users, departments, positions, roles). */
export function idsOfTree(tree: FlowNode): Record<Kind, string[]> {
  const out: Record<Kind, Set<string>> = {
    user: new Set(),
    department: new Set(),
    position: new Set(),
    role: new Set(),
  };
  const add = (k: Kind, v: unknown) => {
    const list = Array.isArray(v) ? v : v == null || v === '' ? [] : String(v).split(',');
    for (const x of list) if (x != null && String(x)) out[k].add(String(x));
  };
  const stack: FlowNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    const p = n.properties ?? {};
    for (const k of USER_KEYS) add('user', p[k]);
    for (const k of POS_KEYS) add('position', p[k]);
    for (const k of ROLE_KEYS) add('role', p[k]);
    for (const g of p.conditions ?? [])
      for (const i of g.items ?? []) {
        const kind = COND_KIND[i.fieldType];
        if (kind) add(kind, i.value);
      }
    if (n.childNode) stack.push(n.childNode);
    for (const c of n.conditionNodes ?? []) stack.push(c);
  }
  return {
    user: [...out.user].sort(),
    department: [...out.department].sort(),
    position: [...out.position].sort(),
    role: [...out.role].sort(),
  };
}

/** Asks the organisation for the names of the given ids (unknown ids keep no name). */
export async function resolveNames(org: OrgProvider, ids: Record<Kind, string[]>): Promise<NodeNames> {
  const out: NodeNames = {};
  const jobs: Array<Promise<Array<{ id: string; fullName: string }>>> = [];
  if (ids.user.length) jobs.push(org.users.byIds(ids.user));
  for (const k of ['department', 'position', 'role'] as const)
    if (ids[k].length) jobs.push(org.orgNames(k, ids[k]));
  for (const list of await Promise.all(jobs.map((j) => j.catch(() => []))))
    for (const n of list) if (n.fullName && n.fullName !== n.id) out[n.id] = n.fullName;
  return out;
}

/**
 * The display names of the ids in a tree, resolved through the host's organisation provider; null
 * without a provider (the chart then shows what the tree holds). Ids without a name show as "…".
 */
export function useNodeNames(tree: FlowNode, org: OrgProvider | undefined): NodeNames | undefined {
  const ids = useMemo(() => idsOfTree(tree), [tree]);
  const key = JSON.stringify(ids);
  const [names, setNames] = useState<NodeNames>({});
  useEffect(() => {
    if (!org) return;
    let live = true;
    const ask = JSON.parse(key) as Record<Kind, string[]>;
    void resolveNames(org, ask).then((n) => {
      if (!live) return;
      const all = [...ask.user, ...ask.department, ...ask.position, ...ask.role];
      // an id the organisation does not know is named by itself (so the chart never waits for it)
      setNames((m) => ({ ...m, ...Object.fromEntries(all.map((id) => [id, m[id] ?? id])), ...n }));
    });
    return () => {
      live = false;
    };
  }, [org, key]);
  return org ? names : undefined;
}

// Data scopes a role can grant (spec 4 §6 / issue 4): all; own organisation and below; own department;
// own records. A user with several roles gets the union, i.e. the widest scope. Pure: the route layer
// feeds it the organisation rows and the user's place, and turns the answer into a WHERE clause.
import { ancestorsOf, descendantsOf } from './tree';

export const DATA_SCOPES = ['all', 'organizeAndBelow', 'department', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

const RANK: Record<DataScope, number> = { all: 3, organizeAndBelow: 2, department: 1, self: 0 };

/** The widest of the scopes; no scope at all means own records only. */
export function widest(scopes: Iterable<DataScope>): DataScope {
  let best: DataScope = 'self';
  for (const s of scopes) if (RANK[s] > RANK[best]) best = s;
  return best;
}

export interface OrgRow {
  id: string;
  parentId?: string | null;
  /** 'company' for an organisation, 'department' for a department. */
  category: string;
}

export interface ScopeSubject {
  userId: string;
  /** The unit (department or organisation) the user belongs to. */
  organizeId: string | null;
}

/**
 * What a subject may see: `{ all: true }`, or the organisation ids in scope plus whether the subject's own
 * records (created by them, or themselves) are visible. 'organizeAndBelow' starts from the nearest
 * organisation ('company') at or above the user's unit; 'department' is the user's own unit only.
 */
export type ScopeResult = { all: true } | { all: false; organizeIds: Set<string>; userId: string };

export function resolveScope(scope: DataScope, subject: ScopeSubject, orgs: readonly OrgRow[]): ScopeResult {
  if (scope === 'all') return { all: true };
  const own = subject.organizeId;
  if (scope === 'self' || !own) return { all: false, organizeIds: new Set(), userId: subject.userId };
  if (scope === 'department') return { all: false, organizeIds: new Set([own]), userId: subject.userId };
  const category = new Map(orgs.map((o) => [o.id, o.category]));
  let company = own;
  if (category.get(own) !== 'company') {
    const up = ancestorsOf(orgs, own).find((id) => category.get(id) === 'company');
    company = up ?? own;
  }
  return { all: false, organizeIds: descendantsOf(orgs, [company]), userId: subject.userId };
}

/** True when a record owned by unit `organizeId` (and created by `ownerId`) lies inside `r`. */
export function inScope(
  r: ScopeResult,
  organizeId: string | null | undefined,
  ownerId?: string | null,
): boolean {
  if (r.all) return true;
  if (ownerId != null && ownerId === r.userId) return true;
  return organizeId != null && r.organizeIds.has(organizeId);
}

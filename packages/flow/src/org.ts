/** A user as the flow engine needs it: where they sit in the organisation. */
export interface OrgUser {
  id: string;
  name?: string;
  departmentId?: string | null;
  positionIds?: string[];
  roleIds?: string[];
}
export interface OrgDepartment {
  id: string;
  name?: string;
  parentId?: string | null;
  /** The department head (manager) user id. */
  headId?: string | null;
  /** A company (an organisation of its own, e.g. a subsidiary of a group), not a department. */
  isCompany?: boolean;
}
export interface OrgPosition {
  id: string;
  name?: string;
  departmentId?: string | null;
}

/** What the interpreter asks the organisation; pure lookups, so resolution stays pure. */
export interface OrgDirectory {
  user(id: string): OrgUser | undefined;
  department(id: string): OrgDepartment | undefined;
  usersWithPosition(positionId: string): string[];
  usersWithRole(roleId: string): string[];
  position?(id: string): OrgPosition | undefined;
}

/** An OrgDirectory over plain lists, indexed once. */
export function createOrgDirectory(data: {
  users: OrgUser[];
  departments?: OrgDepartment[];
  positions?: OrgPosition[];
}): OrgDirectory {
  const users = new Map(data.users.map((u) => [u.id, u]));
  const depts = new Map((data.departments ?? []).map((d) => [d.id, d]));
  const positions = new Map((data.positions ?? []).map((p) => [p.id, p]));
  const byPos = new Map<string, string[]>();
  const byRole = new Map<string, string[]>();
  for (const u of data.users) {
    for (const p of u.positionIds ?? []) byPos.set(p, [...(byPos.get(p) ?? []), u.id]);
    for (const r of u.roleIds ?? []) byRole.set(r, [...(byRole.get(r) ?? []), u.id]);
  }
  return {
    user: (id) => users.get(id),
    department: (id) => depts.get(id),
    usersWithPosition: (id) => byPos.get(id) ?? [],
    usersWithRole: (id) => byRole.get(id) ?? [],
    position: (id) => positions.get(id),
  };
}

/** The department ids from the user's own department up to the root (cycles cut). */
export function departmentChain(org: OrgDirectory, userId: string): string[] {
  const out: string[] = [];
  let d = org.user(userId)?.departmentId ?? null;
  while (d && !out.includes(d)) {
    out.push(d);
    d = org.department(d)?.parentId ?? null;
  }
  return out;
}

/**
 * The initiator's department head `level` levels up (1 = their own department's head). Departments
 * without a head are skipped, and so is the user themself (a head's level-1 head is the one above);
 * when there are fewer levels than asked, the topmost head found is used.
 */
export function departmentHead(org: OrgDirectory, userId: string, level: number): string | undefined {
  const heads: string[] = [];
  for (const d of departmentChain(org, userId)) {
    const h = org.department(d)?.headId;
    if (h && h !== userId && !heads.includes(h)) heads.push(h);
  }
  if (!heads.length || level < 1) return undefined;
  return heads[Math.min(level, heads.length) - 1];
}

/**
 * Whether user b belongs to user a's organisation: the nearest company above a's department (the topmost
 * unit when no unit is marked a company) is also in b's department chain. Unknown users never do.
 */
export function sameOrganisation(org: OrgDirectory, a: string | null | undefined, b: string): boolean {
  if (!a) return false;
  const ca = departmentChain(org, a);
  const unit = ca.find((d) => org.department(d)?.isCompany) ?? ca[ca.length - 1];
  return !!unit && departmentChain(org, b).includes(unit);
}

import type { OrgDepartment, OrgDirectory, OrgPosition, OrgUser } from '../org';

/**
 * The organisation as plain JSON, for a simulator that runs away from the server (the browser). The
 * server fills it from its own OrgDirectory (`snapshotOrg`), so position and role membership are the
 * answers of the server's resolver, not a second copy of its rules; `orgFromSnapshot` answers the same.
 */
export interface OrgSnapshot {
  users: OrgUser[];
  departments: OrgDepartment[];
  positions: OrgPosition[];
  /** Position id (or alias a template may name) -> user ids, as the server resolves it. */
  positionMembers: Record<string, string[]>;
  roleMembers: Record<string, string[]>;
  /** Users the server treats as flow managers (hand-over target of an empty approver set). */
  managers: string[];
}

export function snapshotOrg(
  org: OrgDirectory,
  ids: { users: string[]; departments: string[]; positions: string[]; roles: string[] },
  managers: string[] = [],
): OrgSnapshot {
  const users = ids.users.map((id) => org.user(id)).filter((u): u is OrgUser => !!u);
  const departments = ids.departments.map((id) => org.department(id)).filter((d): d is OrgDepartment => !!d);
  const positions = ids.positions.map((id) => org.position?.(id)).filter((p): p is OrgPosition => !!p);
  const members = (list: string[], of: (id: string) => string[]) =>
    Object.fromEntries([...new Set(list)].map((id) => [id, [...of(id)]]).filter(([, m]) => m.length));
  return {
    users: users.map((u) => ({
      id: u.id,
      ...(u.name !== undefined ? { name: u.name } : {}),
      departmentId: u.departmentId ?? null,
      positionIds: [...(u.positionIds ?? [])],
      roleIds: [...(u.roleIds ?? [])],
    })),
    departments: departments.map((d) => ({
      id: d.id,
      ...(d.name !== undefined ? { name: d.name } : {}),
      parentId: d.parentId ?? null,
      headId: d.headId ?? null,
    })),
    positions: positions.map((p) => ({ ...p })),
    positionMembers: members(ids.positions, (id) => org.usersWithPosition(id)),
    roleMembers: members(ids.roles, (id) => org.usersWithRole(id)),
    managers: [...managers],
  };
}

/** An OrgDirectory answering from a snapshot. */
export function orgFromSnapshot(s: OrgSnapshot): OrgDirectory & { managers: string[] } {
  const users = new Map(s.users.map((u) => [u.id, u]));
  const depts = new Map(s.departments.map((d) => [d.id, d]));
  const positions = new Map(s.positions.map((p) => [p.id, p]));
  const own = (m: Record<string, string[]>, id: string) => (Object.hasOwn(m, id) ? (m[id] ?? []) : []);
  return {
    user: (id) => users.get(id),
    department: (id) => depts.get(id),
    usersWithPosition: (id) => own(s.positionMembers, id),
    usersWithRole: (id) => own(s.roleMembers, id),
    position: (id) => positions.get(id),
    managers: [...s.managers],
  };
}

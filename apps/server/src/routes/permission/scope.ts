// Data scopes of the organisation and permission API, on top of the framework's Principal
// (auth/principal.ts): per module, the widest scope the caller's roles grant; administrators: all.
// One place turns a scope into the set of units (organisations and departments) a caller may touch,
// and every list, read, update and delete of this module goes through it.
import type { DataScope, Principal } from '../../auth/principal';

export type { DataScope };

/** The caller's data scope on module `menu` (enCode). No grant at all: 'self' (own records only). */
export function scopeOn(p: Principal, menu: string): DataScope {
  if (p.isAdministrator) return 'all';
  return p.modules.get(menu)?.scope ?? 'self';
}

/**
 * The units in scope: `'all'`, or the ids of the organisations/departments whose rows the caller may
 * see. 'org': the user's company and every unit below it; 'dept': the user's own department; 'self':
 * none (only the caller's own records, checked by owner).
 */
export type UnitScope = { all: true } | { all: false; units: string[]; userId: string };

export function unitScope(p: Principal, scope: DataScope): UnitScope {
  if (scope === 'all') return { all: true };
  if (scope === 'org') return { all: false, units: p.orgSubtreeIds.slice(), userId: p.userId };
  if (scope === 'dept')
    return { all: false, units: p.departmentId ? [p.departmentId] : [], userId: p.userId };
  return { all: false, units: [], userId: p.userId };
}

/** Scope of `menu` for the caller, as units. */
export function unitsFor(p: Principal, menu: string): UnitScope {
  return unitScope(p, scopeOn(p, menu));
}

/** True when a row of unit `unitId` (created by `ownerId`) lies in scope. */
export function inUnitScope(
  s: UnitScope,
  unitIds: ReadonlyArray<string | null | undefined>,
  ownerId?: string | null,
): boolean {
  if (s.all) return true;
  if (ownerId != null && ownerId === s.userId) return true;
  return unitIds.some((u) => u != null && s.units.includes(u));
}

/** A non-empty id list for SQL `in (...)` (an empty list would be invalid SQL): a never-matching id. */
export const nonEmpty = (ids: readonly string[]): string[] => (ids.length ? [...ids] : ['\u0000none']);

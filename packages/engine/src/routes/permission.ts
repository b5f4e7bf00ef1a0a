import type { PermissionEntry } from '@kp/schema';

export type PermissionKind = 'button' | 'column' | 'form' | 'resource';

/**
 * Does the user hold `code` (e.g. 'btn_add') of `kind` in module `moduleId`? Looks the module up by
 * modelId in the permission list of the current user (spec 1 §3). Missing lists or modules give false.
 * Hiding a button is a convenience: the server enforces the same check.
 */
export function hasPermission(
  permissionList: readonly PermissionEntry[] | null | undefined,
  moduleId: string | null | undefined,
  code: string,
  kind: PermissionKind = 'button',
): boolean {
  if (!Array.isArray(permissionList) || !moduleId || !code) return false;
  for (const entry of permissionList) {
    if (!entry || typeof entry !== 'object' || String(entry.modelId) !== String(moduleId)) continue;
    const list = (entry as Record<string, unknown>)[kind];
    if (
      Array.isArray(list) &&
      list.some((p) => p && typeof p === 'object' && (p as { enCode?: unknown }).enCode === code)
    )
      return true;
  }
  return false;
}

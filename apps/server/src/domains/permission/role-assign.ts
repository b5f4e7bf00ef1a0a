// The one check on handing out roles: every route that gives a user a role (user create, update and
// self-edit, the Excel import, the role member list) asks here.
import { ApiCode } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { me } from '../auth/guard';
import { grantsOfRoles } from '../auth/principal';
import { grantRefusal } from '../auth/rank';
import { refuse } from './common';
import { heldItems } from './role-service';

/**
 * The roles of `roleIds` the caller may NOT hand out (unknown ids are left to the caller: see
 * `unknown`). A role may be handed out only by who holds every grant of it: each menu with at least
 * its data scope (the role's default or its per-menu override), and every button, column and form it
 * names, also those of menus it does not grant itself (grants add up over a user's roles). Administrators
 * hand out any role. Disabled roles are checked like enabled ones (enabling one later changes no holder).
 */
export async function unassignableRoles(
  req: FastifyRequest,
  roleIds: readonly string[],
): Promise<{ refused: Set<string>; unknown: Set<string> }> {
  const ids = [...new Set(roleIds)];
  const out = { refused: new Set<string>(), unknown: new Set<string>() };
  if (!ids.length) return out;
  const db = req.server.kp.db;
  const roles = await db
    .selectFrom('base_role')
    .select(['id', 'data_scope'])
    .where('id', 'in', ids)
    .execute();
  const found = new Set(roles.map((r) => r.id));
  for (const id of ids) if (!found.has(id)) out.unknown.add(id);
  const p = me(req);
  if (p.isAdministrator || !roles.length) return out;
  const held = await heldItems(req, p);
  const items = await db
    .selectFrom('base_role_authorize')
    .select(['role_id', 'item_type', 'item_id'])
    .where('role_id', 'in', [...found])
    .where('item_type', 'in', ['button', 'column', 'form'])
    .execute();
  for (const r of roles) {
    const { modules } = await grantsOfRoles(db, [r], false);
    const lacksItem = items.some(
      (i) => i.role_id === r.id && !held[i.item_type as 'button' | 'column' | 'form'].has(i.item_id),
    );
    if (lacksItem || grantRefusal(p, modules)) out.refused.add(r.id);
  }
  return out;
}

/** Refuses (400 unknown role, 403 a role whose grants the caller does not all hold) unless every role may be handed out. */
export async function assertAssignableRoles(req: FastifyRequest, roleIds: readonly string[]): Promise<void> {
  const { refused, unknown } = await unassignableRoles(req, roleIds);
  if (unknown.size) refuse(req, ApiCode.BAD_REQUEST, 'unknownRole');
  if (refused.size) refuse(req, ApiCode.FORBIDDEN, 'roleNotAssignable');
}

// Staff records over the typed db: section validators, who may read a record, loading the sections.
import {
  ApiCode,
  makeValidator,
  STAFF_LIST_SECTIONS,
  STAFF_SECTION_SCHEMAS,
  STAFF_SECTIONS,
  type StaffSection,
} from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { allows, me } from '../auth/guard';
import { MENU, refuse } from '../permission/common';
import { scopedUser } from './users-common';

export const validators = Object.fromEntries(
  STAFF_SECTIONS.map((s) => [s, makeValidator(STAFF_SECTION_SCHEMAS[s])]),
) as Record<
  StaffSection,
  (json: unknown) => { ok: true } | { ok: false; errors: Array<{ path: string; message: string }> }
>;
export const SectionParams = {
  type: 'object',
  properties: {
    section: { type: 'string', enum: [...STAFF_SECTIONS] },
    id: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['section', 'id'],
} as const;

/** The target user for a read: oneself, or a user in scope on the user menu. */
export async function readable(req: FastifyRequest, id: string) {
  const p = me(req);
  if (id === p.userId) {
    const row = await req.server.kp.db
      .selectFrom('base_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) refuse(req, ApiCode.NOT_FOUND, 'unknownUser');
    return row!;
  }
  if (!allows(p, { menu: MENU.user })) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
  return scopedUser(req, id);
}

export async function loadSections(req: FastifyRequest, userId: string): Promise<Record<string, unknown>> {
  const rows = await req.server.kp.db
    .selectFrom('base_user_staff')
    .select(['section', 'content'])
    .where('user_id', '=', userId)
    .execute();
  const out: Record<string, unknown> = {};
  for (const s of STAFF_SECTIONS) out[s] = STAFF_LIST_SECTIONS.includes(s) ? { list: [] } : {};
  for (const r of rows) {
    try {
      out[r.section] = JSON.parse(r.content);
    } catch {
      /* a broken row reads as empty */
    }
  }
  return out;
}

// Groups (spec 4 §7 "Groups"): personal (type 0, owned by their creator, any signed-in user) and
// enterprise (type 1, permission.group with btn_add/btn_edit/btn_remove; read with the menu, and by every
// signed-in user while enabled, as pickers). Paths: GET /api/system/groupcustom/tree/{0|1} (data.list,
// nodes carry ucName), GET .../ImUser (page size up to 20000, the user-by-department table), and the CRUD
// chosen here: GET /api/system/groupcustom (?type), POST /api/system/groupcustom,
// GET|PUT|DELETE /api/system/groupcustom/{id}. Members are set with POST /api/permission/UserRelation/{id}
// (objectType Group) or with `userIds` in the create/update body. The work is `../group-service.ts`.
import { GroupImUserQuery, GroupInput } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { IdParam } from '../../permission/common';
import {
  createGroup,
  deleteGroup,
  groupDetail,
  groupList,
  groupTree,
  groupUsers,
  updateGroup,
} from '../group-service';

export default async function groupRoutes(app: FastifyInstance) {
  const tags = ['system'];
  const owner = { permission: { signedIn: 'owner' } } as const;
  const TypeParams = {
    type: 'object',
    properties: { type: { type: 'string', enum: ['0', '1'] } },
    required: ['type'],
  } as const;
  const ListQuery = {
    type: 'object',
    properties: {
      type: { type: 'integer', minimum: 0, maximum: 1 },
      keyword: { type: 'string', maxLength: 200 },
    },
  } as const;

  app.get(
    '/api/system/groupcustom/tree/:type',
    { config: owner, schema: { tags, summary: 'Personal (0) or enterprise (1) groups', params: TypeParams } },
    async (req) => ok(await groupTree(req, (req.params as { type: string }).type)),
  );
  app.get(
    '/api/system/groupcustom/ImUser',
    {
      config: owner,
      schema: { tags, summary: 'Users of a group or unit (paged)', querystring: GroupImUserQuery },
    },
    async (req) => ok(await groupUsers(req, req.query as GroupImUserQuery)),
  );
  app.get(
    '/api/system/groupcustom',
    { config: owner, schema: { tags, summary: 'Groups the caller may see', querystring: ListQuery } },
    async (req) => ok(await groupList(req, req.query as { type?: number; keyword?: string })),
  );
  app.post(
    '/api/system/groupcustom',
    { config: owner, schema: { tags, summary: 'Create a group', body: GroupInput } },
    async (req) => {
      const r = await createGroup(req, req.body as GroupInput);
      return ok(r.data, r.msg);
    },
  );
  app.get('/api/system/groupcustom/:id', { config: owner, schema: { tags, params: IdParam } }, async (req) =>
    ok(await groupDetail(req, (req.params as IdParam).id)),
  );
  app.put(
    '/api/system/groupcustom/:id',
    { config: owner, schema: { tags, params: IdParam, body: GroupInput } },
    async (req) => ok(null, await updateGroup(req, (req.params as IdParam).id, req.body as GroupInput)),
  );
  app.delete(
    '/api/system/groupcustom/:id',
    { config: owner, schema: { tags, params: IdParam } },
    async (req) => ok(null, await deleteGroup(req, (req.params as IdParam).id)),
  );
}

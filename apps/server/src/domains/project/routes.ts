// Project lookups (spec 3 §7 "Organisation and project lookups", spec 4 §7 "Projects"):
//   GET /api/{ly|zy}/project/selector, GET /api/{ly|zy}/project/getBaseInfoListByIds?ids=,
//   GET /api/Permission/projectcategory.
// Reference data every form's project picker reads: any signed-in user, nothing private in it.
import {
  PROJECT_LINES,
  type ProjectCategoryNode,
  type ProjectIdsQuery,
  ProjectIdsQuery as ProjectIdsQuerySchema,
  type ProjectLine,
  type ProjectSelectorQuery,
  ProjectSelectorQuery as ProjectSelectorQuerySchema,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { categoryTree, projectsByIds, selectProjects } from './service';

const tags = ['project'];
const MAX_IDS = 500;
/** Texts translated by http/i18n.ts. */
export const MSG_TOO_MANY = 'ids：一次最多查询500个项目';
export const MSG_TOO_LONG = 'ids：项目编号过长';

export default async function projectRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  for (const line of PROJECT_LINES) {
    app.get<{ Querystring: ProjectSelectorQuery }>(
      `/api/${line}/project/selector`,
      {
        config: { permission: { signedIn: 'public-data' } },
        schema: { tags, querystring: ProjectSelectorQuerySchema },
      },
      async (req) => ok(await selectProjects(db, line as ProjectLine, req.query)),
    );
    app.get<{ Querystring: ProjectIdsQuery }>(
      `/api/${line}/project/getBaseInfoListByIds`,
      {
        config: { permission: { signedIn: 'public-data' } },
        schema: { tags, querystring: ProjectIdsQuerySchema },
      },
      async (req) => {
        const ids = [
          ...new Set(
            req.query.ids
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        if (ids.length > MAX_IDS) throw badRequest(MSG_TOO_MANY);
        if (ids.some((id) => id.length > 64)) throw badRequest(MSG_TOO_LONG);
        return ok(await projectsByIds(db, line as ProjectLine, ids));
      },
    );
  }
  app.get(
    '/api/Permission/projectcategory',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags } },
    async () => ok<ProjectCategoryNode[]>(await categoryTree(db)),
  );
}

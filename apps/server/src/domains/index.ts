import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes';
import unsentKeyRoutes from './auth/unsent-routes';
import chatRoutes from './chat/routes';
import fileRoutes from './file/routes';
import loginChannelRoutes from './login/routes';
import meetingRoutes from './meeting/routes';
import messageRoutes from './message/routes';
import oaRoutes from './oa/index';
import opsRoutes from './ops/routes';
import organisationRoutes from './organisation/index';
import permissionRoutes from './permission/routes';
import portalRoutes from './portal/index';
import projectRoutes from './project/routes';
import systemRoutes from './system/index';
import visualdevRoutes from './visualdev/index';
import workflowRoutes from './workflow/index';

/** Every domain's route plugin, registered in this order by buildApp. Add yours here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  // First and not encapsulated: its latency hook sees every route after it.
  opsRoutes,
  authRoutes,
  unsentKeyRoutes,
  systemRoutes,
  fileRoutes,
  organisationRoutes,
  permissionRoutes,
  messageRoutes,
  oaRoutes,
  chatRoutes,
  portalRoutes,
  meetingRoutes,
  workflowRoutes,
  visualdevRoutes,
  projectRoutes,
  loginChannelRoutes,
];

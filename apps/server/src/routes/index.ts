import type { FastifyInstance } from 'fastify';
import loginChannelRoutes from '../domains/login/routes';
import opsRoutes from '../domains/ops/routes';
import projectRoutes from '../domains/project/routes';
import visualdevRoutes from '../domains/visualdev/index';
import workflowRoutes from '../domains/workflow/index';
import bussinessRoutes from './bussiness/index';
import chatRoutes from './chat/index';
import dashboardRoutes from './dashboard/index';
import fileRoutes from './file/index';
import meetingRoutes from './meeting/index';
import messageRoutes from './message/index';
import oauthRoutes from './oauth/index';
import permissionRoutes from './permission/index';
import portalRoutes from './portal/index';
import areaRoutes from './system/area';
import billRuleRoutes from './system/bill-rule';
import dataInterfaceRoutes from './system/data-interface';
import dictionaryRoutes from './system/dictionary';
import onlineUserRoutes from './system/online-user';
import sysconfigRoutes from './system/sysconfig';
import sysconfigAdminRoutes from './system/sysconfig-admin';

/** Every route module, registered in this order by buildApp. Add yours here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  // First and not encapsulated: its latency hook sees every route after it.
  opsRoutes,
  oauthRoutes,
  sysconfigRoutes,
  onlineUserRoutes,
  fileRoutes,
  permissionRoutes,
  messageRoutes,
  bussinessRoutes,
  chatRoutes,
  portalRoutes,
  dashboardRoutes,
  dictionaryRoutes,
  billRuleRoutes,
  areaRoutes,
  meetingRoutes,
  sysconfigAdminRoutes,
  dataInterfaceRoutes,
  workflowRoutes,
  visualdevRoutes,
  projectRoutes,
  loginChannelRoutes,
];

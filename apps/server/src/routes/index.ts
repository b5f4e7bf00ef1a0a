import type { FastifyInstance } from 'fastify';
import fileRoutes from './file/index';
import oauthRoutes from './oauth/index';
import permissionRoutes from './permission/index';
import onlineUserRoutes from './system/online-user';
import sysconfigRoutes from './system/sysconfig';

/** Every route module, registered in this order by buildApp. Add yours here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  oauthRoutes,
  sysconfigRoutes,
  onlineUserRoutes,
  fileRoutes,
  permissionRoutes,
];

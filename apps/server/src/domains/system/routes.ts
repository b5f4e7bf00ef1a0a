import type { FastifyInstance } from 'fastify';
import areaRoutes from './area';
import billRuleRoutes from './bill-rule';
import dataInterfaceRoutes from './data-interface';
import dictionaryRoutes from './dictionary';
import onlineUserRoutes from './online-user';
import sysconfigRoutes from './sysconfig';
import sysconfigAdminRoutes from './sysconfig-admin';

/** System administration: settings, online users, dictionaries, bill rules, areas, data interfaces. */
export default async function systemRoutes(app: FastifyInstance) {
  await app.register(sysconfigRoutes);
  await app.register(onlineUserRoutes);
  await app.register(dictionaryRoutes);
  await app.register(billRuleRoutes);
  await app.register(areaRoutes);
  await app.register(sysconfigAdminRoutes);
  await app.register(dataInterfaceRoutes);
}

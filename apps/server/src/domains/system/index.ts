import type { FastifyInstance } from 'fastify';
import areaRoutes from './routes/area';
import billRuleRoutes from './routes/bill-rule';
import dataInterfaceRoutes from './routes/data-interface';
import dictionaryRoutes from './routes/dictionary';
import onlineUserRoutes from './routes/online-user';
import sysconfigRoutes from './routes/sysconfig';
import sysconfigAdminRoutes from './routes/sysconfig-admin';

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

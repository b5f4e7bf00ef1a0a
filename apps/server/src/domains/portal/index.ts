import type { FastifyInstance } from 'fastify';
import dashboardRoutes from './routes/dashboard';
import emailRoutes from './routes/email';
import portalRoutes from './routes/portal';

/** Portals and the home dashboard. */
export default async function portalDomain(app: FastifyInstance) {
  await app.register(portalRoutes);
  await app.register(dashboardRoutes);
  await app.register(emailRoutes);
}

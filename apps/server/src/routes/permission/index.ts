import type { FastifyInstance } from 'fastify';
import organizeRoutes from './organize';
import positionRoutes from './position';
import roleRoutes from './role';

/** The organisation and permission administration API (see README.md in this folder). */
export default async function permissionRoutes(app: FastifyInstance) {
  await app.register(organizeRoutes);
  await app.register(positionRoutes);
  await app.register(roleRoutes);
}

import type { FastifyInstance } from 'fastify';
import organizeRoutes from './organize';

/** The organisation and permission administration API (see README.md in this folder). */
export default async function permissionRoutes(app: FastifyInstance) {
  await organizeRoutes(app);
}

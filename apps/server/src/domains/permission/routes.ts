import type { FastifyInstance } from 'fastify';
import roleRoutes from './role';

/** Roles and role grants (/api/permission/Role, /api/permission/Authority). */
export default async function permissionRoutes(app: FastifyInstance) {
  await app.register(roleRoutes);
}

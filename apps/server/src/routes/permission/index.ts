import type { FastifyInstance } from 'fastify';
import currentUserRoutes from './current';
import groupRoutes from './group';
import organizeRoutes from './organize';
import positionRoutes from './position';
import relationRoutes from './relation';
import roleRoutes from './role';
import staffRoutes from './staff';
import userRoutes from './users';
import userExcelRoutes from './users-excel';

/** The organisation and permission administration API (see README.md in this folder). */
export default async function permissionRoutes(app: FastifyInstance) {
  await app.register(organizeRoutes);
  await app.register(positionRoutes);
  await app.register(roleRoutes);
  await app.register(currentUserRoutes);
  await app.register(userExcelRoutes);
  await app.register(staffRoutes);
  await app.register(userRoutes);
  await app.register(relationRoutes);
  await app.register(groupRoutes);
}

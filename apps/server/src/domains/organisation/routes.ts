import type { FastifyInstance } from 'fastify';
import currentUserRoutes from './current';
import groupRoutes from './group';
import organizeRoutes from './organize';
import positionRoutes from './position';
import relationRoutes from './relation';
import staffRoutes from './staff';
import userPickerRoutes from './user-pickers';
import userRoutes from './users';
import userExcelRoutes from './users-excel';

/** The organisation administration API: units, positions, users, groups, relations (see README.md). */
export default async function organisationRoutes(app: FastifyInstance) {
  await app.register(organizeRoutes);
  await app.register(positionRoutes);
  await app.register(currentUserRoutes);
  await app.register(userExcelRoutes);
  await app.register(staffRoutes);
  await app.register(userRoutes);
  await app.register(userPickerRoutes);
  await app.register(relationRoutes);
  await app.register(groupRoutes);
}

import type { FastifyInstance } from 'fastify';
import currentUserRoutes from './routes/current';
import groupRoutes from './routes/group';
import organizeRoutes from './routes/organize';
import positionRoutes from './routes/position';
import relationRoutes from './routes/relation';
import staffRoutes from './routes/staff';
import userPickerRoutes from './routes/user-pickers';
import userRoutes from './routes/users';
import userExcelRoutes from './routes/users-excel';

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

import type { FastifyInstance } from 'fastify';
import baseRoutes from './base';
import generatorRoutes from './generator';
import onlineRoutes from './online';

/** Online development: designed items, their runtime, and the code generator (README.md here). */
export default async function visualdevRoutes(app: FastifyInstance) {
  await app.register(baseRoutes);
  await app.register(onlineRoutes);
  await app.register(generatorRoutes);
}

import type { FastifyInstance } from 'fastify';
import baseRoutes from './base';
import generatorRoutes from './generator';
import onlineRoutes from './online';
import printDevRoutes from './print-dev';

/** Online development: designed items, their runtime, and the code generator (README.md here). */
export default async function visualdevRoutes(app: FastifyInstance) {
  await app.register(baseRoutes);
  await app.register(onlineRoutes);
  await app.register(generatorRoutes);
  await app.register(printDevRoutes);
}

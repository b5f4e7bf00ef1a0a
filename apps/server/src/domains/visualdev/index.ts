import type { FastifyInstance } from 'fastify';
import baseRoutes from './routes/base';
import generatorRoutes from './routes/generator';
import onlineRoutes from './routes/online';
import printDevRoutes from './routes/print-dev';

/** Online development: designed items, their runtime, and the code generator (README.md here). */
export default async function visualdevRoutes(app: FastifyInstance) {
  await app.register(baseRoutes);
  await app.register(onlineRoutes);
  await app.register(generatorRoutes);
  await app.register(printDevRoutes);
}

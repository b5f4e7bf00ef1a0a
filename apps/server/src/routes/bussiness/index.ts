import type { FastifyInstance } from 'fastify';
import commentRoutes from './comment';
import businessMessageRoutes from './message';
import { newsRoutes, noticeRoutes } from './news';

/** /api/Bussiness/{Message, CompanyNews, CompanyNotice, Comment} (spec 1 §7, spec 3 §7). */
export default async function bussinessRoutes(app: FastifyInstance) {
  await app.register(businessMessageRoutes);
  await app.register(newsRoutes);
  await app.register(noticeRoutes);
  await app.register(commentRoutes);
}

import type { FastifyInstance } from 'fastify';
import commentRoutes from './comment';
import documentRoutes from './document';
import businessMessageRoutes from './message';
import { newsRoutes, noticeRoutes } from './news';

/** /api/Bussiness/{Message, CompanyNews, CompanyNotice, Comment, personalfile} (spec 1 §7, spec 3 §7). */
export default async function oaRoutes(app: FastifyInstance) {
  await app.register(businessMessageRoutes);
  await app.register(newsRoutes);
  await app.register(noticeRoutes);
  await app.register(commentRoutes);
  // Document drafting (WDQC01): drafts and issued documents.
  await app.register(documentRoutes);
}

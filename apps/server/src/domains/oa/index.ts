import type { FastifyInstance } from 'fastify';
import commentRoutes from './routes/comment';
import documentRoutes from './routes/document';
import businessMessageRoutes from './routes/message';
import { newsRoutes, noticeRoutes } from './routes/news';

/** /api/Bussiness/{Message, CompanyNews, CompanyNotice, Comment, personalfile} (spec 1 §7, spec 3 §7). */
export default async function oaRoutes(app: FastifyInstance) {
  await app.register(businessMessageRoutes);
  await app.register(newsRoutes);
  await app.register(noticeRoutes);
  await app.register(commentRoutes);
  // Document drafting (WDQC01): drafts and issued documents.
  await app.register(documentRoutes);
}

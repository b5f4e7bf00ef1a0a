import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** File types the built host holds: a missing one is a 404, not a client route. */
const ASSET_RE =
  /\.(?:js|mjs|css|map|html?|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|eot|txt|xml|wasm|pdf|mp3|mp4)$/i;

/**
 * Serves the built host (apps/host/dist) at /kpSystem/ with index.html for client routes, and
 * redirects / to /kpSystem/. Without a built host, /kpSystem/ answers a short plain page saying so.
 */
export async function registerStaticHost(app: FastifyInstance, dist: string | null): Promise<void> {
  app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect('/kpSystem/'),
  );
  const index = dist ? path.join(dist, 'index.html') : null;
  if (!dist || !index || !existsSync(index)) {
    app.get('/kpSystem/*', { config: { auth: 'public' }, schema: { hide: true } }, (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('The host app is not built: run `npm run build -w @kp/host`.'),
    );
    return;
  }
  const root = path.resolve(dist);
  await app.register(async (scope) => {
    // reply.sendFile only: the one route below declares itself public (the built host is public; the
    // app itself asks for login), so no route without a declaration is added (auth/guard.ts).
    await scope.register(fastifyStatic, { root, serve: false, index: false, cacheControl: false });
    scope.get('/kpSystem/*', { config: { auth: 'public' }, schema: { hide: true } }, (req, reply) => {
      const rel = (req.params as { '*': string })['*'] ?? '';
      const file = path.resolve(root, rel);
      const inside = file.startsWith(root + path.sep) && !rel.split(/[\\/]/).includes('..');
      if (rel && inside && existsSync(file) && statSync(file).isFile()) {
        // hashed assets never change; everything else is checked again
        const cache = rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        return reply.header('cache-control', cache).sendFile(rel);
      }
      // A missing asset (a known file type) is a 404; anything else is a client route (history mode),
      // even with a dot in it (menu routes take the menu's enCode, e.g. /kpSystem/portal/portal.group).
      if (ASSET_RE.test(rel)) return reply.code(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  });
}

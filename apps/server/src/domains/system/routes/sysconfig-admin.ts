import { SysConfigBody } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../http/api-error';
import { ok } from '../../../http/envelope';

const ICONS = ['logoIcon', 'navigationIcon', 'loginIcon', 'loginBackground'] as const;

/**
 * System configuration for administrators (the public login-page reads are in sysconfig.ts):
 * GET /api/system/SysConfig → every setting; PUT /api/system/SysConfig → any subset. Icons are file
 * names or addresses: relative paths without '..', or http(s) URLs; nothing else (no javascript:).
 */
export default async function sysconfigAdminRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  app.get(
    '/api/system/SysConfig',
    { config: { permission: { admin: true } }, schema: { tags: ['system'] } },
    async () => ok(await ctx.settings.get()),
  );
  app.put(
    '/api/system/SysConfig',
    { config: { permission: { admin: true } }, schema: { tags: ['system'], body: SysConfigBody } },
    async (req) => {
      const body = req.body as SysConfigBody;
      for (const k of ICONS) {
        const v = body[k];
        if (!v) continue;
        const okUrl =
          /^https?:\/\/[^\s<>"']+$/i.test(v) || (/^[\w\-./]+$/.test(v) && !v.split('/').includes('..'));
        if (!okUrl) throw badRequest(`${k}: 图片地址不正确`);
      }
      if (body.sysName !== undefined && !body.sysName.trim()) throw badRequest('sysName: 请输入系统名称');
      await ctx.settings.set(body);
      return ok(null, '保存成功');
    },
  );
}

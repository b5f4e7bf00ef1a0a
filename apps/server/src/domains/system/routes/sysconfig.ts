import type { LoginBackgroundData, SysLoginConfigData } from '@kp/schema';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';

export default async function sysconfigRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  app.get(
    '/api/system/sysconfig/sysLoginConfig',
    { config: { auth: 'public' }, schema: { tags: ['system'], summary: 'Login page settings' } },
    async () => {
      const s = await ctx.settings.get();
      const data: SysLoginConfigData = {
        sysName: s.sysName,
        sysVersion: s.sysVersion,
        copyright: s.copyright,
        loginIcon: s.loginIcon,
        logoIcon: s.logoIcon,
        navigationIcon: s.navigationIcon,
        loginBackground: s.loginBackground,
        enableVerificationCode: s.enableVerificationCode ? 1 : 0,
        verificationCodeNumber: s.verificationCodeNumber,
      };
      return ok(data);
    },
  );
  app.get(
    '/api/system/sysconfig/LoginBackgroundImage',
    { config: { auth: 'public' }, schema: { tags: ['system'], summary: 'Login background image address' } },
    async () => {
      const s = await ctx.settings.get();
      const data: Static<typeof LoginBackgroundData> = { loginBackground: s.loginBackground };
      return ok(data);
    },
  );
}

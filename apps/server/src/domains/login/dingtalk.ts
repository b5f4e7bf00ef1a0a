// Third-party login with DingTalk (spec 1 §7: POST /api/oauth/loginByDingCode). The provider is outside
// this machine: its address comes from the environment, so tests run a stand-in on 127.0.0.1.
//   DINGTALK_CLIENT_ID, DINGTALK_CLIENT_SECRET   the app's credentials (without them the route answers
//                                                that DingTalk login is not configured)
//   DINGTALK_API_BASE                            default https://api.dingtalk.com
// The code from DingTalk's login page is exchanged for a user access token, which reads the user
// (unionId, mobile). A user is found by an earlier binding, or else by a unique enabled account with the
// same mobile number (then bound).
import { ApiCode } from '@kp/schema';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { newId } from '../auth/tokens';

export const DING_MSG = {
  notConfigured: '未配置钉钉登录，请联系管理员',
  failed: '钉钉登录失败，请重试',
  unbound: '该钉钉账号未绑定系统用户，请联系管理员',
} as const;

export interface ThirdPartyUser {
  externalId: string;
  mobile: string | null;
}

/** A login provider: exchanges a one-time code for the provider's user. */
export interface LoginProvider {
  readonly name: string;
  userOfCode(code: string): Promise<ThirdPartyUser>;
}

/** The DingTalk provider from the environment, or null when it is not configured. */
export function dingTalkFromEnv(env: NodeJS.ProcessEnv = process.env): LoginProvider | null {
  const clientId = env.DINGTALK_CLIENT_ID;
  const clientSecret = env.DINGTALK_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const base = (env.DINGTALK_API_BASE || 'https://api.dingtalk.com').replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit): Promise<Record<string, unknown>> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new ApiError(ApiCode.UNAUTHORIZED, DING_MSG.failed);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw new ApiError(ApiCode.UNAUTHORIZED, DING_MSG.failed);
    return body;
  };
  return {
    name: 'dingtalk',
    async userOfCode(code) {
      const tokenBody = await call('/v1.0/oauth2/userAccessToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, clientSecret, code, grantType: 'authorization_code' }),
      });
      const accessToken = tokenBody.accessToken;
      if (typeof accessToken !== 'string' || !accessToken)
        throw new ApiError(ApiCode.UNAUTHORIZED, DING_MSG.failed);
      const me = await call('/v1.0/contact/users/me', {
        method: 'GET',
        headers: { 'x-acs-dingtalk-access-token': accessToken },
      });
      if (typeof me.unionId !== 'string' || !me.unionId)
        throw new ApiError(ApiCode.UNAUTHORIZED, DING_MSG.failed);
      return {
        externalId: me.unionId,
        mobile: typeof me.mobile === 'string' && me.mobile ? me.mobile : null,
      };
    },
  };
}

/** The platform user of a provider's user: the binding, else a unique enabled account by mobile (bound now). */
export async function userOfExternal(
  ctx: AppContext,
  provider: string,
  who: ThirdPartyUser,
): Promise<string> {
  const db = ctx.db;
  const bound = await db
    .selectFrom('base_user_social')
    .select('user_id')
    .where('provider', '=', provider)
    .where('external_id', '=', who.externalId)
    .executeTakeFirst();
  if (bound) return bound.user_id;
  if (who.mobile) {
    const byMobile = await ctx.db
      .selectFrom('base_user')
      .select('id')
      .where('mobile_phone', '=', who.mobile)
      .where('enabled_mark', '=', 1)
      .limit(2)
      .execute();
    if (byMobile.length === 1) {
      await db
        .insertInto('base_user_social')
        .values({ id: newId(), provider, external_id: who.externalId, user_id: byMobile[0].id })
        .onConflict((oc) => oc.constraint('base_user_social_external').doNothing())
        .execute();
      return byMobile[0].id;
    }
  }
  throw new ApiError(ApiCode.UNAUTHORIZED, DING_MSG.unbound);
}

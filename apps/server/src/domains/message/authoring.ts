import type { AppContext } from '../../context';
import { badRequest } from '../../http/api-error';
import { allowListed, externalUrl, LINK_MSG } from '../auth/link-codes';
import { SITE_TYPE } from './site-message';

/**
 * The site-message types a person may write through /api/message (issue 34): a dialog (1), an external
 * page (5), and a pointer to a message, notice or news item (6, 7, 8). Flow notices (2 and the other
 * workflow values) and booking notices (9) are written by the server only: a person could dress a link up
 * as a flow task or a booking.
 */
export const AUTHORED_TYPES: readonly number[] = [
  SITE_TYPE.dialog,
  SITE_TYPE.web,
  SITE_TYPE.msgList,
  SITE_TYPE.notice,
  SITE_TYPE.news,
];

/**
 * Refuses a message a person may not write: a type outside AUTHORED_TYPES, or a type-5 message whose body
 * is not an http(s) address on a host of the administrator's allow-list (settings.externalLinkHosts).
 * Opening it still goes through GET /api/oauth/GetUserCode, which checks the address again.
 */
export async function checkAuthoredMessage(
  ctx: AppContext,
  type: number,
  bodyText: string | null | undefined,
): Promise<void> {
  if (!AUTHORED_TYPES.includes(type)) throw badRequest('type: 不支持的消息类型');
  if (type !== SITE_TYPE.web) return;
  const u = externalUrl(bodyText ?? '');
  if (!u) throw badRequest(`bodyText: ${LINK_MSG.badUrl}`);
  if (!allowListed((await ctx.settings.get()).externalLinkHosts, u))
    throw badRequest(`bodyText: ${LINK_MSG.notAllowed}`);
}

import type { AppContext } from '../../context';
import { SITE_TYPE, sendSiteMessage } from '../message/site-message';

/**
 * The one call into the site-message service (domains/message): a message of type 9 whose bodyText is
 * the booking id, so the client opens the booking read-only. Failures are logged, never thrown: the
 * booking is already saved.
 */
export async function notifyAttendees(
  ctx: AppContext,
  bookingId: string,
  theme: string,
  userIds: string[],
  senderId: string,
): Promise<void> {
  const to = userIds.filter((u) => u && u !== senderId);
  if (!to.length) return;
  try {
    await sendSiteMessage(ctx, {
      toUserIds: to,
      title: `会议通知：${theme}`,
      type: SITE_TYPE.booking,
      bodyText: bookingId,
      creatorUserId: senderId,
    });
  } catch (err) {
    ctx.log.error({ err, bookingId }, 'meeting notification failed');
  }
}

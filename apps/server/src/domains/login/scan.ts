// Scan-to-log-in (spec 1 §7: GET /api/oauth/codeCertificate, GET /api/oauth/codeCertificateStatus/{id}).
// The login page asks for a certificate and shows its id as a QR code; a phone where the user is
// signed in scans it (Scan), then confirms (Confirm) or cancels; the login page polls the status with
// the ticket only it holds, and the poll that sees the confirmation takes the new session, once.
import { ApiCode, type LoginData } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { newId, newToken, sha256 } from '../auth/tokens';
import { finishLogin } from './finish';

/** How long a QR code may be scanned and confirmed. */
export const CERTIFICATE_TTL_MS = 120_000;
/** Live certificates one address may hold at once (the route is public). */
export const CERTIFICATES_PER_IP = 20;

export const STATUS = { waiting: 0, scanned: 1, confirmed: 2, cancelled: 3, used: 4, expired: -1 } as const;

/** Texts of the refusals (zh; http/i18n.ts translates them). */
export const SCAN_MSG = {
  tooMany: '二维码请求过于频繁，请稍后再试',
  unknown: '二维码不存在或已失效',
  expired: '二维码已过期，请刷新',
  notScanned: '请先扫描二维码',
  otherUser: '二维码已被其他用户扫描',
  done: '二维码已使用，请刷新',
} as const;

export async function createCertificate(ctx: AppContext, ip: string) {
  const db = ctx.db;
  const now = Date.now();
  // Expired rows go first (bounded), so an unauthenticated caller cannot grow the table.
  await db
    .deleteFrom('base_login_certificate')
    .where('expires_at', '<', new Date(now - CERTIFICATE_TTL_MS))
    .execute();
  const live = await db
    .selectFrom('base_login_certificate')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ip', '=', ip)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= CERTIFICATES_PER_IP) throw new ApiError(ApiCode.TOO_MANY, SCAN_MSG.tooMany);
  const id = newId();
  const ticket = newToken();
  const expiresAt = now + CERTIFICATE_TTL_MS;
  await db
    .insertInto('base_login_certificate')
    .values({ id, ticket_hash: sha256(ticket), ip, expires_at: new Date(expiresAt) })
    .execute();
  return { id, ticket, expiresAt, expiresIn: CERTIFICATE_TTL_MS / 1000 };
}

/**
 * The status seen by the login page (its ticket must match). A confirmed certificate becomes used in
 * the same statement that returns it, so exactly one poll gets the session.
 */
export async function certificateStatus(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  ticket: string,
): Promise<{ status: number } & Partial<LoginData>> {
  const db = ctx.db;
  const row = await db
    .selectFrom('base_login_certificate')
    .select(['ticket_hash', 'status', 'expires_at', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.ticket_hash !== sha256(ticket)) throw new ApiError(ApiCode.NOT_FOUND, SCAN_MSG.unknown);
  if (row.status === STATUS.confirmed) {
    const taken = await db
      .updateTable('base_login_certificate')
      .set({ status: STATUS.used })
      .where('id', '=', id)
      .where('status', '=', STATUS.confirmed)
      .returning('user_id')
      .executeTakeFirst();
    if (!taken?.user_id) return { status: STATUS.used };
    const login = await finishLogin(ctx, req, taken.user_id, { device: 'pc' });
    return { status: STATUS.confirmed, ...login };
  }
  if (row.status < STATUS.confirmed && new Date(row.expires_at).getTime() <= Date.now())
    return { status: STATUS.expired };
  return { status: row.status };
}

/** The signed-in phone's steps: scan (waiting → scanned), confirm (scanned → confirmed), cancel. */
export async function advanceCertificate(
  ctx: AppContext,
  id: string,
  userId: string,
  step: 'scan' | 'confirm' | 'cancel',
): Promise<{ status: number }> {
  const db = ctx.db;
  const row = await db
    .selectFrom('base_login_certificate')
    .select(['status', 'expires_at', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, SCAN_MSG.unknown);
  if (new Date(row.expires_at).getTime() <= Date.now())
    throw new ApiError(ApiCode.BAD_REQUEST, SCAN_MSG.expired);
  if (row.status >= STATUS.confirmed) throw new ApiError(ApiCode.BAD_REQUEST, SCAN_MSG.done);
  if (row.user_id && row.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, SCAN_MSG.otherUser);
  const from = step === 'scan' ? [STATUS.waiting, STATUS.scanned] : [STATUS.scanned];
  if (!from.includes(row.status as 0 | 1)) throw new ApiError(ApiCode.BAD_REQUEST, SCAN_MSG.notScanned);
  const to = step === 'scan' ? STATUS.scanned : step === 'confirm' ? STATUS.confirmed : STATUS.cancelled;
  const done = await db
    .updateTable('base_login_certificate')
    .set({ status: to, user_id: userId })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new ApiError(ApiCode.CONFLICT, SCAN_MSG.done);
  return { status: to };
}

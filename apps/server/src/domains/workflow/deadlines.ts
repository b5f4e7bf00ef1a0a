import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { actOnTask } from './engine';

/** How long a claimed deadline row stays reserved for the process that claimed it. */
const CLAIM_MS = 60_000;

/**
 * Sweeps due deadlines (node timers and overdue reminders). Idempotent across server processes: rows
 * are claimed with one UPDATE … WHERE (SELECT … FOR UPDATE SKIP LOCKED) RETURNING, and each one is then
 * applied through actOnTask, whose row lock and the interpreter's own due check (TIMER_NOT_DUE) make a
 * second process's late attempt a no-op. The rows live in wf_deadline, so a restart loses nothing.
 * Returns how many deadlines fired.
 */
export async function sweepDeadlines(ctx: AppContext, now: Date = new Date(), limit = 100): Promise<number> {
  const db = ctx.db;
  const until = new Date(now.getTime() + CLAIM_MS);
  const claimed = await sql<{ task_id: string; deadline_id: string; node_id: string; kind: string }>`
    UPDATE wf_deadline SET claimed_until = ${until}
    WHERE (task_id, deadline_id) IN (
      SELECT task_id, deadline_id FROM wf_deadline
      WHERE due_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING task_id, deadline_id, node_id, kind`.execute(db);
  let fired = 0;
  for (const d of claimed.rows) {
    try {
      await actOnTask(
        ctx,
        d.task_id,
        () =>
          d.kind === 'timer'
            ? { type: 'timerFired', userId: 'system', nodeId: d.node_id }
            : { type: 'overdueReminder', userId: 'system', nodeId: d.node_id },
        {
          now,
          refuseSuspended: true,
          after: async (l) => {
            if (d.kind !== 'overdue') return;
            await l.tx
              .updateTable('wf_operator')
              .set((eb) => ({ reminder_count: eb('reminder_count', '+', 1) }))
              .where('task_id', '=', d.task_id)
              .where('node_id', '=', d.node_id)
              .where('status', '=', 0)
              .execute();
            await l.tx.updateTable('wf_task').set({ press_mark: 1 }).where('id', '=', d.task_id).execute();
          },
        },
      );
      fired++;
    } catch (e) {
      // Refused by the interpreter (flow moved on, not due any more) or the task is gone: drop a stale
      // row, release a not-yet-due one; leave others (e.g. suspended) claimed until the claim lapses.
      if (e instanceof ApiError && e.code === 400) {
        await db
          .deleteFrom('wf_deadline')
          .where('task_id', '=', d.task_id)
          .where('deadline_id', '=', d.deadline_id)
          .where('due_at', '<=', now)
          .where('claimed_until', '=', until)
          .execute();
      } else if (!(e instanceof ApiError)) ctx.log.warn({ err: e }, 'workflow deadline sweep failed');
    }
  }
  return fired;
}

/**
 * The sweep job: every KP_WF_SWEEP_MS ms (default 60000; 0 = off; off under Vitest unless set).
 */
export function startDeadlineJob(app: FastifyInstance): void {
  const env = process.env.KP_WF_SWEEP_MS;
  const every = env !== undefined ? Number(env) : process.env.VITEST ? 0 : 60_000;
  if (!every || every < 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepDeadlines(app.kp)
      .catch((e) => app.kp.log.warn({ err: e }, 'workflow deadline sweep failed'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../types';

/**
 * Issue 34: a seeded button guards a server action. Two workflow buttons guarded none and go, with every
 * grant of them: 流程委托 编辑 (workFlow.entrust btn_edit; an entrust is added or removed, never edited) and
 * 流程监控 删除 (workFlow.flowMonitor btn_remove; a manager never deletes a monitored flow).
 */
export const UNUSED_BUTTONS = [
  ['workFlow.entrust', 'btn_edit'],
  ['workFlow.flowMonitor', 'btn_remove'],
] as const;

// typed with the app's Database only so its test can pass the app's handle; every statement is plain SQL
export async function up(db: Kysely<Database>): Promise<void> {
  for (const [menu, button] of UNUSED_BUTTONS) {
    const ids = await sql<{ id: string }>`
      select b.id from base_module_button b join base_module m on m.id = b.module_id
       where m.en_code = ${menu} and b.en_code = ${button}`.execute(db);
    for (const { id } of ids.rows) {
      await sql`delete from base_role_authorize where item_type = 'button' and item_id = ${id}`.execute(db);
      await sql`delete from base_module_button where id = ${id}`.execute(db);
    }
  }
}

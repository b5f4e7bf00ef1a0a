import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../types';

const id = () => randomUUID().replace(/-/g, '');

/**
 * Issue 34: every flow-monitor operation has its own button (workflow/manager-actions.ts): 保存 (btn_save),
 * 重新归档 (btn_rearchive) and 挂起/恢复 (btn_suspend) join 指派 and 终止 on workFlow.flowMonitor; nobody is
 * granted them (administrators need no grant). The entrust page's writes now need its buttons: the seeded
 * roles that hold the page keep delegating (btn_add, btn_edit, btn_remove granted to them, as the seed does).
 */
// typed with the app's Database only so its test can pass the app's handle; every statement is plain SQL
export async function up(db: Kysely<Database>): Promise<void> {
  const monitor = await sql<{ id: string }>`
    select id from base_module where en_code = 'workFlow.flowMonitor'`.execute(db);
  for (const m of monitor.rows) {
    let sort = 10;
    for (const [code, name] of [
      ['btn_save', '保存'],
      ['btn_rearchive', '重新归档'],
      ['btn_suspend', '挂起/恢复'],
    ] as const) {
      await sql`
        insert into base_module_button (id, module_id, en_code, full_name, sort_code)
        select ${id()}, ${m.id}, ${code}, ${name}, ${sort++}
        where not exists (select 1 from base_module_button where module_id = ${m.id} and en_code = ${code})`.execute(
        db,
      );
    }
  }
  const grants = await sql<{ role_id: string; button_id: string }>`
    select r.id as role_id, b.id as button_id
      from base_role r
      join base_module m on m.en_code = 'workFlow.entrust'
      join base_role_authorize g on g.role_id = r.id and g.item_type = 'module' and g.item_id = m.id
      join base_module_button b on b.module_id = m.id and b.en_code in ('btn_add', 'btn_edit', 'btn_remove')
     where r.en_code in ('employee', 'deptManager', 'companyLeader', 'hr')
       and not exists (select 1 from base_role_authorize x
                        where x.role_id = r.id and x.item_type = 'button' and x.item_id = b.id)`.execute(db);
  for (const g of grants.rows)
    await sql`
      insert into base_role_authorize (id, role_id, item_type, item_id, scope)
      values (${id()}, ${g.role_id}, 'button', ${g.button_id}, null)`.execute(db);
}

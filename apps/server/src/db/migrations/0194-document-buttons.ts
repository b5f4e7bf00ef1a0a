import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../types';

const id = () => randomUUID().replace(/-/g, '');

/**
 * Issue 34: 公文起草 (WDQC01) now checks its buttons on the server: editing and issuing a draft need btn_edit,
 * deleting one btn_remove. Every role that may write drafts (holds WDQC01's btn_add) keeps editing and deleting
 * its own drafts: it is granted btn_edit and btn_remove, as the seed now does. 会议室预约 (oa.conference) had a
 * btn_remove that guarded nothing (meetings are cancelled with btn_edit, never deleted): it goes, with its grants.
 */
// typed with the app's Database only so its test can pass the app's handle; every statement is plain SQL
export async function up(db: Kysely<Database>): Promise<void> {
  const grants = await sql<{ role_id: string; button_id: string }>`
    select distinct g.role_id, b.id as button_id
      from base_module m
      join base_module_button a on a.module_id = m.id and a.en_code = 'btn_add'
      join base_role_authorize g on g.item_type = 'button' and g.item_id = a.id
      join base_module_button b on b.module_id = m.id and b.en_code in ('btn_edit', 'btn_remove')
     where m.en_code = 'WDQC01'
       and not exists (select 1 from base_role_authorize x
                        where x.role_id = g.role_id and x.item_type = 'button' and x.item_id = b.id)`.execute(
    db,
  );
  for (const g of grants.rows)
    await sql`
      insert into base_role_authorize (id, role_id, item_type, item_id, scope)
      values (${id()}, ${g.role_id}, 'button', ${g.button_id}, null)`.execute(db);

  const unused = sql`
    select b.id from base_module_button b join base_module m on m.id = b.module_id
     where m.en_code = 'oa.conference' and b.en_code = 'btn_remove'`;
  await sql`delete from base_role_authorize where item_type = 'button' and item_id in (${unused})`.execute(
    db,
  );
  await sql`delete from base_module_button where id in (${unused})`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The header's to-do and to-read badges (initMessage dealtCount / consultCount) and the dashboard count
 * wf_todo, which nothing filled: triggers now keep it in step with the workflow's own rows, whatever code
 * writes them. One wf_todo row per operator task (kind 'todo', state = the task's status: 0 pending,
 * 1 handled, 2 closed by the flow) and per circulated item (kind 'circulate', state = is_read), same id.
 * Existing rows are copied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function kp_wf_todo_operator() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from wf_todo where id = old.id;
        return old;
      end if;
      insert into wf_todo (id, task_id, user_id, kind, state, creator_time)
        values (new.id, new.task_id, new.user_id, 'todo', new.status, new.creator_time)
        on conflict (id) do update set user_id = excluded.user_id, state = excluded.state;
      return new;
    end $$`.execute(db);
  await sql`
    create or replace function kp_wf_todo_circulate() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from wf_todo where id = old.id;
        return old;
      end if;
      insert into wf_todo (id, task_id, user_id, kind, state, creator_time)
        values (new.id, new.task_id, new.user_id, 'circulate', new.is_read, new.creator_time)
        on conflict (id) do update set user_id = excluded.user_id, state = excluded.state;
      return new;
    end $$`.execute(db);
  await sql`create trigger wf_operator_todo_count after insert or delete or update of status, user_id
    on wf_operator for each row execute function kp_wf_todo_operator()`.execute(db);
  await sql`create trigger wf_circulate_todo_count after insert or delete or update of is_read, user_id
    on wf_circulate for each row execute function kp_wf_todo_circulate()`.execute(db);
  await sql`insert into wf_todo (id, task_id, user_id, kind, state, creator_time)
    select id, task_id, user_id, 'todo', status, creator_time from wf_operator
    union all select id, task_id, user_id, 'circulate', is_read, creator_time from wf_circulate
    on conflict (id) do nothing`.execute(db);
}

import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Task titles and flow notices in the reader's language (issue 20). wf_task.title_parts holds the parts
 * of the title the server made at launch, `{"by": initiator, "flow": {zh, zhtw?, en?}, "at": launch time}`
 * (domains/workflow/task-title.ts renders them in the request's language; full_name keeps the zh title,
 * which lists search); message.title_i18n holds a notice's title in every language ({zh, zhtw, en}).
 * Tasks launched before get their parts where the stored title is still the one the server made:
 * `{initiator}的{flow name}（YYYY-MM-DD HH:mm）` with the flow's current name, whose labels then count as
 * they do in the flow lists (seeded labels while the name equals their zh, typed ones always).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wf_task').addColumn('title_parts', 'text').execute();
  await db.schema.alterTable('message').addColumn('title_i18n', 'text').execute();
  await partsOfDefaultTitles(db);
}

/** The backfill of up(), after the column exists (exported for its test). */
export async function partsOfDefaultTitles(db: QueryExecutorProvider): Promise<void> {
  // 19 = '的' + '（' + 16 characters of the stamp + '）'
  await sql`
    update wf_task t set title_parts = jsonb_build_object(
      'by', left(t.full_name, char_length(t.full_name) - char_length(x.flow) - 19),
      'flow', x.labels || jsonb_build_object('zh', x.flow),
      'at', x.at
    )::text
    from (
      select k.id, tp.full_name as flow, s.at,
        case
          when tp.full_name_i18n is not null and tp.full_name_i18n like '{%'
            and coalesce(tp.full_name_i18n::jsonb ->> 'zh', tp.full_name) = tp.full_name
          then (tp.full_name_i18n::jsonb - 'zh')
          else '{}'::jsonb
        end as labels
      from wf_task k
      join wf_template tp on tp.id = k.template_id
      cross join lateral (
        select substring(k.full_name from '（([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2})）$') as at
      ) s
      where k.title_parts is null and s.at is not null
        and char_length(k.full_name) >= char_length(tp.full_name) + 19
        and right(k.full_name, char_length(tp.full_name) + 19) = '的' || tp.full_name || '（' || s.at || '）'
    ) x
    where t.id = x.id`.execute(db);
}

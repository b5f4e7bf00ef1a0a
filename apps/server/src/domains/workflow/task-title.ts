import { LANGUAGES, type Language } from '@kp/schema';
import { type LabelledRow, storedLabels } from '../../db/stored-label';
import { text } from '../../http/messages';

/**
 * A task's title in the reader's language (issue 20). The server names a new task `{initiator}的{flow}
 * （{launch time}）`: wf_task.full_name keeps that zh text (what lists search and sort by) and
 * wf_task.title_parts (migration 0182) the parts it was made of, the flow's name in every language it had
 * at launch, so the title reads `Leave request by 张伟 (…)` in en (catalogue flow.taskTitle). A task
 * without parts (a title not made by the server) reads as stored in every language.
 */
interface TitleParts {
  by: string;
  flow: { zh: string; zhtw?: string; en?: string };
  at: string;
}

/** What a task's title is read from. */
export interface TitledRow {
  full_name: string;
  title_parts?: string | null;
}

const render = (p: TitleParts, lang: Language) =>
  text('flow.taskTitle', lang, p.by, p.flow[lang] || p.flow.zh, p.at);

function partsOf(json: string | null | undefined): TitleParts | null {
  if (!json) return null;
  try {
    const p = JSON.parse(json) as Partial<TitleParts>;
    return typeof p.by === 'string' && typeof p.at === 'string' && typeof p.flow?.zh === 'string'
      ? (p as TitleParts)
      : null;
  } catch {
    return null;
  }
}

/** The columns of a new task's default title: the zh text and its parts. */
export function defaultTaskTitle(
  initiator: string,
  flow: LabelledRow,
  at: string,
): { full_name: string; title_parts: string } {
  const parts: TitleParts = { by: initiator, flow: storedLabels(flow) ?? { zh: flow.full_name }, at };
  return { full_name: render(parts, 'zh'), title_parts: JSON.stringify(parts) };
}

/** A task's title in `lang`: a default title in that language, any other as stored. */
export function taskTitle(row: TitledRow, lang: Language): string {
  if (lang === 'zh') return row.full_name;
  const p = partsOf(row.title_parts);
  return p ? render(p, lang) : row.full_name;
}

/** A default title in every language (for texts stored once and read by many, as notices), else null. */
export function taskTitles(row: TitledRow): Record<Language, string> | null {
  const p = partsOf(row.title_parts);
  if (!p) return null;
  return Object.fromEntries(LANGUAGES.map((l) => [l, l === 'zh' ? row.full_name : render(p, l)])) as Record<
    Language,
    string
  >;
}

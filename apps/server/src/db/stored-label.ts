import { LANGUAGES, type Language, textIn } from '@kp/schema';
import { text } from '../http/messages';

/**
 * A stored row's name in every language (issue 20): `full_name` is the base name (zh for seeded rows, what
 * an administrator typed otherwise); `full_name_i18n` holds the other languages as JSON, in one of two forms:
 * - seeded labels {zh, zhtw, en} (migrations 0170–0174, the seeds): they count only while full_name still
 *   equals their zh, so a rename that did not touch them shows the new name in every language;
 * - labels an administrator typed {zhtw?, en?} (no zh: the zh is full_name, whatever it becomes; written by
 *   typedLabelJson): they count until the administrator changes them, also after a rename.
 */
export interface LabelledRow {
  full_name: string;
  full_name_i18n?: string | null;
}

/** The row's name in `lang`: its label while it counts, else full_name as stored. */
export function nameIn(row: LabelledRow, lang: Language): string {
  const l = storedLabels(row);
  return l ? textIn(l, lang) || row.full_name : row.full_name;
}

/** The {zh, zhtw, en} of a row (zh: full_name) while its labels count, else undefined. */
export function storedLabels(row: LabelledRow): { zh: string; zhtw?: string; en?: string } | undefined {
  if (!row.full_name_i18n) return undefined;
  try {
    const l = JSON.parse(row.full_name_i18n) as { zh?: unknown; zhtw?: unknown; en?: unknown };
    // seeded labels carry the zh they were written for; typed ones carry none
    if (l.zh !== undefined && l.zh !== row.full_name) return undefined;
    const zhtw = typeof l.zhtw === 'string' ? l.zhtw : '';
    const en = typeof l.en === 'string' ? l.en : '';
    if (!zhtw && !en && l.zh === undefined) return undefined;
    return { zh: row.full_name, ...(zhtw ? { zhtw } : {}), ...(en ? { en } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * The full_name_i18n of names an administrator typed (the edit dialogs' zhtw and en; zh is the name itself):
 * trimmed, empty ones dropped, null when none is left (the row then shows full_name in every language).
 */
export function typedLabelJson(i18n: { zhtw?: string; en?: string }): string | null {
  const zhtw = i18n.zhtw?.trim() ?? '';
  const en = i18n.en?.trim() ?? '';
  if (!zhtw && !en) return null;
  return JSON.stringify({ ...(zhtw ? { zhtw } : {}), ...(en ? { en } : {}) });
}

/**
 * The name a row mapper shows: in `lang` for lists and pickers, the stored full_name when no language is
 * given (an edit form, which writes full_name back).
 */
export function shownName(row: LabelledRow, lang?: Language): string {
  return lang ? nameIn(row, lang) : row.full_name;
}

/** nameIn of a row read through a left join (its full_name and full_name_i18n under other names); null when none. */
export function joinedNameIn(name: string | null, i18n: string | null, lang: Language): string | null {
  return name === null ? null : nameIn({ full_name: name, full_name_i18n: i18n }, lang);
}

/**
 * The name of a copy the server makes of a row (catalogue common.copyName: `X.副本ab12c`, `X (copy ab12c)`)
 * in every language, from the row's name in each: full_name in zh, full_name_i18n as seeded labels (they
 * count while the copy keeps its name). Each name is cut to `max` characters.
 */
export function copyName(row: LabelledRow, suffix: string, max = 100): Required<LabelledRow> {
  const names = Object.fromEntries(
    LANGUAGES.map((l) => [l, text('common.copyName', l, nameIn(row, l), suffix).slice(0, max)]),
  ) as Record<Language, string>;
  return { full_name: names.zh, full_name_i18n: JSON.stringify(names) };
}

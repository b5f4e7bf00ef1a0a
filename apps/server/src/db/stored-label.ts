import { type Language, textIn } from '@kp/schema';

/**
 * A stored row's name in every language (issue 20): `full_name` is the base name (zh for seeded rows, what
 * an administrator typed otherwise), `full_name_i18n` {zh, zhtw, en} as JSON for seeded rows (migrations
 * 0170–0174) and names entered in all three. The labels count only while full_name still equals their zh:
 * a rename that did not touch them shows the new name in every language.
 */
export interface LabelledRow {
  full_name: string;
  full_name_i18n?: string | null;
}

/** The row's name in `lang`: its label while the name is the labels' zh, else full_name as stored. */
export function nameIn(row: LabelledRow, lang: Language): string {
  const l = storedLabels(row);
  return l ? textIn(l, lang) || row.full_name : row.full_name;
}

/** The {zh, zhtw, en} of a row while its name is still the labels' zh, else undefined. */
export function storedLabels(row: LabelledRow): { zh: string; zhtw?: string; en?: string } | undefined {
  if (!row.full_name_i18n) return undefined;
  try {
    const l = JSON.parse(row.full_name_i18n) as { zh?: unknown; zhtw?: unknown; en?: unknown };
    if (l.zh !== row.full_name) return undefined;
    return {
      zh: row.full_name,
      ...(typeof l.zhtw === 'string' && l.zhtw ? { zhtw: l.zhtw } : {}),
      ...(typeof l.en === 'string' && l.en ? { en: l.en } : {}),
    };
  } catch {
    return undefined;
  }
}

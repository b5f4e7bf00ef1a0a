import { type Language, textIn } from '@kp/schema';

/**
 * A template's name in `lang` (issue 20): wf_template.full_name_i18n holds {zh, zhtw, en} as JSON (seeded
 * flows, migration 0173, the designer's basic settings); it counts only while full_name still equals its zh,
 * so a rename that did not touch the labels shows the new name.
 */
export function templateName(
  row: { full_name: string; full_name_i18n?: string | null },
  lang: Language,
): string {
  const l = templateLabels(row);
  return l ? textIn(l, lang) || row.full_name : row.full_name;
}

/** The {zh, zhtw, en} of a template while its name is still the labels' zh, else undefined. */
export function templateLabels(row: {
  full_name: string;
  full_name_i18n?: string | null;
}): { zh: string; zhtw?: string; en?: string } | undefined {
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

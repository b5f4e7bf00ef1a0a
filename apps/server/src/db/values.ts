// Values between the API and the columns: LIKE patterns of a keyword, timestamps as milliseconds.

/** Escapes LIKE wildcards of a keyword. */
export const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Milliseconds of a timestamp column (the API's time format); null stays null. */
export const ts = (d: Date | string | null | undefined): number | null =>
  d === null || d === undefined ? null : new Date(d).getTime();

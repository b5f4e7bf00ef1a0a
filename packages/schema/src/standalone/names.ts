/** The export name of a kind's validator in the generated module (src/generated/validators.js). */
export const kindExport = (key: string): string => `kind_${key}`;

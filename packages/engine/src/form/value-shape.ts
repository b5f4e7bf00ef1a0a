/**
 * What a field's value looks like in the form data:
 * - text: string; number: number ('' counts as empty, the amount input emits it when cleared);
 * - choice: string or number (one option or one picked id); scalar: string, number or boolean (switch);
 * - list: array of strings/numbers (checkbox, multiple selects and pickers);
 * - path: array of ids (cascader, organisation, region); paths: array of such arrays (multiple);
 * - range: [a, b] dates or times or numbers (numberRange may also be []);
 * - files: array of uploaded files; table: array of row objects; any: not constrained.
 */
export type ValueShape =
  | 'text'
  | 'number'
  | 'numberRange'
  | 'choice'
  | 'scalar'
  | 'list'
  | 'path'
  | 'paths'
  | 'range'
  | 'files'
  | 'table'
  | 'any';

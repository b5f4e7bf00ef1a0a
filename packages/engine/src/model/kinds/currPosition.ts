// System field (currPosition): the author's first position, stamped by the server; names from the position table.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'currPosition', readonly: true, names: 'position' });

// System field (currOrganize): the author's unit, stamped by the server; names from the organisation table.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'currOrganize', readonly: true, names: 'org' });

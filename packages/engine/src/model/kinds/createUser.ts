// System field (createUser): the server stamps the user id; names from the user table.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'createUser', readonly: true, names: 'user' });

// Layout container (card): holds fields, no data of its own.
import { base, defineKind } from './kind';

export default defineKind({ ...base.none, key: 'card', role: 'layout' });

// Rich text (富文本): stored as HTML, sanitised on display by the renderer.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'editor' });

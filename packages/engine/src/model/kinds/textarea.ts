// Multi-line text (多行输入).
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'textarea' });

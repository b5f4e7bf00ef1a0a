// Single-line text (单行输入). Its regList patterns are compiled by the model (compile.ts).
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'comInput' });

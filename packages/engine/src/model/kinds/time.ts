// Time (时间选择): 'HH:mm:ss' text.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'time' });

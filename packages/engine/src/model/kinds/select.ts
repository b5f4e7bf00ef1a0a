// Select (下拉选择): one option, or a list when `multiple`.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'select', options: 'flat' });

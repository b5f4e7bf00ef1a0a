// Group picker (分组选择): group ids; names from the group table.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'groupSelect', names: 'group' });

// Role picker (角色选择): role ids; names from the role table.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'roleSelect', names: 'role' });

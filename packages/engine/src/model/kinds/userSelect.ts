// User picker (用户选择): user ids; names from the user table.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'userSelect', names: 'user' });

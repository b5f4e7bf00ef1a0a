// Position picker (岗位选择): position ids; names from the position table.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'posSelect', names: 'position' });

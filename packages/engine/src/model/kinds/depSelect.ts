// Department picker (部门选择): department ids; names from the organisation table.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'depSelect', names: 'org' });

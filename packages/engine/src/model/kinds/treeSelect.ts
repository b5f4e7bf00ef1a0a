// Tree select (下拉树形): one node id, or a list when `multiple`.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'treeSelect', options: 'tree' });

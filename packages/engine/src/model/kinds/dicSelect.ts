// Dictionary select (数据字典): dictionary enCodes, names resolved from the dictionary on the server.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({ ...base.choice, ...choiceOrListKind, key: 'dicSelect', names: 'dict' });

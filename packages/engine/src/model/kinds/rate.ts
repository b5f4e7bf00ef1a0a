// Rating (评分): 0..max stars, default 0.
import { base, defineKind } from './kind';

export default defineKind({ ...base.number, key: 'rate', conditionType: 'number', defaultValue: () => 0 });

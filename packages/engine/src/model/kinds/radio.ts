// Radio group (单选框组): one option; static options show as labels.
import { base, defineKind } from './kind';

export default defineKind({ ...base.choice, key: 'radio', options: 'flat' });

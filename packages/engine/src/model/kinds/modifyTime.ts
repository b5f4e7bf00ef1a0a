// System field (modifyTime): the server stamps its local time as yyyy-MM-dd HH:mm:ss.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.text,
  key: 'modifyTime',
  conditionType: 'date',
  displayAs: 'date',
  readonly: true,
});

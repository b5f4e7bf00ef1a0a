// System field (createTime): the server stamps its local time as yyyy-MM-dd HH:mm:ss.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.text,
  key: 'createTime',
  conditionType: 'date',
  displayAs: 'date',
  readonly: true,
});

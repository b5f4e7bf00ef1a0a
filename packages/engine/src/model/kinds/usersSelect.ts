// Users picker (用户组件): a list by default (`multiple: false` makes one), ids may carry a kind suffix (id--user).
import { base, choiceOrListKind, defineKind, looseOf } from './kind';

export default defineKind({
  ...base.list,
  ...choiceOrListKind,
  key: 'usersSelect',
  conditionType: 'list',
  names: 'user',
  shape: (f) => (looseOf(f).multiple === false ? 'choice' : 'list'),
  defaultValue: (_f, shape) => (shape === 'list' ? [] : null),
  importCell: (t, f) =>
    looseOf(f).multiple === false ? base.choice.importCell(t, f) : base.list.importCell(t, f),
});

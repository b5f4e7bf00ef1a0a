import { prop } from '../form/fieldUtil';
import type { FormProviders } from '../providers/types';
import { lazyComponent } from './lazy';
import { PickerField } from './pickerField';
import type { WidgetProps } from './types';

/** The dialog's code, fetched on first open (or ahead on hover/focus of the field). */
export const UserPickerDialog = lazyComponent(() =>
  import('./userPickerDialog').then((m) => m.UserPickerDialog),
);

const userNames = (p: FormProviders, ids: string[]) => p.users.byIds(ids);

/**
 * User transfer picker (spec 3 §2): three tabs (all data: lazy organisation tree; current organisation; my
 * subordinates), a keyword search, and the selected pane with a clear-all button and a per-item delete.
 * Only user nodes can be chosen; a disabled node (enabledMark 0) is refused with 禁用项不能选择. With `hasSys`
 * a fourth tab, 系统变量, offers 当前用户 (spec 3 §6).
 */
export function UserPickerWidget(props: WidgetProps) {
  const multiple = prop<boolean>(props.field, 'multiple') ?? props.field.__config__.jnpfKey === 'usersSelect';
  return <PickerField {...props} multiple={multiple} names={userNames} Dialog={UserPickerDialog} />;
}

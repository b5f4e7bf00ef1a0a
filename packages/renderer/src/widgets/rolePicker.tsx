import { prop } from '../form/fieldUtil';
import type { FormProviders } from '../providers/types';
import { lazyComponent } from './lazy';
import { PickerField } from './pickerField';
import type { WidgetProps } from './types';

/** The dialog's code, fetched on first open (or ahead on hover/focus of the field). */
export const RolePickerDialog = lazyComponent(() =>
  import('./rolePickerDialog').then((m) => m.RolePickerDialog),
);

const roleNames = (p: FormProviders, ids: string[]) => p.orgNames('role', ids);

/**
 * Role picker (roleSelect, spec 3 §6 / 4 §6): the chosen roles in the field; a click opens the dialog with the
 * tabs 组织 and 全局 and, with `hasSys`, 系统变量 (当前用户). Stores a role id (ids when `multiple`).
 */
export function RolePickerWidget(props: WidgetProps) {
  const multiple = prop<boolean>(props.field, 'multiple') ?? false;
  return <PickerField {...props} multiple={multiple} names={roleNames} Dialog={RolePickerDialog} />;
}

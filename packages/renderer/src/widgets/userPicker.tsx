import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { prop } from '../form/fieldUtil';
import type { TreeNode } from '../providers/types';
import { lazyComponent } from './lazy';
import type { WidgetProps } from './types';

/** The dialog's code, fetched on first open (or ahead on hover/focus of the field). */
export const UserPickerDialog = lazyComponent(() =>
  import('./userPickerDialog').then((m) => m.UserPickerDialog),
);

/**
 * User transfer picker (spec 3 §2): three tabs (all data: lazy organisation tree; current organisation; my
 * subordinates), a keyword search, and the selected pane with a clear-all button and a per-item delete.
 * Only user nodes can be chosen; a disabled node (enabledMark 0) is refused with 禁用项不能选择.
 */
export function UserPickerWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { providers, t } = useRender();
  const multiple = prop<boolean>(field, 'multiple') ?? field.__config__.jnpfKey === 'usersSelect';
  const ids = useMemo(
    () => (value == null || value === '' ? [] : Array.isArray(value) ? value.map(String) : [String(value)]),
    [value],
  );
  const [known, setKnown] = useState<Map<string, TreeNode>>(new Map());
  const [initial, setInitial] = useState<TreeNode[] | null>(null);

  const remember = (list: TreeNode[]) =>
    setKnown((prev) => {
      const next = new Map(prev);
      for (const n of list) next.set(n.id, n);
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `remember` only calls the state setter
  useEffect(() => {
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) providers.users.byIds(missing).then(remember, () => {});
  }, [ids, known, providers]);

  const openDialog = () => setInitial(ids.map((id) => known.get(id) ?? { id, fullName: id, type: 'user' }));

  return (
    <>
      <Select
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? ids : ids[0]}
        options={ids.map((id) => ({ value: id, label: known.get(id)?.fullName ?? id }))}
        placeholder={placeholder || t('pleaseSelect')}
        disabled={disabled}
        allowClear
        onClear={() => onChange(multiple ? [] : '')}
        onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
        onOpenChange={(o) => o && !disabled && openDialog()}
        onClick={() => !disabled && openDialog()}
        onMouseEnter={() => void UserPickerDialog.preload().catch(() => {})}
        onFocus={() => void UserPickerDialog.preload().catch(() => {})}
      />
      {initial ? (
        <UserPickerDialog
          field={field}
          multiple={multiple}
          initial={initial}
          remember={remember}
          onConfirm={(out) => {
            onChange(multiple ? out : (out[0] ?? ''));
            setInitial(null);
          }}
          onClose={() => setInitial(null)}
        />
      ) : null}
    </>
  );
}

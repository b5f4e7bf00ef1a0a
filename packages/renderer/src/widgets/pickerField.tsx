import { CURRENT_USER } from '@kp/engine';
import { Select } from 'antd';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import type { FormProviders, TreeNode } from '../providers/types';
import type { PickerDialogProps } from './pickerDialog';
import type { WidgetProps } from './types';

/** A picker's dialog, fetched on first open (or ahead on hover/focus of the field). */
export type LazyDialog = ComponentType<PickerDialogProps> & { preload(): Promise<void> };

/**
 * The field of a dialog picker (users, roles): the chosen names in a closed select (clear and per-tag remove
 * work in place); a click opens `Dialog`. Ids are named through `names`; the system variable 当前用户 (the
 * token '@currentUser', resolved by the server on submit) shows as 当前用户 in the form's language.
 */
export function PickerField({
  field,
  value,
  onChange,
  disabled,
  placeholder,
  multiple,
  names,
  Dialog,
}: WidgetProps & {
  multiple: boolean;
  names(providers: FormProviders, ids: string[]): Promise<TreeNode[]>;
  Dialog: LazyDialog;
}) {
  const { providers, t } = useRender();
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: `remember` only calls the state setter; `names` is a module function
  useEffect(() => {
    const missing = ids.filter((id) => id !== CURRENT_USER && !known.has(id));
    if (missing.length) names(providers, missing).then(remember, () => {});
  }, [ids, known, providers]);

  const nodeOf = (id: string): TreeNode =>
    id === CURRENT_USER
      ? { id, fullName: t('currentUser'), type: 'system' }
      : (known.get(id) ?? { id, fullName: id });
  const openDialog = () => setInitial(ids.map(nodeOf));
  const preload = () => void Dialog.preload().catch(() => {});

  return (
    <>
      <Select
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? ids : ids[0]}
        options={ids.map((id) => ({ value: id, label: nodeOf(id).fullName }))}
        placeholder={placeholder || t('pleaseSelect')}
        disabled={disabled}
        allowClear
        onClear={() => onChange(multiple ? [] : '')}
        onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
        onOpenChange={(o) => o && !disabled && openDialog()}
        onClick={() => !disabled && openDialog()}
        onMouseEnter={preload}
        onFocus={preload}
      />
      {initial ? (
        <Dialog
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

import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { prop } from '../form/fieldUtil';
import type { OrgTreeKind, TreeNode } from '../providers/types';
import type { WidgetProps } from './types';

const KIND: Record<string, OrgTreeKind> = {
  comSelect: 'organize',
  depSelect: 'department',
  posSelect: 'position',
  groupSelect: 'group',
};

interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
  enabledMark?: number;
}

/** Whether a tree node may be picked: enabledMark 0 means disabled (spec 3 §5). */
export const isDisabledNode = (n: { enabledMark?: number }): boolean => n.enabledMark === 0;

/**
 * Organisation, department, position and group pickers (roles: rolePicker.tsx): a lazy tree loaded level by level through
 * `providers.orgTree`. comSelect stores the id path (array; an array of paths when multiple), the others an
 * id (ids when multiple). Picking a disabled node is refused with 禁用项不能选择.
 */
export function OrgPickerWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { providers, t, message } = useRender();
  const jnpfKey = field.__config__.jnpfKey;
  const kind = KIND[jnpfKey] ?? 'organize';
  const multiple = prop<boolean>(field, 'multiple') ?? false;
  const auth = prop<boolean>(field, 'auth') ?? false;
  const isPath = jnpfKey === 'comSelect';
  const [nodes, setNodes] = useState<Map<string, FlatNode>>(new Map());
  const [names, setNames] = useState<Map<string, string>>(new Map());

  const add = (parent: string, list: TreeNode[]) =>
    setNodes((prev) => {
      const next = new Map(prev);
      for (const n of list) {
        next.set(n.id, {
          id: n.id,
          pId: parent,
          value: n.id,
          title: n.fullName,
          isLeaf: n.isLeaf ?? !n.hasChildren,
          enabledMark: n.enabledMark,
        });
      }
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `add` only calls the state setter
  useEffect(() => {
    providers.orgTree(kind, '0', { auth }).then(
      (l) => add('0', l),
      () => {},
    );
  }, [providers, kind, auth]);

  // Ids of the current value (last id of each path for comSelect).
  const ids = useMemo(() => {
    const v = value == null || value === '' ? [] : multiple ? (value as unknown[]) : [value];
    return v.map((x) => (isPath && Array.isArray(x) ? String(x[x.length - 1]) : String(x))).filter(Boolean);
  }, [value, multiple, isPath]);

  useEffect(() => {
    const missing = ids.filter((id) => !names.has(id));
    if (missing.length === 0) return;
    providers.orgNames(kind, missing).then(
      (list) =>
        setNames((prev) => {
          const next = new Map(prev);
          for (const n of list) next.set(n.id, n.fullName);
          return next;
        }),
      () => {},
    );
  }, [ids, names, providers, kind]);

  const pathOf = (id: string): string[] => {
    const path: string[] = [];
    let cur = nodes.get(id);
    while (cur) {
      path.unshift(cur.id);
      cur = cur.pId === '0' ? undefined : nodes.get(cur.pId);
    }
    return path.length ? path : [id];
  };

  const treeData = useMemo(
    () =>
      [...nodes.values()].map((n) => ({
        ...n,
        className: isDisabledNode(n) ? 'kp-node-disabled' : undefined,
      })),
    [nodes],
  );

  const labelled = ids.map((id) => ({ value: id, label: nodes.get(id)?.title ?? names.get(id) ?? id }));

  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeDataSimpleMode
      treeData={treeData}
      labelInValue
      value={multiple ? labelled : labelled[0]}
      multiple={multiple}
      disabled={disabled}
      placeholder={placeholder || t('pleaseSelect')}
      allowClear
      loadData={(node) =>
        providers.orgTree(kind, String(node.value), { auth }).then((l) => add(String(node.value), l))
      }
      onChange={(v) => {
        const picked = (Array.isArray(v) ? v : v ? [v] : []) as { value: string }[];
        const refused = picked.find((p) => {
          const n = nodes.get(p.value);
          return n && isDisabledNode(n) && !ids.includes(p.value);
        });
        if (refused) {
          message(t('disabledItem'), 'warning');
          return;
        }
        const out = picked.map((p) => (isPath ? pathOf(p.value) : p.value));
        onChange(multiple ? out : (out[0] ?? (isPath ? [] : '')));
      }}
    />
  );
}

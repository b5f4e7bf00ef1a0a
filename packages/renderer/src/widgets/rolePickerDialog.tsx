// The role picker's dialog (spec 3 §6, spec 4 §6): fetched when a role picker first opens (see rolePicker.tsx).
import { useEffect, useState } from 'react';
import { useRender } from '../form/context';
import { type RoleTab, roleTabNodes } from '../providers/roleTabs';
import type { TreeNode } from '../providers/types';
import {
  LazyTree,
  NodeList,
  PickerDialog,
  type PickerDialogProps,
  SearchTabs,
  systemTab,
  toUi,
  type UiTreeNode,
  useChosen,
} from './pickerDialog';

type Tab = RoleTab | 'system';

/**
 * Tabs 组织 (the units holding roles as a lazy tree, roles as its leaves), 全局 (the global roles) and, when
 * the field offers it (hasSys), 系统变量 (当前用户). A keyword searches the open tab's roles. Only roles are
 * chosen; a disabled role is refused with 禁用项不能选择.
 */
export function RolePickerDialog(props: PickerDialogProps) {
  const { providers, t } = useRender();
  const [tab, setTab] = useState<Tab>('organize');
  const [keyword, setKeyword] = useState('');
  const [tree, setTree] = useState<UiTreeNode[]>([]);
  const [flat, setFlat] = useState<TreeNode[]>([]);
  const chosen = useChosen(props, 'role');
  const { pick } = chosen;
  useEffect(() => {
    if (tab === 'system') return;
    let alive = true;
    roleTabNodes(providers, tab, keyword).then(
      (l) => {
        if (!alive) return;
        if (tab === 'organize' && !keyword) setTree(l.map((n) => toUi(n, 'role')));
        else setFlat(l);
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [tab, keyword, providers]);

  const list = <NodeList nodes={flat} onPick={pick} />;
  return (
    <PickerDialog props={props} title={t('roleTitle')} chosen={chosen}>
      <SearchTabs<Tab>
        tab={tab}
        onTab={setTab}
        onSearch={setKeyword}
        items={[
          {
            key: 'organize',
            label: t('tabRoleOrganize'),
            children: keyword ? (
              list
            ) : (
              <LazyTree
                tree={tree}
                setTree={setTree}
                load={(id) => providers.orgTree('role', id)}
                leafType="role"
                onPick={pick}
              />
            ),
          },
          { key: 'global', label: t('tabRoleGlobal'), children: list },
          ...systemTab(props.field, t, pick),
        ]}
      />
    </PickerDialog>
  );
}

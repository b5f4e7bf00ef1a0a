import { Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { type ServerNode, useLoad } from './common';

export interface OrgNode extends ServerNode {
  parentId: string | null;
  category: 'company' | 'department';
  enCode: string;
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  children?: OrgNode[];
}

/** The whole unit tree for pickers and tree filters (any signed-in user may read it). */
export async function loadOrgTree(): Promise<OrgNode[]> {
  const r = await http.get<{ list: OrgNode[] }>('/api/permission/Organize/Tree');
  return r.data.list ?? [];
}

/**
 * The management list: organisations and departments (menu permission.organize), or the departments only
 * (menu permission.department), data-scoped by the server.
 */
export async function loadOrgList(mode: 'organize' | 'department', keyword?: string): Promise<OrgNode[]> {
  const url = mode === 'organize' ? '/api/permission/Organize' : '/api/permission/Organize/-1/Department';
  const r = await http.get<{ list: OrgNode[] }>(url, keyword ? { keyword } : undefined);
  return r.data.list ?? [];
}

export interface AntTreeNode {
  key: string;
  title: string;
  value: string;
  disabled?: boolean;
  children?: AntTreeNode[];
}
/** antd tree data from the organisation tree (value and key = id). */
export function toAntTree(list: OrgNode[], opts: { companiesOnly?: boolean } = {}): AntTreeNode[] {
  return list
    .filter((n) => !opts.companiesOnly || n.category === 'company')
    .map((n) => ({
      key: n.id,
      value: n.id,
      title: n.fullName,
      children: n.children?.length ? toAntTree(n.children, opts) : undefined,
    }));
}

/** The organisation tree on the left of the user, position and role lists: selecting filters the list. */
export function OrgTreePanel({ onSelect }: { onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const { data } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const [kw, setKw] = useState('');
  const tree = useMemo(() => {
    const filter = (l: OrgNode[]): OrgNode[] =>
      l
        .map((n) => ({ ...n, children: n.children && filter(n.children) }))
        .filter((n) => !kw || n.fullName.includes(kw) || (n.children?.length ?? 0) > 0);
    return toAntTree(filter(data));
  }, [data, kw]);
  return (
    <div className="kp-adm-side" data-testid="org-tree">
      <Input.Search allowClear placeholder={t('adm.keyword')} onSearch={setKw} style={{ marginBottom: 8 }} />
      {tree.length > 0 && (
        <Tree
          blockNode
          defaultExpandAll
          treeData={tree}
          onSelect={(keys) => onSelect(String(keys[0] ?? ''))}
        />
      )}
    </div>
  );
}

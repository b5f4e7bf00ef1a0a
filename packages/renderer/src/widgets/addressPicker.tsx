import { Button, Modal, Select, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { prop } from '../form/fieldUtil';
import type { TreeNode } from '../providers/types';
import type { WidgetProps } from './types';

interface RegionNode {
  key: string;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
  /** ids from the root to this node */
  path: string[];
  names: string[];
  children?: RegionNode[];
}

/** A picked region: its id path and the id/name pairs along it. */
export interface PickedRegion {
  path: string[];
  pairs: { id: string; name: string }[];
}

/** Adds a path: single mode keeps one path; multiple mode keeps distinct paths and ignores duplicates. */
export function addRegion(list: PickedRegion[], pick: PickedRegion, multiple: boolean): PickedRegion[] {
  if (!multiple) return [pick];
  const key = pick.path.join('/');
  return list.some((p) => p.path.join('/') === key) ? list : [...list, pick];
}

function setChildren(list: RegionNode[], key: string, children: RegionNode[]): RegionNode[] {
  return list.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
        ? { ...n, children: setChildren(n.children, key, children) }
        : n,
  );
}

/**
 * Address (region) picker (spec 3 §4): a lazy tree loaded level by level from `providers.address.children`
 * (root '-1'). Only leaves or nodes at the configured depth (`level`, default 2: province 0, city 1,
 * district 2, street 3) can be picked. Confirm emits the id paths as the value and the id/name pairs as the
 * change event's extra; clear empties everything. Dialog width 800px.
 */
export function AddressPickerWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { providers, t } = useRender();
  const level = prop<number>(field, 'level') ?? 2;
  const multiple = prop<boolean>(field, 'multiple') ?? false;
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<RegionNode[]>([]);
  const [picked, setPicked] = useState<PickedRegion[]>([]);
  const [names, setNames] = useState<string[][]>([]);

  const paths = useMemo<string[][]>(() => {
    if (!Array.isArray(value) || value.length === 0) return [];
    return multiple ? (value as string[][]) : [value as string[]];
  }, [value, multiple]);

  useEffect(() => {
    if (paths.length === 0) {
      setNames([]);
      return;
    }
    providers.address.names(paths).then(setNames, () => setNames(paths));
  }, [paths, providers]);

  const toNode = (n: TreeNode, parent?: RegionNode): RegionNode => {
    const path = [...(parent?.path ?? []), n.id];
    const atDepth = path.length - 1 >= level;
    const isLeaf = atDepth || (n.isLeaf ?? !n.hasChildren);
    return {
      key: path.join('/'),
      title: n.fullName,
      isLeaf,
      selectable: isLeaf,
      path,
      names: [...(parent?.names ?? []), n.fullName],
    };
  };

  const openDialog = () => {
    setPicked([]);
    setOpen(true);
    providers.address.children('-1').then(
      (l) => setTree(l.map((n) => toNode(n))),
      () => {},
    );
  };

  const confirm = () => {
    const base: PickedRegion[] = multiple
      ? paths.map((p, i) => ({ path: p, pairs: p.map((id, j) => ({ id, name: names[i]?.[j] ?? id })) }))
      : [];
    const all = picked.reduce((acc, p) => addRegion(acc, p, multiple), base);
    const out = all.map((p) => p.path);
    onChange(
      multiple ? out : (out[0] ?? []),
      all.map((p) => p.pairs),
    );
    setOpen(false);
  };

  const shown = names.map((n) => n.join('/'));
  return (
    <>
      <Select
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? shown : shown[0]}
        placeholder={placeholder || t('pleaseSelect')}
        disabled={disabled}
        allowClear
        onClear={() => onChange([], [])}
        onOpenChange={(o) => o && !disabled && openDialog()}
        onClick={() => !disabled && openDialog()}
      />
      <Modal
        open={open}
        width={800}
        title={t('addressTitle')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <div style={{ display: 'flex', gap: 12, height: 380 }}>
          <div style={{ flex: 1, overflow: 'auto' }} className="kp-address-tree">
            <Tree
              treeData={tree}
              loadData={async (node) => {
                const n = node as unknown as RegionNode;
                if (n.isLeaf) return;
                const last = n.path[n.path.length - 1];
                const children = (await providers.address.children(last)).map((c) => toNode(c, n));
                setTree((prev) => setChildren(prev, n.key, children));
              }}
              onSelect={(_, info) => {
                const n = info.node as unknown as RegionNode;
                if (!n.selectable) return;
                const pick = { path: n.path, pairs: n.path.map((id, i) => ({ id, name: n.names[i] })) };
                setPicked((prev) => addRegion(prev, pick, multiple));
              }}
            />
          </div>
          <div style={{ flex: 1, overflow: 'auto' }} className="kp-address-picked">
            <div style={{ display: 'flex', justifyContent: 'space-between' }}>
              <span>{t('selected')}</span>
              <Button size="small" type="link" onClick={() => setPicked([])}>
                {t('clear')}
              </Button>
            </div>
            {picked.map((p) => (
              <div key={p.path.join('/')}>{p.pairs.map((x) => x.name).join('/')}</div>
            ))}
          </div>
        </div>
      </Modal>
    </>
  );
}

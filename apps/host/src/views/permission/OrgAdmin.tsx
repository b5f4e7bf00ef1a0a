import { Checkbox, Modal, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { flatten, useLoad } from './common';
import { loadOrgTree, type OrgNode } from './OrgTree';

export const ADMIN_FLAGS = [
  'thisLayerSelect',
  'thisLayerAdd',
  'thisLayerEdit',
  'thisLayerDelete',
  'subLayerSelect',
  'subLayerAdd',
  'subLayerEdit',
  'subLayerDelete',
] as const;
type Flag = (typeof ADMIN_FLAGS)[number];
export type Grant = { organizeId: string } & Partial<Record<Flag, number>>;

/** The grants to send: units with at least one flag set, flags as 0/1. */
export function grantsOf(map: Record<string, Partial<Record<Flag, number>>>): Grant[] {
  return Object.entries(map)
    .filter(([, f]) => ADMIN_FLAGS.some((k) => f[k] === 1))
    .map(([organizeId, f]) => ({
      organizeId,
      ...Object.fromEntries(ADMIN_FLAGS.map((k) => [k, f[k] === 1 ? 1 : 0])),
    }));
}

/** Organisation administrators (administrators only): which units a user administers, and what they may do. */
export function OrgAdminDialog({
  user,
  onClose,
}: {
  user: { id: string; account: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data: orgs } = useLoad(
    () => (user ? loadOrgTree() : Promise.resolve([])),
    [user?.id],
    [] as OrgNode[],
  );
  const rows = useMemo(() => flatten(orgs).map(({ children: _c, ...o }) => o), [orgs]);
  const [map, setMap] = useState<Record<string, Partial<Record<Flag, number>>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setMap({});
    if (!user) return;
    http
      .get<{ list: Grant[] }>(`/api/permission/organizeAdminIsTrator/${user.id}`)
      .then((r) => setMap(Object.fromEntries((r.data.list ?? []).map((g) => [g.organizeId, g]))))
      .catch(() => onClose());
  }, [user, onClose]);
  const save = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await http.put(
        `/api/permission/organizeAdminIsTrator/${user.id}`,
        { list: grantsOf(map) },
        { showSuccess: true },
      );
      onClose();
    } catch {
      // the client toasted the server's msg
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: string, k: Flag, on: boolean) =>
    setMap((m) => ({ ...m, [id]: { ...m[id], [k]: on ? 1 : 0 } }));
  return (
    <Modal
      open={!!user}
      width={900}
      title={`${t('adm.orgAdmin')} - ${user?.account ?? ''}`}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ y: 480 }}
        dataSource={rows}
        columns={[
          { title: t('adm.organize'), dataIndex: 'fullName' },
          ...ADMIN_FLAGS.map((k) => ({
            title: t(`adm.${k}`),
            key: k,
            width: 80,
            render: (_: unknown, o: { id: string }) => (
              <Checkbox checked={map[o.id]?.[k] === 1} onChange={(e) => toggle(o.id, k, e.target.checked)} />
            ),
          })),
        ]}
      />
    </Modal>
  );
}

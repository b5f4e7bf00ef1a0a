import { Modal, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { errText } from './common';

interface PickUser {
  id: string;
  account?: string;
  realName?: string;
  fullName?: string;
}

/** Member assignment (spec 4 §2): a transfer list of users for a position, a role or a group. */
export function MembersDialog({
  target,
  onClose,
}: {
  target: { objectId: string; objectType: 'Position' | 'Role' | 'Group'; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<PickUser[]>([]);
  const [keys, setKeys] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the object, not the literal
  useEffect(() => {
    if (!target) return;
    Promise.all([
      http.get<{ list: PickUser[] }>('/api/permission/Users/All'),
      http.get<{ ids: string[] }>(`/api/permission/UserRelation/${target.objectId}`, {
        objectType: target.objectType,
      }),
    ])
      .then(([u, r]) => {
        setUsers(u.data.list ?? []);
        setKeys(r.data.ids ?? []);
      })
      .catch(() => {});
  }, [target?.objectId, target?.objectType]);
  const save = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await http.post(
        `/api/permission/UserRelation/${target.objectId}`,
        { objectType: target.objectType, userIds: keys },
        { showSuccess: true },
      );
      onClose();
    } catch (e) {
      void errText(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!target}
      title={`${t('adm.members')} - ${target?.title ?? ''}`}
      width={800}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <Transfer
        dataSource={users.map((u) => ({
          key: u.id,
          title: u.realName ? `${u.realName}/${u.account ?? ''}` : (u.fullName ?? ''),
        }))}
        targetKeys={keys}
        onChange={(k) => setKeys(k.map(String))}
        render={(i) => i.title}
        showSearch
        styles={{ section: { width: 340, height: 400 } }}
      />
    </Modal>
  );
}

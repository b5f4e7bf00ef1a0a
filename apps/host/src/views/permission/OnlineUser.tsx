import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { CrudPage, RowActions, useColumns, usePaged } from '../../kit/crud';
import { BTN, fmtTime, usePerm } from './common';

interface OnlineRow {
  id: string;
  userId: string;
  account: string;
  userName: string;
  loginTime: number;
  lastActiveTime: number;
  loginIPAddress: string;
  device: string;
}

/** Online users: live sessions, paged, with forced offline (btn_remove). */
export default function OnlineUser() {
  const { t } = useTranslation();
  const perm = usePerm();
  const { modal } = App.useApp();
  const list = usePaged<OnlineRow>('/api/system/onlineUser');
  const cols = useColumns();
  return (
    <CrudPage<OnlineRow>
      testId="page-onlineUser"
      perm={perm}
      onSearch={list.search}
      onRefresh={list.reload}
      table={{
        ...list.table,
        columns: [
          { title: t('adm.account'), dataIndex: 'account' },
          { title: t('adm.userName'), dataIndex: 'userName' },
          { title: t('adm.loginTime'), dataIndex: 'loginTime', render: fmtTime },
          { title: t('adm.lastActive'), dataIndex: 'lastActiveTime', render: fmtTime },
          { title: t('adm.ip'), dataIndex: 'loginIPAddress' },
          { title: t('adm.device'), dataIndex: 'device' },
          cols.actions(110, (row: OnlineRow) => (
            <RowActions
              perm={perm}
              items={[
                {
                  key: 'kick',
                  code: BTN.remove,
                  label: t('adm.kick'),
                  danger: true,
                  onClick: () =>
                    // Spec 4 §6: cancelling an account's session asks 确定要注销该账号? first.
                    modal.confirm({
                      title: t('common.tip'),
                      content: t('adm.kickConfirm'),
                      okText: t('common.confirm'),
                      cancelText: t('common.cancel'),
                      okButtonProps: { danger: true },
                      onOk: () =>
                        http
                          .delete(`/api/system/onlineUser/${row.id}`, undefined, { showSuccess: true })
                          .then(list.reload)
                          .catch(() => {}),
                    }),
                },
              ]}
            />
          )),
        ],
      }}
    />
  );
}

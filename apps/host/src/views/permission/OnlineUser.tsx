import { App, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { BTN, fmtTime, PermButton, useLoad, usePerm } from './common';
import './admin.css';

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
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** Online users: live sessions, paged, with forced offline (btn_remove). */
export default function OnlineUser() {
  const { t } = useTranslation();
  const perm = usePerm();
  const { modal } = App.useApp();
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: 20 });
  const { data, loading, reload } = useLoad(
    async () => (await http.get<Paged<OnlineRow>>('/api/system/onlineUser', query)).data,
    [query],
    { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } as Paged<OnlineRow>,
  );
  return (
    <div className="kp-adm" data-testid="page-onlineUser">
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          <Button onClick={reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<OnlineRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data.list}
          pagination={{
            current: data.pagination.currentPage,
            pageSize: data.pagination.pageSize,
            total: data.pagination.total,
            showSizeChanger: true,
            pageSizeOptions: [20, 30, 50],
            onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
          }}
          columns={[
            { title: t('adm.account'), dataIndex: 'account' },
            { title: t('adm.userName'), dataIndex: 'userName' },
            { title: t('adm.loginTime'), dataIndex: 'loginTime', render: fmtTime },
            { title: t('adm.lastActive'), dataIndex: 'lastActiveTime', render: fmtTime },
            { title: t('adm.ip'), dataIndex: 'loginIPAddress' },
            { title: t('adm.device'), dataIndex: 'device' },
            {
              title: t('adm.action'),
              key: 'a',
              width: 110,
              render: (_: unknown, row) => (
                <PermButton
                  perm={perm}
                  code={BTN.remove}
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
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
                          .then(reload)
                          .catch(() => {}),
                    })
                  }
                >
                  {t('adm.kick')}
                </PermButton>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}

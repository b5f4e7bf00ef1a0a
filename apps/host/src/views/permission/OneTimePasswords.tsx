import { CopyOutlined } from '@ant-design/icons';
import { copyToClipboard } from '@kp/renderer';
import { Alert, App, Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A password the server answered once for a created, imported or reset user. */
export interface OneTimePassword {
  account: string;
  realName?: string;
  password: string;
}

/**
 * Shows the one-time passwords the server generated (there is no default password) with a copy button
 * each. The server answers them once and keeps only their hash: closing this dialog is the last look.
 */
export function OneTimePasswordsDialog({
  list,
  onClose,
}: {
  list: OneTimePassword[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Modal
      open={!!list?.length}
      title={t('adm.oneTimePasswordTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('adm.oneTimePasswordHint')} style={{ marginBottom: 12 }} />
      <Table<OneTimePassword>
        size="small"
        rowKey="account"
        pagination={list && list.length > 10 ? { pageSize: 10 } : false}
        dataSource={list ?? []}
        columns={[
          { title: t('adm.account'), dataIndex: 'account' },
          { title: t('adm.realName'), dataIndex: 'realName', render: (v?: string) => v ?? '' },
          {
            title: t('adm.password'),
            dataIndex: 'password',
            render: (v: string) => (
              <Space size={4}>
                <Typography.Text code data-testid="one-time-password">
                  {v}
                </Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  title={t('common.copy')}
                  aria-label={t('common.copy')}
                  data-testid="one-time-password-copy"
                  onClick={() =>
                    void copyToClipboard(v, message, {
                      ok: t('common.copySuccess'),
                      fail: t('common.copyFail'),
                    })
                  }
                />
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}

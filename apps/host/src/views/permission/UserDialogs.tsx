import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { SortStateDescItems } from '../../kit/crud';
import { md5 } from '../../services/md5';
import { FormDialog, RULES } from './common';
import type { OneTimePassword } from './OneTimePasswords';
import type { AntTreeNode } from './OrgTree';
import type { PagePerm } from './usePerm';

type Option = { value: string; label: string };

/** The fields of the user form; a field the page's form codes do not grant is left out (spec 4 §6). */
export function UserFormItems({
  perm,
  editingId,
  orgTree,
  positionOptions,
  roleOptions,
}: {
  perm: PagePerm;
  editingId?: string;
  orgTree: AntTreeNode[];
  positionOptions: Option[];
  roleOptions: Option[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {perm.form('account') && (
        <Form.Item
          name="account"
          label={t('adm.account')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.account') }) },
            { pattern: RULES.account, message: t('adm.accountRule') },
          ]}
        >
          <Input maxLength={50} disabled={!!editingId} data-testid="user-account" />
        </Form.Item>
      )}
      {perm.form('realName') && (
        <Form.Item
          name="realName"
          label={t('adm.realName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.realName') }) }]}
        >
          <Input maxLength={50} data-testid="user-realName" />
        </Form.Item>
      )}
      <Form.Item name="gender" label={t('adm.gender')}>
        <Radio.Group>
          <Radio value={1}>{t('adm.male')}</Radio>
          <Radio value={2}>{t('adm.female')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="organizeId"
        label={t('adm.organize')}
        rules={[{ required: true, message: t('adm.select_', { name: t('adm.organize') }) }]}
      >
        <TreeSelect
          treeData={orgTree}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          data-testid="user-organize"
        />
      </Form.Item>
      <Form.Item name="positionIds" label={t('adm.position')}>
        <Select
          mode="multiple"
          options={positionOptions}
          optionFilterProp="label"
          data-testid="user-positions"
        />
      </Form.Item>
      <Form.Item name="roleIds" label={t('adm.role')}>
        <Select mode="multiple" options={roleOptions} optionFilterProp="label" data-testid="user-roles" />
      </Form.Item>
      {perm.form('mobilePhone') && (
        <Form.Item
          name="mobilePhone"
          label={t('adm.mobilePhone')}
          rules={[{ pattern: RULES.phone, message: t('adm.phoneRule') }]}
        >
          <Input maxLength={11} />
        </Form.Item>
      )}
      {perm.form('email') && (
        <Form.Item
          name="email"
          label={t('adm.email')}
          rules={[{ pattern: RULES.email, message: t('adm.emailRule') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      )}
      {!editingId && (
        <Form.Item
          name="password"
          label={t('adm.password')}
          extra={t('adm.passwordHint')}
          rules={[{ pattern: RULES.password, message: t('adm.passwordRule') }]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
      )}
      <SortStateDescItems state={false} />
    </>
  );
}

/** 重置密码: the new password twice, sent as MD5. */
export function ResetPasswordDialog({
  user,
  onClose,
  onPassword,
}: {
  user: { id: string; account: string; realName?: string } | null;
  onClose: () => void;
  /** The random password the server set when none was typed (answered once). */
  onPassword: (p: OneTimePassword) => void;
}) {
  const { t } = useTranslation();
  const [pwForm] = Form.useForm<{ password: string; confirm: string }>();
  const resetFor = user;
  return (
    <FormDialog<{ password: string; confirm: string }>
      open={!!resetFor}
      title={`${t('adm.resetPassword')} - ${resetFor?.account ?? ''}`}
      form={pwForm}
      onSubmit={async (v) => {
        // empty: the server sets a random password and answers it this once
        const r = await http.post<{ password?: string } | null>(
          `/api/permission/Users/${resetFor?.id}/Actions/ResetPassword`,
          v.password ? { userPassword: md5(v.password), validatePassword: md5(v.confirm) } : {},
          { showSuccess: true },
        );
        if (r.data?.password && resetFor)
          onPassword({ account: resetFor.account, realName: resetFor.realName, password: r.data.password });
      }}
      onClose={onClose}
    >
      <Form.Item
        name="password"
        label={t('adm.newPassword')}
        extra={t('adm.resetRandom')}
        rules={[{ pattern: RULES.password, message: t('adm.passwordRule') }]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('adm.confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              (v ?? '') === (getFieldValue('password') ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error(t('adm.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

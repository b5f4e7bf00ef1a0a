import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { Language } from '@kp/schema';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Radio, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AVATAR_UPLOAD_URL,
  type BaseInfo,
  getBaseInfo,
  modifyPassword,
  updateAvatar,
  updateBaseInfo,
  updateSystemLanguage,
  updateSystemTheme,
} from '../../api/user';
import { SUCCESS_MSG_SECONDS } from '../../config';
import { LANGS, switchLanguage } from '../../i18n';
import { clearLocalSession } from '../../services/session';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { LAYOUT_TYPES, type LayoutType, setSetting, settingsStore } from '../../store/settings';
import { PASSWORD_RE, PHONE_RE } from './rules';

// The e-mail is administered (unique; the server refuses a change here): shown, never sent back.
const EDITABLE = ['realName', 'gender', 'mobilePhone', 'telePhone', 'signature'] as const;
/** Only the fields the form edits go back to PUT BaseInfo. */
function editable(v: BaseInfo): BaseInfo {
  const out: BaseInfo = {};
  for (const k of EDITABLE) if (v[k] !== undefined) (out as Record<string, unknown>)[k] = v[k];
  return out;
}

/** Avatar name for PUT Avatar/{name}: the stored file name ({fileId}.{ext}), the last segment of its url. */
export function avatarName(data: { fileId?: string; url?: string; name?: string }): string {
  const last = data.url?.split('?')[0].split('/').pop();
  return last || data.fileId || data.name || '';
}

function BaseInfoTab() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<BaseInfo | null>(null);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<BaseInfo>();
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    void version;
    getBaseInfo()
      .then((r) => setInfo(r.data))
      .catch(() => setInfo({}));
  }, [version]);
  if (!info) return null;
  if (!editing)
    return (
      <>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small" data-testid="profile-base">
          <Descriptions.Item label={t('profile.account')}>{info.account}</Descriptions.Item>
          <Descriptions.Item label={t('profile.realName')}>{info.realName}</Descriptions.Item>
          <Descriptions.Item label={t('profile.gender')}>
            {String(info.gender) === '1'
              ? t('profile.male')
              : String(info.gender) === '2'
                ? t('profile.female')
                : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.mobilePhone')}>{info.mobilePhone}</Descriptions.Item>
          <Descriptions.Item label={t('profile.email')}>{info.email}</Descriptions.Item>
          <Descriptions.Item label={t('profile.telePhone')}>{info.telePhone}</Descriptions.Item>
          <Descriptions.Item label={t('profile.organize')}>{info.organize}</Descriptions.Item>
          <Descriptions.Item label={t('profile.position')}>{info.position}</Descriptions.Item>
          <Descriptions.Item label={t('profile.signature')}>{info.signature}</Descriptions.Item>
        </Descriptions>
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          onClick={() => {
            form.setFieldsValue(info);
            setEditing(true);
          }}
        >
          {t('common.edit')}
        </Button>
      </>
    );
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={async (v) => {
        await updateBaseInfo(editable(v));
        setEditing(false);
        load();
      }}
    >
      <Form.Item name="realName" label={t('profile.realName')}>
        <Input />
      </Form.Item>
      <Form.Item name="gender" label={t('profile.gender')}>
        <Radio.Group
          options={[
            { value: 1, label: t('profile.male') },
            { value: 2, label: t('profile.female') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="mobilePhone"
        label={t('profile.mobilePhone')}
        rules={[{ pattern: PHONE_RE, message: t('profile.phoneRule') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="telePhone" label={t('profile.telePhone')}>
        <Input />
      </Form.Item>
      <Form.Item name="signature" label={t('profile.signature')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>{' '}
      <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
    </Form>
  );
}

function AvatarTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const token = useStore(sessionStore, (s) => s.token);
  const [src, setSrc] = useState(user?.headIcon);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      <Avatar size={96} src={src || undefined} icon={<UserOutlined />} />
      <Upload
        accept="image/*"
        showUploadList={false}
        action={AVATAR_UPLOAD_URL}
        headers={{ Authorization: `Bearer ${token}` }}
        beforeUpload={(f) => {
          if (!f.type.startsWith('image/')) {
            message.error(t('profile.avatarRule'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onChange={async (info) => {
          if (info.file.status !== 'done') return;
          const res = info.file.response as {
            code?: number;
            msg?: string;
            data?: { name?: string; fileId?: string; url?: string };
          };
          if (res?.code !== 200 || !res.data) {
            message.error(res?.msg || t('common.requestError'));
            return;
          }
          const done = await updateAvatar(avatarName(res.data));
          const headIcon = (done.data as { headIcon?: string } | null)?.headIcon ?? res.data.url;
          setSrc(headIcon);
          sessionStore.set((s) => ({ ...s, userInfo: s.userInfo && { ...s.userInfo, headIcon } }));
        }}
      >
        <Button icon={<UploadOutlined />}>{t('profile.changeAvatar')}</Button>
      </Upload>
    </div>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ oldPassword: string; password: string; confirm: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      data-testid="password-form"
      onFinish={async (v) => {
        try {
          await modifyPassword(v.oldPassword, v.password);
        } catch (e) {
          // the server's msg (旧密码错误 …) under the field it is about; the form stays as typed
          const msg = e instanceof Error ? e.message : String(e);
          form.setFields([{ name: 'oldPassword', errors: [msg] }]);
          return;
        }
        message.info(t('profile.passwordChanged'), SUCCESS_MSG_SECONDS);
        clearLocalSession(true);
        navigate('/login', { replace: true });
      }}
    >
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('profile.newPassword')}
        extra={t('profile.passwordRule')}
        rules={[
          { required: true, message: t('profile.newPasswordRequired') },
          { pattern: PASSWORD_RE, message: t('profile.passwordRule') },
        ]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('profile.confirmPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}

function ThemeTab() {
  const { t } = useTranslation();
  const layout = useStore(settingsStore, (s) => s.layoutType);
  return (
    <Radio.Group
      value={layout}
      onChange={async (e) => {
        const v = e.target.value as LayoutType;
        setSetting('layoutType', v);
        await updateSystemTheme(v).catch(() => {});
      }}
      optionType="button"
      buttonStyle="solid"
      options={LAYOUT_TYPES.map((l) => ({ value: l, label: t(`settings.${l}`) }))}
    />
  );
}

function LanguageTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  return (
    <Radio.Group
      value={i18n.language}
      onChange={async (e) => {
        const l = e.target.value as Language;
        const text = await switchLanguage(l);
        message.success(text, SUCCESS_MSG_SECONDS);
        await updateSystemLanguage(l).catch(() => {});
      }}
      optionType="button"
      options={LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
    />
  );
}

/** /profile: base info, avatar, password (?action=password opens it), theme, language. */
export default function Profile() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('action') === 'password' ? 'password' : (params.get('tab') ?? 'base');
  return (
    <Card data-testid="profile-page">
      <Tabs
        activeKey={active}
        onChange={(k) => setParams(k === 'base' ? {} : { tab: k }, { replace: true })}
        items={[
          { key: 'base', label: t('profile.baseInfo'), children: <BaseInfoTab /> },
          { key: 'avatar', label: t('profile.avatar'), children: <AvatarTab /> },
          { key: 'password', label: t('profile.password'), children: <PasswordTab /> },
          { key: 'theme', label: t('profile.theme'), children: <ThemeTab /> },
          { key: 'language', label: t('profile.language'), children: <LanguageTab /> },
        ]}
      />
    </Card>
  );
}

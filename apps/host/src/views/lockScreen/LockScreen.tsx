import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unlockScreenCall } from '../../api/auth';
import { ApiError } from '../../api/http';
import { clearLocalSession, loadUnsentKey } from '../../services/session';
import { useStore } from '../../store/createStore';
import { sessionStore, setLocked } from '../../store/session';
import { storage } from '../../store/storage';
import '../login/login.css';

/** /lockScreen: unlocking re-authenticates with the account and password (spec 1 §4). */
export default function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useStore(sessionStore, (s) => s.userInfo);
  const locked = useStore(sessionStore, (s) => s.locked);
  const account = userInfo?.userAccount ?? storage.get<string>('account', '');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    document.title = t('route.lockScreen');
    if (!locked) navigate('/', { replace: true });
  }, [locked, navigate, t]);

  const unlock = async (v: { password: string }) => {
    setLoading(true);
    setError('');
    try {
      await unlockScreenCall(account, v.password);
      await loadUnsentKey();
      const back = storage.get<string>('lockReturn', '/');
      storage.remove('lockReturn');
      setLocked(false);
      navigate(back && back !== '/lockScreen' ? back : '/', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.requestError'));
    } finally {
      setLoading(false);
    }
  };

  const relogin = () => {
    clearLocalSession(true);
    navigate('/login', { replace: true });
  };

  return (
    <div className="kp-login" data-testid="lock-screen">
      <div className="kp-login-card" style={{ textAlign: 'center' }}>
        <Avatar size={72} src={userInfo?.headIcon || undefined} icon={<UserOutlined />} />
        <h2 className="kp-login-sys" style={{ marginTop: 12 }}>
          {userInfo?.userName || account}
        </h2>
        <p className="kp-login-title">{t('lock.title')}</p>
        <Form onFinish={unlock} size="large">
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('lock.password')}
              name="password"
              autoFocus
            />
          </Form.Item>
          {error && (
            <div className="kp-login-error" role="alert">
              {error}
            </div>
          )}
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="unlock-submit">
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={relogin} style={{ marginTop: 8 }}>
          {t('lock.relogin')}
        </Button>
      </div>
    </div>
  );
}

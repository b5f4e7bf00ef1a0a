import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
// Input and Password alone: the Input barrel also carries Search, TextArea and OTP, which login has not.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { codeImageUrl, getLoginConfig, getSysLoginConfig, login } from '../../api/auth';
import { ApiError } from '../../api/http';
import { switchLanguage } from '../../i18n';
import { redirectTarget } from '../../router/guard';
import { Loading } from '../../router/Loading';
import { loginFlags } from '../../services/loginFlags';
import { useStore } from '../../store/createStore';
import { sessionStore, setToken } from '../../store/session';
import { normaliseLayout, setSetting } from '../../store/settings';
import { storage } from '../../store/storage';
import { LanguageLinks } from './LanguageLinks';
import { LoginField, LoginForm, LoginItem, useLoginForm } from './LoginForm';
import { LoginTabs } from './LoginTabs';
import { accountProblem } from './loginRules';
import './login.css';

// The scan tab (antd's QRCode and Typography) loads when it is opened, not with the login page.
const ScanLogin = lazy(() => import('./ScanLogin').then((m) => ({ default: m.ScanLogin })));

type Values = {
  account: string;
  password: string;
  code?: string;
};

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const sysConfig = useStore(sessionStore, (s) => s.sysConfig);
  const [loading, setLoading] = useState(false);
  const [needCode, setNeedCode] = useState<boolean>(storage.get<boolean>('loginNeedCode', false));
  const [timestamp, setTimestamp] = useState(() => String(Date.now()));
  const [error, setError] = useState('');
  const [sysName, setSysName] = useState('');

  useEffect(() => {
    document.title = t('route.login');
    getSysLoginConfig()
      .then((r) => {
        setSysName(r.data?.sysName ?? '');
        const need = Boolean(r.data?.enableVerificationCode);
        storage.set('loginNeedCode', need);
        setNeedCode(need);
      })
      .catch(() => {});
  }, [t]);

  const checkConfig = async (account: string) => {
    if (!account.trim()) return;
    try {
      const res = await getLoginConfig(account.trim());
      const need = Boolean(res.data?.enableVerificationCode);
      storage.set('loginNeedCode', need);
      setNeedCode(need);
      if (need) setTimestamp(String(Date.now()));
    } catch {
      /* without a login config the code is not asked for */
    }
  };

  const signedIn = (token: string, theme?: string) => {
    // A login theme that is not one of the four layouts falls back to classic (spec 1 §4).
    if (theme !== undefined) setSetting('layoutType', normaliseLayout(theme));
    loginFlags.justLoggedIn = true;
    setToken(token);
    navigate(redirectTarget(location.search), { replace: true });
  };

  const onFinish = async (v: Values) => {
    setLoading(true);
    setError('');
    try {
      const res = await login({
        account: v.account,
        password: v.password,
        code: v.code,
        timestamp: needCode ? timestamp : '',
      });
      storage.set('account', v.account.trim());
      signedIn(res.data.token, res.data.theme);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.requestError'));
      if (needCode) setTimestamp(String(Date.now()));
    } finally {
      setLoading(false);
    }
  };

  const form = useLoginForm<Values>((v) => void onFinish(v));
  // The fields' rules: the account's shape; password and code required.
  const checkAccount = (value: string) => {
    const p = accountProblem(value);
    return p ? t(p) : undefined;
  };
  const checkPassword = (value: string) => (value ? undefined : t('login.passwordRequired'));
  const checkCode = (value: string) => (value ? undefined : t('login.codeRequired'));

  return (
    <div className="kp-login">
      <div className="kp-login-card">
        <h1 className="kp-login-sys">{sysName || sysConfig.sysName || t('about.defaultSysName')}</h1>
        <LoginTabs
          items={[
            {
              key: 'account',
              label: t('login.tabAccount'),
              children: (
                <>
                  <h2 className="kp-login-title">{t('login.title')}</h2>
                  <LoginForm
                    registry={form.registry}
                    onSubmit={form.onSubmit}
                    size="large"
                    data-testid="login-form"
                  >
                    <LoginField
                      name="account"
                      check={checkAccount}
                      render={(control) => (
                        <Input
                          prefix={<UserOutlined />}
                          placeholder={t('login.account')}
                          onBlur={(e) => void checkConfig(e.target.value)}
                          name="account"
                          {...control}
                        />
                      )}
                    />
                    <LoginField
                      name="password"
                      required
                      check={checkPassword}
                      render={(control) => (
                        <Password
                          prefix={<LockOutlined />}
                          placeholder={t('login.password')}
                          name="password"
                          {...control}
                        />
                      )}
                    />
                    {needCode && (
                      <LoginItem errorsOf="code">
                        <div className="kp-login-code">
                          <LoginField
                            name="code"
                            noStyle
                            required
                            check={checkCode}
                            render={(control) => (
                              <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} {...control} />
                            )}
                          />
                          <button
                            type="button"
                            className="kp-login-code-img"
                            title={t('login.refreshCode')}
                            onClick={() => setTimestamp(String(Date.now()))}
                          >
                            <img src={codeImageUrl(timestamp)} alt={t('login.code')} />
                          </button>
                        </div>
                      </LoginItem>
                    )}
                    {error && (
                      <div className="kp-login-error" role="alert">
                        {error}
                      </div>
                    )}
                    <Button
                      type="primary"
                      htmlType="submit"
                      block
                      loading={loading}
                      data-testid="login-submit"
                    >
                      {loading ? t('login.logging') : t('login.submit')}
                    </Button>
                  </LoginForm>
                </>
              ),
            },
            {
              key: 'scan',
              label: t('login.tabScan'),
              children: (
                <Suspense fallback={<Loading />}>
                  <ScanLogin onToken={signedIn} />
                </Suspense>
              ),
            },
          ]}
        />
        <LanguageLinks onSwitch={(l) => void switchLanguage(l)} />
      </div>
    </div>
  );
}

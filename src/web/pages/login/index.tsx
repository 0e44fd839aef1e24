import { Button, Form, Input } from '@arco-design/web-react';
import { IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Language } from '@shared/i18n/languages';
import { prefetchHome } from '../../app/prefetch';
import { safeRedirect } from '../../app/resolve';
import { rethrowUnlessShown } from '../../api/client';
import { sessionApi } from '../../api/session';
import { storedLanguage, switchLanguage } from '../../i18n';
import { session, setToken } from '../../stores/session';
import './login.css';

/** A code field with its image beside it; clicking the image fetches another. Controlled by the form. */
function CaptchaInput(props: { image: string; onRefresh(): void; value?: string; onChange?(value: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="login__captcha">
      <Input
        prefix={<IconSafe />} placeholder={t('login.captcha')} maxLength={8} autoComplete="off" data-testid="login-captcha"
        value={props.value} onChange={(v) => props.onChange?.(v)}
      />
      <button type="button" className="login__captcha-image" title={t('login.refreshCaptcha')} onClick={props.onRefresh}>
        <img src={props.image} alt={t('login.captcha')} />
      </button>
    </div>
  );
}

const LANGUAGE_CHOICES: [Language, string][] = [['zh-CN', '简体中文'], ['en-US', 'English']];

interface LoginForm { userName: string; passWord: string; verCode?: string }

/** Sign-in with captcha; remembers where the user was going (spec sections 2 and 4). */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSnapshot(session);
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: sessionApi.captcha, staleTime: 0, gcTime: 0 });
  const redirect = safeRedirect(params.get('redirect'));
  // The logout's no-redirect rule has served its purpose once the login page is open.
  useEffect(() => {
    session.signedOut = false;
    prefetchHome();
  }, []);

  // Spec: a signed-in user who opens the login page is sent on.
  if (token) return <Navigate to={redirect} replace />;

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const { token: issued } = await sessionApi.login({
        userName: values.userName, passWord: values.passWord, verCode: values.verCode ?? '', verKey: captcha.data?.verKey ?? '',
      });
      setToken(issued);
      navigate(redirect, { replace: true });
    } catch (err) {
      rethrowUnlessShown(err);
      // The client showed why; a used captcha is gone, so the user gets a fresh one.
      form.setFieldValue('verCode', '');
      void captcha.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login">
      <div className="login__brand" aria-hidden>
        <div className="login__tyre" />
        <h2>{t('login.title')}</h2>
        <p>{t('login.subtitle')}</p>
      </div>
      <div className="login__panel">
        <div className="login__lang">
          {/* Two plain buttons rather than a select: the login page is the first thing every user loads. */}
          {LANGUAGE_CHOICES.map(([lang, label], i) => (
            <span key={lang}>
              {i > 0 && <span className="login__lang-separator">|</span>}
              <button
                type="button" className="login__lang-choice" aria-pressed={storedLanguage() === lang} data-testid={`login-lang-${lang}`}
                onClick={() => storedLanguage() !== lang && switchLanguage(lang)}
              >
                {label}
              </button>
            </span>
          ))}
        </div>
        <div className="login__card">
          <div className="login__heading">
            <img src="/logo.svg" alt="" width={40} height={40} />
            <h1>{t('login.title')}</h1>
          </div>
          <Form<LoginForm> form={form} layout="vertical" size="large" onSubmit={submit} autoComplete="on">
            <Form.Item field="userName" rules={[{ required: true, message: t('login.userNameRequired') }]}>
              <Input prefix={<IconUser />} placeholder={t('login.userName')} autoComplete="username" maxLength={64} data-testid="login-user" />
            </Form.Item>
            <Form.Item field="passWord" rules={[{ required: true, message: t('login.passwordRequired') }]} extra={capsLock ? t('login.capsLock') : undefined}>
              <Input.Password
                prefix={<IconLock />} placeholder={t('login.password')} autoComplete="current-password" maxLength={128} data-testid="login-password"
                onKeyUp={(e) => setCapsLock(e.getModifierState?.('CapsLock') ?? false)}
              />
            </Form.Item>
            {captcha.data?.enabled && (
              <Form.Item field="verCode" rules={[{ required: true, message: t('login.captchaRequired') }]}>
                <CaptchaInput image={captcha.data.image} onRefresh={() => void captcha.refetch()} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" long loading={submitting} disabled={captcha.isLoading} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
      </div>
    </div>
  );
}

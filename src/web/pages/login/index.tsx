import { IconEye, IconEyeInvisible, IconLoading, IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CaptchaAnswer } from '@shared/api/session';
import type { Language } from '@shared/i18n/languages';
import { prefetchHomeWhenIdle } from '../../firstPaint/prefetch';
import { safeRedirect } from '../../app/safeRedirect';
import { rethrowUnlessShown } from '../../api/errors';
import { storedLanguage, switchLanguage } from '../../i18n';
import { session, setToken } from '../../stores/session';
import { readFirstFrame, restoreFirstFrameFocus } from '../../firstPaint/loginFirstFrameHandOff';
import './login.css';

/**
 * The API client (axios, the error catalogue) loads after the form is on screen: the form needs
 * none of it to show, and it is the first page every user loads.
 */
const sessionCalls = () => import('../../api/session').then((m) => m.sessionApi);

const LANGUAGE_CHOICES: [Language, string][] = [['zh-CN', '简体中文'], ['en-US', 'English']];

type Field = 'userName' | 'passWord' | 'verCode';
type Captcha = { state: 'loading' } | { state: 'done'; answer?: CaptchaAnswer };

/**
 * One field in Arco's look (size large, prefix icon, message below), drawn with plain elements
 * and Arco's tokens: Arco's Form and Input would more than double the JavaScript before the form.
 */
function LoginField(props: {
  id: string; icon: ReactNode; error?: string; extra?: string; suffix?: ReactNode; children: ReactNode;
}) {
  return (
    <div className={`login-field${props.error ? ' login-field--error' : ''}`}>
      {/* A click beside the input (on the icon, the padding) puts the caret in it, as in Arco's Input. */}
      <div
        className="login-field__box"
        onMouseDown={(e) => {
          if (e.target instanceof HTMLInputElement || (e.target instanceof Element && e.target.closest('button'))) return;
          e.preventDefault();
          document.getElementById(props.id)?.focus();
        }}
      >
        <span className="login-field__icon">{props.icon}</span>
        {props.children}
        {props.suffix}
      </div>
      {props.error ? <div className="login-field__message" role="alert">{props.error}</div>
        : props.extra ? <div className="login-field__extra">{props.extra}</div> : null}
    </div>
  );
}

/** Sign-in with captcha; remembers where the user was going (spec sections 2 and 4). */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSnapshot(session);
  const id = useId();
  // What was typed on the first frame index.html showed (before the code was in) stays, read as
  // this first render replaces it; of it, only where the caret was is kept apart from the values.
  const [firstFrameFocus] = useState(() => readFirstFrame()?.focus);
  const [values, setValues] = useState<Record<Field, string>>(() => {
    const typed = readFirstFrame();
    return { userName: typed?.userName ?? '', passWord: typed?.passWord ?? '', verCode: '' };
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>({ state: 'loading' });
  const prefetched = useRef(false);
  const redirect = safeRedirect(params.get('redirect'));

  const loadCaptcha = useCallback(async () => {
    try {
      setCaptcha({ state: 'done', answer: await (await sessionCalls()).captcha() });
    } catch (err) {
      // The client showed why (server unreachable); the user may still try to sign in.
      rethrowUnlessShown(err);
      setCaptcha({ state: 'done' });
    }
    // The next page's code loads once the form and its own call are done, when the browser is idle.
    if (!prefetched.current) {
      prefetched.current = true;
      prefetchHomeWhenIdle();
    }
  }, []);

  // Before the first paint: the caret is where it was on the first frame.
  useLayoutEffect(() => restoreFirstFrameFocus(firstFrameFocus, (field) => {
    const input = document.getElementById(`${id}-${field === 'userName' ? 'user' : 'password'}`);
    return input instanceof HTMLInputElement ? input : null;
  }), [firstFrameFocus, id]);

  useEffect(() => {
    // The logout's no-redirect rule has served its purpose once the login page is open.
    session.signedOut = false;
    void loadCaptcha();
  }, [loadCaptcha]);

  // Spec: a signed-in user who opens the login page is sent on.
  if (token) return <Navigate to={redirect} replace />;

  const captchaShown = captcha.state === 'done' && captcha.answer?.enabled;
  const set = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: value ? undefined : x[field] }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<Field, string>> = {
      userName: values.userName.trim() ? undefined : t('login.userNameRequired'),
      passWord: values.passWord ? undefined : t('login.passwordRequired'),
      verCode: !captchaShown || values.verCode.trim() ? undefined : t('login.captchaRequired'),
    };
    setErrors(missing);
    if (Object.values(missing).some(Boolean)) return;
    setSubmitting(true);
    try {
      const api = await sessionCalls();
      const answer = captcha.state === 'done' ? captcha.answer : undefined;
      const { token: issued } = await api.login({
        userName: values.userName, passWord: values.passWord, verCode: values.verCode.trim(), verKey: answer?.verKey ?? '',
      });
      setToken(issued);
      navigate(redirect, { replace: true });
    } catch (err) {
      rethrowUnlessShown(err);
      // The client showed why; a used captcha is gone, so the user gets a fresh one.
      setValues((v) => ({ ...v, verCode: '' }));
      void loadCaptcha();
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
          <form className="login__form" onSubmit={(e) => void submit(e)} autoComplete="on" noValidate>
            <LoginField id={`${id}-user`} icon={<IconUser />} error={errors.userName}>
              <input
                id={`${id}-user`} name="username" className="login-field__input" placeholder={t('login.userName')} aria-label={t('login.userName')} autoComplete="username"
                maxLength={64} value={values.userName} onChange={set('userName')} aria-invalid={!!errors.userName} data-testid="login-user"
              />
            </LoginField>
            <LoginField
              id={`${id}-password`} icon={<IconLock />} error={errors.passWord} extra={capsLock ? t('login.capsLock') : undefined}
              suffix={(
                <button
                  type="button" className="login-field__suffix" aria-pressed={passwordShown} onClick={() => setPasswordShown((s) => !s)}
                  aria-label={passwordShown ? t('login.hidePassword') : t('login.showPassword')} title={passwordShown ? t('login.hidePassword') : t('login.showPassword')}
                >
                  {passwordShown ? <IconEye /> : <IconEyeInvisible />}
                </button>
              )}
            >
              <input
                id={`${id}-password`} name="password" type={passwordShown ? 'text' : 'password'} className="login-field__input"
                placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" maxLength={128} value={values.passWord}
                onChange={set('passWord')} onKeyUp={(e) => setCapsLock(e.getModifierState?.('CapsLock') ?? false)}
                aria-invalid={!!errors.passWord} data-testid="login-password"
              />
            </LoginField>
            {/* While the captcha is asked for, its row keeps its place (servers have captchas unless turned
                off), so the form, index.html's first frame included, does not move when the image comes. */}
            {(captchaShown || captcha.state === 'loading') && (
              <div className="login__captcha">
                <LoginField id={`${id}-captcha`} icon={<IconSafe />} error={errors.verCode}>
                  <input
                    id={`${id}-captcha`} name="captcha" className="login-field__input" placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={8}
                    autoComplete="off" value={values.verCode} onChange={set('verCode')} aria-invalid={!!errors.verCode} data-testid="login-captcha"
                    disabled={!captchaShown}
                  />
                </LoginField>
                <button
                  type="button" className="login__captcha-image" title={t('login.refreshCaptcha')} onClick={() => void loadCaptcha()}
                  disabled={!captchaShown} aria-busy={!captchaShown}
                >
                  {captchaShown && captcha.answer && <img src={captcha.answer.image} alt={t('login.captcha')} />}
                </button>
              </div>
            )}
            <button
              type="submit" className="login__submit" disabled={captcha.state === 'loading' || submitting} aria-busy={submitting}
              data-testid="login-submit"
            >
              {submitting && <IconLoading />}
              <span>{t('login.submit')}</span>
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

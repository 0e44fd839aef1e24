import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CurrentUserInfo, DictGroups } from '@shared/api/session';
import { parseSettings } from '@shared/settings';
import { ApiError } from '../api/client';
import { toast } from '../api/feedback';
import { sessionApi } from '../api/session';
import { PageLoading } from '../kit/PageLoading';
import { markOffline } from '../offline/connectivity';
import { heldSession, holdSession } from '../offline/heldSession';
import { unanswered } from '../offline/unanswered';
import { clearSession, session, setUser } from '../stores/session';
import { applySettings } from '../stores/settings';
import { resetTags } from '../stores/tags';
import { ConsoleProviders } from './ConsoleProviders';
import { LOGIN_PATH, loginRedirect } from './openPaths';
import { CURRENT_USER_PATH, DICTIONARIES_PATH, earlyData } from '../firstPaint/earlyCalls';

/** Everything signed in renders inside this: the console's providers and the session gate (loaded lazily by the router). */
export default function SignedIn({ children }: { children: ReactNode }) {
  return (
    <ConsoleProviders>
      <SessionGate>{children}</SessionGate>
    </ConsoleProviders>
  );
}

/**
 * The route guard of docs/product.md#session: no token sends the user to login with a redirect; a
 * token without routes fetches user info and dictionaries, builds the routes, then renders.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { token, loaded, signedOut } = useSnapshot(session);
  const location = useLocation();
  const back = loginRedirect(location.pathname + location.search);
  if (!token) return <Navigate to={signedOut ? LOGIN_PATH : back} replace />;
  if (!loaded) return <SessionLoader back={back} />;
  return <>{children}</>;
}

let asked: { token: string; answer: Promise<[CurrentUserInfo, DictGroups]> } | null = null;

/**
 * Asks for the signed-in user and the dictionaries ahead of the gate: the router calls this as
 * soon as this module has loaded, before React has rendered the loader below, which then takes
 * the same answer instead of asking again.
 */
export function loadSession(): Promise<[CurrentUserInfo, DictGroups]> {
  if (asked?.token !== session.token) {
    asked = {
      token: session.token,
      // Taken from the calls the entry started, where it did (earlyCalls.ts).
      answer: Promise.all([earlyData(CURRENT_USER_PATH, sessionApi.currentUser), earlyData(DICTIONARIES_PATH, sessionApi.dictionaries)]),
    };
  }
  return asked.answer;
}

/** The answer asked for ahead (for this token), or a new one; the next sign-in asks anew. */
function takeSession(): Promise<[CurrentUserInfo, DictGroups]> {
  const answer = loadSession();
  asked = null;
  return answer;
}

function SessionLoader({ back }: { back: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = session.token;
    takeSession()
      .then(([user, dict]) => {
        holdSession(token, user, dict);
        return [user, dict] as const;
      }, (err: unknown) => {
        // The server out of reach: the copy this session was last answered opens the console offline.
        const held = unanswered(err) ? heldSession(token) : null;
        if (!held) throw err;
        markOffline();
        return held;
      })
      .then(([user, dict]) => {
        if (user.theme) applySettings(parseSettings(user.theme));
        setUser(user, dict);
        // Scans queued offline on this device: sent now if they are this user's, wherever the console opens.
        if (localStorage.getItem('offline.waiting')) void import('../offline/syncQueue').then((m) => m.startOfflineSync());
      })
      .catch((err: unknown) => {
        clearSession();
        resetTags();
        // docs/product.md#errors: a failed user-info fetch says 'verification failed, please log in again.'
        const text = err instanceof ApiError && err.status === 401 ? t('msg:verifyFailed')
          : err instanceof Error && err.message ? err.message : t('error.hasError');
        if (!(err instanceof ApiError) || err.status === 401) void toast('error', text, 5000);
        navigate(back, { replace: true });
      });
  }, [navigate, back, t]);
  return <PageLoading fullscreen />;
}

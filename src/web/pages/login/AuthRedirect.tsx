import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/safeRedirect';
import { setToken } from '../../stores/session';

/**
 * Single sign-on landing: another system hands over a session token it obtained from this
 * server (`#/auth-redirect?token=...&redirect=/path`); the console keeps it and moves on.
 */
export default function AuthRedirect() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) setToken(token);
  return <Navigate to={token ? safeRedirect(params.get('redirect')) : '/login'} replace />;
}

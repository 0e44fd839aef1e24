import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { sessionApi } from '../api/session';
import { clearSession } from '../stores/session';
import { resetTags } from '../stores/tags';

/** docs/product.md#session: logout calls the server, then clears token, routes, permissions and all open views. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // The user leaves either way: a failed call was already shown by the client, and an
    // expired session is as good as revoked.
    await sessionApi.logout().catch(() => undefined);
    // signedOut: the login page opens without a redirect back to a page the next user may not have.
    clearSession({ signedOut: true });
    resetTags();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}

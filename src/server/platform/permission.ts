import { forbidden, unauthorized } from '../http/errors';
import type { Session } from './sessionStore';

/**
 * The server's own check of a call (docs/product.md#permissions: a hidden menu is not security):
 * 401 without a live session, 403 when the route names a code none of the user's roles grant
 * (the session was looked up for the route's permission, `sessionFor`). Answers the session it
 * let through.
 */
export function permitted(session: Session | null): Session {
  if (!session) throw unauthorized();
  if (!session.granted) throw forbidden();
  return session;
}

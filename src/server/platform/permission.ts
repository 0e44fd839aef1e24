import { permits, type RoutePermission } from '../../shared/permissions';
import { forbidden, unauthorized } from '../http/errors';
import type { SessionUser } from './sessionStore';

/**
 * The server's own check of a call (DESIGN.md "Permissions": a hidden menu is not security):
 * 401 without a live session, 403 when the route names a code none of the user's roles grant.
 * Answers the user it let through.
 */
export function permitted(permission: Exclude<RoutePermission, 'public'>, user: SessionUser | null): SessionUser {
  if (!user) throw unauthorized();
  if (!permits(permission, user.perms)) throw forbidden();
  return user;
}

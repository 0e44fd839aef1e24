// Apart from resolve.ts, so the login page needs none of the route table.
/** Only a path inside this console may be a login redirect target (no `//host` or `http:`). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}

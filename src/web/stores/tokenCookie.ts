/** The cookie that holds the session's token (docs/product.md#session). Read here, by the session store and by the page's first script alike. */
export const TOKEN_COOKIE = 'token';

/**
 * The session's token as js-cookie reads it (it writes it URI-encoded): quotes around it dropped, and
 * none where the value cannot be decoded (another site's `token` cookie on the same host, say), so a
 * stray cookie means signed out, never a page that fails to start.
 */
export function tokenFromCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined; // a unit test in node that imports the session store
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  if (!pair) return undefined;
  let value = pair.slice(TOKEN_COOKIE.length + 1);
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  try {
    return value.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent) || undefined;
  } catch (err) {
    if (err instanceof URIError) return undefined;
    throw err;
  }
}

/** The cookie that holds the session's token (spec section 4). Apart from the session store, for the page's first script. */
export const TOKEN_COOKIE = 'token';

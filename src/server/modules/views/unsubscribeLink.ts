import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new key for a subscription's links: a used link's key is replaced, so each link works once. */
export const newLinkKey = () => randomBytes(32).toString('base64url');

const sign = (key: string, id: number) => createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url');

/** The token of a subscription's unsubscribe link: its id and an HMAC of it under the subscription's own key. */
export const unsubscribeToken = (id: number, key: string) => `${id}.${sign(key, id)}`;

/** The subscription id a token names, read before its key is looked up; null when it is not a token. */
export function tokenId(token: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return m ? Number(m[1]) : null;
}

/** Whether a token was signed with this key (compared in constant time). */
export function tokenValid(token: string, key: string): boolean {
  const id = tokenId(token);
  if (id === null) return false;
  const expected = Buffer.from(sign(key, id));
  const given = Buffer.from(token.slice(token.indexOf('.') + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

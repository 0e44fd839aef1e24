import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';

const TTL_MS = 5 * 60_000;

/** A new captcha: the key the login form sends back and the SVG image the user reads. */
export async function createCaptcha(db: Db): Promise<{ verKey: string; image: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40 });
  const verKey = randomBytes(16).toString('hex');
  await db.insert(captchas).values({ verKey, answer: text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) });
  // Expired captchas are cleared now and then rather than on a timer.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  return { verKey, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** True when the code matches; a captcha is used once, right or wrong, so it cannot be guessed at. */
export async function consumeCaptcha(db: Db, verKey: string, verCode: string): Promise<boolean> {
  if (!verKey) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.verKey, verKey)).returning();
  return !!row && row.expiresAt.getTime() > Date.now() && row.answer === verCode.trim().toLowerCase();
}

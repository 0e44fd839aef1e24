import type { Config } from '../../config';

/** Mail is on when both the SMTP server and the sender are set (docs/views-and-subscriptions.md, Settings). */
export const mailConfigured = (config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): boolean => !!(config.SMTP_URL && config.MAIL_FROM);

/** The console's address for links in mails, without a trailing slash. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

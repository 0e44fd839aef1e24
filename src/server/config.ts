import { z } from 'zod';
import { WEBHOOK_REACHES } from './modules/integration/webhookReach';

const flag = (fallback: boolean) =>
  z.enum(['true', 'false', 'on', 'off', '1', '0']).optional().transform((v) => (v === undefined ? fallback : ['true', 'on', '1'].includes(v)));

/** A text setting; empty counts as unset (`REDIS_URL=` in a shell or a compose file). */
const optionalText = () => z.string().optional().transform((v) => v || undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  DATA_DIR: z.string().default('./data'),
  /** When set, a PostgreSQL server is used instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  /** A read replica of DATABASE_URL for reports and dashboards (their queries only read); unset: DATABASE_URL itself. */
  DATABASE_READ_URL: optionalText(),
  /**
   * Redis, for running several nodes: socket.io pushes reach consoles on every node (Redis
   * adapter) and the rate limits count across nodes. Unset: one process keeps both in memory.
   */
  REDIS_URL: optionalText(),
  /** What this deployment's keys and channels in Redis begin with: deployments sharing one Redis each take their own. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/).default('tyre-console'),
  /**
   * The business time zone (IANA name): the day of a move, a report's "today", order numbers.
   * The server runs in it whatever the host's zone (main.ts sets TZ), and so do its database
   * sessions. Unset: the host's zone (TZ), as before; set it when nodes run on several hosts.
   */
  BUSINESS_TIME_ZONE: optionalText().refine((zone) => zone === undefined || isTimeZone(zone), 'not an IANA time zone (e.g. Asia/Shanghai)'),
  SEED_DEMO: flag(true),
  ADMIN_PASSWORD: z.string().optional(),
  CAPTCHA: flag(true),
  /** Minutes a session may stay unused before it expires. Fractions too: the browser tests use 0.2 (12 s) rather than wait minutes. */
  SESSION_IDLE_MINUTES: z.coerce.number().min(0.05).max(60 * 24 * 30).default(120),
  /**
   * Minutes a wall-screen session (an account granted the dashboards page and nothing else) may
   * stay unused: a screen set up once must ride out a long outage and sign in by itself again.
   */
  WALL_SESSION_IDLE_MINUTES: z.coerce.number().min(0.05).max(60 * 24 * 366).default(60 * 24 * 30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  TMS_SECRET: z.string().optional(),
  /** Delivery fee per kilometre of a trip's route (CNY); the rest of a fee comes from the /other lists (shared/logistics/dispatch.ts). */
  DELIVERY_FEE_PER_KM: z.coerce.number().min(0).max(1000).default(3.5),
  /** Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs); none by default, so a client cannot pick its own address. */
  TRUST_PROXY: z.string().optional(),
  /** Sign-in calls one address may make a minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Calls one API key may make a minute (a service account's; docs/integrations.md). Over it: 429. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /**
   * Where webhooks may be delivered (docs/integrations.md, "Where a webhook may go"): `private`, public
   * addresses and private networks, never this host or link-local; `public`, public addresses only;
   * `any`, no bound (a receiver on this host).
   */
  WEBHOOK_REACH: z.enum(WEBHOOK_REACHES).default('private'),
  /**
   * Minutes between sweeps of every warehouse and material against its stock thresholds (0: none;
   * postings judge their own). Fractions too (tests); with several nodes one node runs each sweep.
   */
  ALERT_SWEEP_MINUTES: z.coerce.number().min(0).max(24 * 60).default(10),
  /** Minutes between scheduled ledger invariant checks (0: only on demand). The check reads the whole ledger. */
  INVARIANT_CHECK_MINUTES: z.coerce.number().min(0).max(7 * 24 * 60).default(360),
  /** Minutes between roll-ups of the weeks and months that ended, for the balance reports (0: none; the reports then read the daily roll-up alone). */
  ROLLUP_MINUTES: z.coerce.number().min(0).max(24 * 60).default(30),
  /**
   * Minutes between refreshes of the embedded database's planner statistics (ANALYZE of each table
   * grown by a tenth; 0: none). PostgreSQL's autovacuum does this on a server, where it does not run.
   */
  STATS_MINUTES: z.coerce.number().min(0).max(24 * 60).default(60),
  /** Attempts at delivering an outbox message (mail, webhook) before it is shown as failed in the upload monitor. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Seconds before the second attempt at a delivery; each later wait doubles, up to an hour. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** Seconds between looks at the outbox for what is due (one node looks each time); a commit that writes to it wakes its own node at once. */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.5).max(3600).default(5),
  /** The SMTP server mail leaves through (`smtp://user:pass@host:587`, `smtps://…`); unset: no mail (subscriptions off). */
  SMTP_URL: optionalText().refine((url) => url === undefined || /^smtps?:\/\/[^\s]+$/.test(url), 'not an smtp:// or smtps:// URL'),
  /** The sender of every mail (`Tyre console <console@example.com>`); mail is off without it. */
  MAIL_FROM: optionalText(),
  /** The console's address as its users reach it, for links in mails (`https://console.example.com`); unset: http://localhost:PORT. */
  PUBLIC_URL: optionalText().refine((url) => url === undefined || /^https?:\/\/[^\s]+$/.test(url), 'not an http(s) URL'),
  /** A subscription's xlsx larger than this (KiB) is not attached: the mail carries the link alone. */
  MAIL_ATTACHMENT_MAX_KB: z.coerce.number().int().min(1).max(50 * 1024).default(5 * 1024),
  /** Minutes between looks for subscriptions due (0: none); one node looks each time. */
  SUBSCRIPTION_MINUTES: z.coerce.number().min(0).max(24 * 60).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built console; served at / when it exists. */
  WEB_DIR: z.string().default('./dist/web'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = z.infer<typeof envSchema> & { captchaEnabled: boolean; /** BUSINESS_TIME_ZONE, or the host's zone. */ timeZone: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return {
    ...parsed.data, captchaEnabled: parsed.data.CAPTCHA,
    timeZone: parsed.data.BUSINESS_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

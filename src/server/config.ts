import { z } from 'zod';

const flag = (fallback: boolean) =>
  z.enum(['true', 'false', 'on', 'off', '1', '0']).optional().transform((v) => (v === undefined ? fallback : ['true', 'on', '1'].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  DATA_DIR: z.string().default('./data'),
  /** When set, a PostgreSQL server is used instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
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
  /** Minutes between sweeps of every warehouse and material against its stock thresholds (0: none; postings judge their own). */
  ALERT_SWEEP_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(10),
  /** Minutes between scheduled ledger invariant checks (0: only on demand). The check reads the whole ledger. */
  INVARIANT_CHECK_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(360),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built console; served at / when it exists. */
  WEB_DIR: z.string().default('./dist/web'),
});

export type Config = z.infer<typeof envSchema> & { captchaEnabled: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, captchaEnabled: parsed.data.CAPTCHA };
}

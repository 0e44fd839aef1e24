import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/e2e/chromiumArgs';
import { FIRST_PORT, SERVER_SCRIPT, SERVERS, serverDataDir, smtpPort, workerBaseUrl } from './tests/e2e/servers';

/** Browser tests drive Debian's Chromium against the real server, one server with a database of its own per worker. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: SERVERS,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL: workerBaseUrl(),
    viewport: { width: 1440, height: 900 },
    // Charts honour it and draw at once, so a screenshot needs no wait for their entry animations.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    // The console's service worker (build/offline.ts) would serve later tests from its cache; the offline tests allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  outputDir: '.tmp/e2e-output',
  webServer: Array.from({ length: SERVERS }, (_, i) => ({
    command: `npx tsx ${SERVER_SCRIPT}`,
    url: `http://127.0.0.1:${FIRST_PORT + i}/fms/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The ledger check reads the whole ledger on a schedule; the browser tests do not wait on it.
    // Every test signs in through the API from 127.0.0.1: on a quiet machine a worker's tests passed
    // the 30 sign-ins a minute one address may make (the default; loginRateLimit.test.ts covers it) and got 429.
    env: {
      PORT: String(FIRST_PORT + i), HOST: '127.0.0.1', DATA_DIR: serverDataDir(`worker-${i}`), CAPTCHA: 'off', LOG_LEVEL: 'warn',
      WEB_DIR: './dist/web', INVARIANT_CHECK_MINUTES: '0', LOGIN_RATE_LIMIT: '1000',
      // Mail on, to a port a test may start a real SMTP server on (savedViews.spec.ts).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort(i)}`, MAIL_FROM: 'Tyre console <console@e2e.example>', PUBLIC_URL: `http://127.0.0.1:${FIRST_PORT + i}`,
    },
  })),
});

/**
 * The browser tests run in two workers, each against a server of its own (its own database
 * each), so no test sees another's writes and the two share the two cores: one waits on its
 * browser while the other's server answers, and the tests that wait on a clock (a wall screen's
 * rotation, an idle limit, a poll) wait beside the others instead of in turn.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
export const SERVERS = Number(process.env.E2E_WORKERS ?? 2);

/** The server of the worker this runs in (Playwright sets TEST_PARALLEL_INDEX in each worker, before the config loads). */
export const workerBaseUrl = () => `http://127.0.0.1:${FIRST_PORT + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % SERVERS)}`;

/** A port no worker's server takes, for a test that starts a server of its own. */
export const spareServerPort = () => FIRST_PORT + SERVERS + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * The SMTP port a worker's server mails to (SMTP_URL): nothing listens there unless a test starts a
 * real SMTP server on it to read what arrives (savedViews.spec.ts).
 */
export const smtpPort = (worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % SERVERS) => FIRST_PORT + 2 * SERVERS + worker;

/** What starts a test server: src/server/main.ts, on a copy of the seeded database when its data folder is on disk. */
export const SERVER_SCRIPT = 'tests/e2e/startServer.ts';

/**
 * A test server's data folder: its own, where startServer.ts copies the seeded snapshot, when
 * scripts/test.mjs says the API tests' global setup made one in this run (E2E_SEED_SNAPSHOT); else
 * an in-memory database the server seeds itself (15 s on two busy cores, twice at once).
 */
export const serverDataDir = (name: string) => (process.env.E2E_SEED_SNAPSHOT ? `.tmp/e2e-data/${name}` : 'memory://');

import { existsSync } from 'node:fs';
/**
 * The browser tests run in two workers, each against a server of its own (an in-memory database
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
 * A test server's start: on a copy of the seeded database the API tests' global setup made
 * earlier in the same `npm test` (scripts/test.mjs names it in E2E_SEED_SNAPSHOT), unpacked into
 * a data folder of its own, as a restarted `npm start` would find its database; without one,
 * an in-memory database the server seeds itself (15 s on two busy cores, twice at once).
 */
export function serverStart(name: string): { command: string; dataDir: string } {
  const snapshot = process.env.E2E_SEED_SNAPSHOT;
  const start = 'npx tsx src/server/main.ts';
  if (!snapshot || !existsSync(snapshot)) return { command: start, dataDir: 'memory://' };
  const dir = `.tmp/e2e-data/${name}`;
  // tar says it drops the leading '/' of the snapshot's names: expected, so not shown.
  return { command: `rm -rf ${dir} && mkdir -p ${dir}/pglite && tar -xf ${snapshot} -C ${dir}/pglite 2>/dev/null && exec ${start}`, dataDir: dir };
}

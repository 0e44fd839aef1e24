#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, API tests (PGlite, and PostgreSQL when one answers),
// build, browser tests in Chromium. Runs every step, prints a summary, exits non-zero on any failure.
// The single-threaded first steps run beside each other (their output is printed whole as each ends).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

mkdirSync('.tmp', { recursive: true });
/** The seeded database the API tests' global setup writes (SNAPSHOT_FILE, tests/setup/seededDataDir.ts); one from an earlier run is not used. */
const SEED_SNAPSHOT = '.tmp/pglite-demo-seed.tar';
rmSync(SEED_SNAPSHOT, { force: true });
const results = [];

/**
 * Runs a step; resolves whether it passed. Its output goes straight to the terminal, or, for a step
 * `beside` others, is kept and printed whole when it ends, so the steps' logs do not interleave.
 */
function run(name, cmd, args, { env = {}, json, beside = false } = {}) {
  const title = `\n━━ ${name}: ${cmd} ${args.join(' ')}`;
  if (!beside) console.log(title);
  if (json) rmSync(json, { force: true });
  const result = { name, ok: false, seconds: '0', counts: null };
  results.push(result);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (beside) {
        console.log(`${title}   (beside other steps)`);
        process.stdout.write(Buffer.concat(output));
      }
      Object.assign(result, { ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1), counts: json ? readCounts(json) : null });
      resolve(result.ok);
    });
  });
}

function readCounts(file) {
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (data.stats) {
    const failures = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failures.push(`${spec.file}: ${spec.title}${firstLine(spec.tests?.[0]?.results?.at(-1)?.error?.message)}`);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of data.suites ?? []) walk(suite);
    return { passed: data.stats.expected + data.stats.flaky, failed: data.stats.unexpected, skipped: data.stats.skipped, failures };
  }
  const failures = data.testResults.flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    // Each failed test with the first line of its error: CI keeps only the end of the log.
    const failed = file.assertionResults.filter((a) => a.status === 'failed')
      .map((a) => `${name}: ${a.fullName}${firstLine(a.failureMessages?.[0])}`);
    // A file that failed outside its tests (a hook, an import) names itself.
    return failed.length || file.status !== 'failed' ? failed : [`${name}: ${file.message || 'failed'}`.slice(0, 300)];
  });
  return { passed: data.numPassedTests, failed: data.numFailedTests, skipped: data.numPendingTests + data.numTodoTests, failures };
}

const firstLine = (message) => (message ? `\n           ${message.split('\n').find((l) => l.trim())?.trim().slice(0, 240)}` : '');

function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return null;
}

function ensureChromium() {
  let path = findChromium();
  if (path) return path;
  const root = process.getuid?.() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian\'s chromium package');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    path = findChromium();
    if (path) return path;
  }
  console.error('\nThe browser tests need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n\nor set CHROMIUM_PATH to a Chromium binary, then run npm test again.');
  process.exit(1);
}

/** The PostgreSQL server the API tests also run on: DATABASE_URL, else the local one, if it answers. */
async function postgresUrl() {
  const url = process.env.TEST_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { hostname, port } = new URL(url);
  const open = await new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 5432), timeout: 1500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
  if (!open) return null;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (err) {
    console.log(`PostgreSQL at ${hostname}:${port || 5432} refused the test connection (${err.message})`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const chromium = ensureChromium();
const vitest = (project, out) => ['vitest', 'run', ...project.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];

// Type checking and lint are single-threaded: they share the two cores with the unit tests.
await Promise.all([
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { beside: true }),
  run('lint', 'npx', ['eslint', '.'], { beside: true }),
  run('unit', 'npx', vitest(['unit-web', 'unit-node'], '.tmp/unit.json'), { json: '.tmp/unit.json', beside: true }),
]);
await run('api (PGlite)', 'npx', vitest(['api'], '.tmp/api-pglite.json'), { json: '.tmp/api-pglite.json' });

// One at a time from here: beside the browser tests the PostgreSQL pass took 617 s instead of 190 s
// and the browser tests 828 s instead of 630 s, nothing gained and timeouts risked.
const pgUrl = await postgresUrl();
if (pgUrl) {
  await run('api (PostgreSQL)', 'npx', vitest(['api'], '.tmp/api-postgres.json'), {
    json: '.tmp/api-postgres.json', env: { TEST_DB: 'postgres', TEST_DATABASE_ADMIN_URL: pgUrl },
  });
} else {
  console.log('\nNo PostgreSQL server answered: the API tests ran on the embedded database only.');
}
// Two nodes of the built server on PostgreSQL and Redis; the file says why when it skips.
await run('cluster', 'npx', vitest(['cluster'], '.tmp/cluster.json'), { json: '.tmp/cluster.json', env: pgUrl ? { TEST_DATABASE_ADMIN_URL: pgUrl } : {} });
if (await run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  // The browser tests' servers start from the seeded database the PGlite pass made in this run
  // (tests/e2e/servers.ts), not each from an empty one: 15 to 30 s less before the first test.
  const seeded = existsSync(SEED_SNAPSHOT) ? { E2E_SEED_SNAPSHOT: '1' } : {};
  await run('e2e (Chromium)', 'npx', ['playwright', 'test'], { json: '.tmp/e2e-results.json', env: { CHROMIUM_PATH: chromium, ...seeded } });
} else {
  results.push({ name: 'e2e (Chromium)', ok: false, seconds: '0', counts: null });
}

console.log('\n━━ summary');
let passed = 0, failed = 0, skipped = 0;
for (const r of results) {
  const c = r.counts ? ` ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)} ${r.seconds.padStart(6)} s${c}`);
  // What failed, named here at the end, where a shortened log still shows it.
  for (const f of r.counts?.failures ?? []) console.log(`       ✗ ${f}`);
  if (r.counts) { passed += r.counts.passed; failed += r.counts.failed; skipped += r.counts.skipped; }
}
const allOk = results.every((r) => r.ok);
if (!allOk && failed === 0) failed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);

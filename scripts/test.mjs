#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, API tests (PGlite, and PostgreSQL when one answers),
// build, browser tests in Chromium. Runs every step, prints a summary, exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

mkdirSync('.tmp', { recursive: true });
const results = [];

function run(name, cmd, args, { env = {}, json } = {}) {
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  if (json) rmSync(json, { force: true });
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = json ? readCounts(json) : null;
  results.push({ name, ok: res.status === 0, seconds, counts });
  return res.status === 0;
}

function readCounts(file) {
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (data.stats) return { passed: data.stats.expected + data.stats.flaky, failed: data.stats.unexpected, skipped: data.stats.skipped };
  return { passed: data.numPassedTests, failed: data.numFailedTests, skipped: data.numPendingTests + data.numTodoTests };
}

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

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.']);
run('unit', 'npx', vitest(['unit-web', 'unit-node'], '.tmp/unit.json'), { json: '.tmp/unit.json' });
run('api (PGlite)', 'npx', vitest(['api'], '.tmp/api-pglite.json'), { json: '.tmp/api-pglite.json' });
const pgUrl = await postgresUrl();
if (pgUrl) {
  run('api (PostgreSQL)', 'npx', vitest(['api'], '.tmp/api-postgres.json'), {
    json: '.tmp/api-postgres.json', env: { TEST_DB: 'postgres', TEST_DATABASE_ADMIN_URL: pgUrl },
  });
} else {
  console.log('\nNo PostgreSQL server answered: the API tests ran on the embedded database only.');
}
// Two nodes of the built server on PostgreSQL and Redis; the file says why when it skips.
run('cluster', 'npx', vitest(['cluster'], '.tmp/cluster.json'), { json: '.tmp/cluster.json', env: pgUrl ? { TEST_DATABASE_ADMIN_URL: pgUrl } : {} });
if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  run('e2e (Chromium)', 'npx', ['playwright', 'test'], { json: '.tmp/e2e-results.json', env: { CHROMIUM_PATH: chromium } });
} else {
  results.push({ name: 'e2e (Chromium)', ok: false, seconds: '0', counts: null });
}

console.log('\n━━ summary');
let passed = 0, failed = 0, skipped = 0;
for (const r of results) {
  const c = r.counts ? ` ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)} ${r.seconds.padStart(6)} s${c}`);
  if (r.counts) { passed += r.counts.passed; failed += r.counts.failed; skipped += r.counts.skipped; }
}
const allOk = results.every((r) => r.ok);
if (!allOk && failed === 0) failed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);

#!/usr/bin/env node
// `npm run start:cluster`: builds once (console and server), then starts two nodes of the compiled
// server (CLUSTER_PORTS, default 8081,8082), each its own process, against one PostgreSQL database
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tyre_cluster, created when missing) and
// one Redis (REDIS_URL, default redis://127.0.0.1:6379). Ctrl-C (or SIGTERM) stops every node the
// way SIGTERM stops one: requests in flight finish first.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tyre_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ports = (process.env.CLUSTER_PORTS || '8081,8082').split(',').map((p) => Number(p.trim()));
// Every node signs and checks TMS tokens with the same key.
const tmsSecret = process.env.TMS_SECRET || randomBytes(32).toString('hex');

function step(name, cmd, args) {
  console.log(`━━ ${name}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/** Creates the database DATABASE_URL names when the server does not have it yet. */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`DATABASE_URL names no plain database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

step('build the console', 'npx', ['vite', 'build', '--logLevel', 'warn']);
step('build the server', process.execPath, ['scripts/build-server.mjs']);
await ensureDatabase(databaseUrl);

const safeUrl = (u) => u.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
console.log(`━━ ${ports.length} nodes on ${ports.join(', ')}; PostgreSQL ${safeUrl(databaseUrl)}; Redis ${safeUrl(redisUrl)}`);
const nodes = ports.map((port) => {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TMS_SECRET: tmsSecret },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => {
    console.log(`node on ${port} exited (${signal ?? code})`);
    resolve(code ?? 1);
  }));
  return { port, child, exited };
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`━━ ${signal}: stopping every node`);
    for (const { child } of nodes) if (child.exitCode === null) child.kill('SIGTERM');
  });
}
// A node that stops on its own leaves the others serving; the launcher ends with the last one.
const codes = await Promise.all(nodes.map((n) => n.exited));
process.exit(stopping ? 0 : Math.max(...codes));

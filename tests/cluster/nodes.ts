import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { API_BASE } from '../../src/shared/api/envelope';

/**
 * Two (or more) nodes of the compiled server (scripts/build-server.mjs) as child processes, on one
 * fresh PostgreSQL database and one Redis, as `npm run start:cluster` runs them.
 */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the cluster cannot be tested here (PostgreSQL or Redis does not answer), or null. */
export async function unavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at ${new URL(PG_ADMIN_URL).host} does not answer (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const { hostname, port } = new URL(REDIS_URL);
  const pong = await new Promise<string>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 2_000 });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => { socket.destroy(); resolve(data.toString()); });
    socket.once('error', (err) => resolve(err.message));
    socket.once('timeout', () => { socket.destroy(); resolve('timed out'); });
  });
  return pong.startsWith('+PONG') ? null : `Redis at ${hostname}:${port || 6379} does not answer (${pong.trim()})`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Builds the server into `outdir` (the build `npm run start:cluster` makes), answering main.js. */
export function buildServer(outdir: string): string {
  const res = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`server build failed: ${res.stderr}`);
  return `${outdir}/main.js`;
}

export interface LogLine { level: number; msg: string; [key: string]: unknown }

export interface Node {
  name: string;
  url: string;
  child: ChildProcess;
  /** The node's JSON log lines so far. */
  logs: LogLine[];
  exited: Promise<number | null>;
  call<T = unknown>(path: string, opts?: { body?: unknown; token?: string }): Promise<{ status: number; body: { code: number; msg: string; data: T }; headers: Headers }>;
}

export function startNode(name: string, main: string, port: number, env: Record<string, string>): Node {
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', WEB_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    name, url, child, logs, exited,
    async call(path, opts = {}) {
      const res = await fetch(url + API_BASE + path, {
        method: opts.body === undefined ? 'GET' : 'POST',
        headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { token: opts.token } : {}) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    },
  };
}

/** Waits until the node answers /health; fails when it exits first or `ms` pass. */
export async function healthy(node: Node, ms: number): Promise<void> {
  const end = Date.now() + ms;
  let gone = false;
  void node.exited.then(() => { gone = true; });
  while (Date.now() < end && !gone) {
    try {
      if ((await fetch(`${node.url}${API_BASE}/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = node.logs.slice(-5).map((l) => l.msg).join(' | ');
  throw new Error(`${node.name} ${gone ? 'exited' : 'did not answer'} before it was healthy: ${tail}`);
}

export async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  await node.exited;
}

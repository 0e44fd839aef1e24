import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { API_BASE } from '../../src/shared/api/envelope';
import { DEMO_PASSWORD } from '../api/server';

/**
 * The real server in a process of its own (src/server/main.ts, as `npm run serve` starts it),
 * for tests that kill it and benches that must not share its event loop. Its database outlives
 * it: a PGlite data folder on disk, or a database of the PostgreSQL server.
 */
export interface ChildServer {
  base: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  post<T = unknown>(route: string, body: unknown, token?: string): Promise<{ status: number; code: number; msg: string; data: T }>;
  login(userName?: string, password?: string): Promise<string>;
  /** Resident memory now, from /proc (Linux). */
  rssMb(): number;
  /** What the server printed (its log), when started with `capture`. */
  output(): string;
}

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

/** Starts the server over the given database and resolves once /health answers. */
export async function startChildServer(
  db: { dataDir: string } | { databaseUrl: string }, env: Record<string, string> = {},
  /** cwd: the checkout whose src/server/main.ts runs (a bench's baseline), this one by default. */
  opts: { capture?: boolean; cwd?: string } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'error', WEB_DIR: '/nonexistent',
      ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', LOGIN_RATE_LIMIT: '100000',
      ...('dataDir' in db ? { DATA_DIR: db.dataDir, DATABASE_URL: '' } : { DATABASE_URL: db.databaseUrl, DATA_DIR: 'memory://' }),
      ...env,
    },
    stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    cwd: opts.cwd,
  });
  const printed: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => printed.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => printed.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => { gone = true; });
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  for (;;) {
    if (gone) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const post: ChildServer['post'] = async (route, body, token) => {
    const res = await fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: never };
    return { status: res.status, ...json };
  };
  return {
    base, pid: child.pid!, child, exited, post,
    async login(userName = 'admin', password = DEMO_PASSWORD) {
      const res = await post<{ token: string }>('/sys/login', { userName, passWord: password });
      if (res.status !== 200) throw new Error(`login ${userName}: ${res.msg}`);
      return res.data.token;
    },
    output: () => Buffer.concat(printed).toString('utf8'),
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
  };
}

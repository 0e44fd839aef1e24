/**
 * The server side of bench/scans.ts, in a process of its own so that the scanners (the parent
 * process) do not share its event loop. It starts the API of the source tree given as first
 * argument (this checkout, or a baseline's extracted by the parent) on the database the
 * environment names, counts every SQL statement its database client sends, and answers the
 * parent's messages:
 *   { kind: 'mark' }      -> statements so far, this process's CPU time, and on PostgreSQL the
 *                            CPU time of the database's server processes (from /proc), and the
 *                            time on the clock of --cpu-prof's samples
 *   { kind: 'trace' }     -> starts keeping the statements' texts
 *   { kind: 'traced' }    -> the texts kept since, and stops keeping them
 *   { kind: 'invariant' } -> checkStockInvariant's findings
 *   { kind: 'close' }     -> closes the server and exits
 * and first sends { kind: 'ready', port, warehouseId, materialId }.
 *
 *   node --import tsx bench/scanServer.ts <source root>   (started by bench/scans.ts)
 */
import { readFileSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { buildApp as BuildApp } from '../src/server/app';
import type { loadConfig as LoadConfig } from '../src/server/config';
import type { Db, preparedStatementOf as PreparedStatementOf } from '../src/server/db/client';
import type * as Schema from '../src/server/db/schema';
import type { checkStockInvariant as CheckStockInvariant } from '../src/server/modules/stock/invariant';

const root = path.resolve(process.argv[2] ?? '.');
const load = <T>(file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;
const { buildApp } = await load<{ buildApp: typeof BuildApp }>('src/server/app.ts');
const { loadConfig } = await load<{ loadConfig: typeof LoadConfig }>('src/server/config.ts');
const { materials, warehouses } = await load<typeof Schema>('src/server/db/schema.ts');
// A baseline from before prepared statements has none.
const { preparedStatementOf = () => null } = await load<{ preparedStatementOf?: typeof PreparedStatementOf }>('src/server/db/client.ts');
const { checkStockInvariant } = await load<{ checkStockInvariant: typeof CheckStockInvariant }>('src/server/modules/stock/invariant.ts');

/** Statements sent to the database, BEGIN and COMMIT included (not the bench's own, sent while `quiet`). */
let statements = 0;
let quiet = false;
/** The texts of the statements sent while tracing (the bench's --statements). */
let traced: string[] | null = null;
const count = (text: unknown) => {
  if (quiet) return;
  statements++;
  if (traced) traced.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
};

// node-postgres: every statement, pooled or in a transaction, goes through Client#query.
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  count(args[0]);
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

/**
 * PGlite runs BEGIN and COMMIT inside `transaction` itself; they are counted as the two
 * statements they are. Prepared statements run through `execProtocol` (db/client.ts): each Bind
 * is one, the first Parse of a name is not counted.
 */
function countPglite(client: PGlite) {
  const execProtocol = client.execProtocol.bind(client);
  client.execProtocol = ((message: Uint8Array, ...rest: unknown[]) => {
    const text = preparedStatementOf(message);
    if (text) count(text);
    return (execProtocol as (...a: unknown[]) => unknown)(message, ...rest);
  }) as PGlite['execProtocol'];
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: unknown[]) => { count(args[0]); return (query as (...a: unknown[]) => unknown)(...args); }) as PGlite['query'];
  client.exec = ((...args: unknown[]) => { count(args[0]); return (exec as (...a: unknown[]) => unknown)(...args); }) as PGlite['exec'];
  client.transaction = ((fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) => {
    count('begin');
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((...args: unknown[]) => { count(args[0]); return (txQuery as (...a: unknown[]) => unknown)(...args); }) as typeof tx.query;
      tx.exec = ((...args: unknown[]) => { count(args[0]); return (txExec as (...a: unknown[]) => unknown)(...args); }) as typeof tx.exec;
      return fn(tx);
    }).finally(() => count('commit (or rollback)'));
  }) as PGlite['transaction'];
}

const config = loadConfig({
  PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent',
  LOGIN_RATE_LIMIT: '100000', ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const { app, services } = await buildApp(config);
const db = services.db as Db;
const postgres = Boolean(process.env.DATABASE_URL);
if (!postgres) countPglite((db as unknown as { $client: PGlite }).$client);
await app.listen({ port: 0, host: '127.0.0.1' });

const ticks = 100; // USER_HZ on Linux
/** CPU seconds (user + system) of this database's server processes alive now. */
async function databaseCpu(): Promise<number> {
  if (!postgres) return 0;
  quiet = true;
  const pids = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`) as unknown as { rows: { pid: number }[] }).rows;
  quiet = false;
  let total = 0;
  for (const { pid } of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // Not on this machine, or gone.
    }
  }
  return total;
}

const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC02'));
const [material] = await db.select({ id: materials.id }).from(materials).orderBy(asc(materials.id)).limit(1);
const send = (msg: unknown) => process.send!(msg);
process.on('message', async (msg: { kind: string }) => {
  try {
    if (msg.kind === 'mark') {
      const cpu = process.cpuUsage();
      // `at` is on the clock of --cpu-prof's samples (microseconds, monotonic): the bench keeps each scenario's window.
      send({ kind: 'mark', statements, cpu: (cpu.user + cpu.system) / 1e6, dbCpu: await databaseCpu(), at: Number(process.hrtime.bigint() / 1000n) });
    } else if (msg.kind === 'trace') {
      traced = [];
      send({ kind: 'trace' });
    } else if (msg.kind === 'traced') {
      send({ kind: 'traced', texts: traced ?? [] });
      traced = null;
    } else if (msg.kind === 'invariant') {
      send({ kind: 'invariant', problems: await checkStockInvariant(db) });
    } else if (msg.kind === 'close') {
      await app.close();
      process.exit(0);
    }
  } catch (err) {
    send({ kind: 'error', message: String((err as Error).stack ?? err) });
  }
});
send({ kind: 'ready', port: (app.server.address() as net.AddressInfo).port, warehouseId: warehouse.id, materialId: material.id });

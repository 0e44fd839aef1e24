import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as pgliteParse, PGlite, protocol, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { errorMessage } from '../../shared/must';
import * as schema from './schema';
import { createPgliteGate, type Lane, type LongWaitListener, type PgliteGate } from './pgliteGate';

/** What `execute` answers on both drivers (node-postgres' `QueryResult`, PGlite's `Results`): at least the rows. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
type RowsResult<Row> = { rows: Row[] };

export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Where reports and dashboards read: a read replica's pool (DATABASE_READ_URL), else `db`. */
  readDb: Db;
  /** `pglite` (embedded) or `postgres` (server). */
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while no other node of this database runs its own (migrations, the menu and demo
   * sync at start): a PostgreSQL advisory lock on a fixed key, so nodes starting together wait
   * in turn. The embedded database has one process: it just runs `fn`.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database's queue in front of its one connection: reads wait behind writes (pgliteGate.ts). */
  gate?: PgliteGate;
  /** The embedded database's files as a tarball (tests clone a seeded database from it). */
  dump?(): Promise<Blob>;
}

/** Connections to a PostgreSQL server at most (its default max_connections is 100). */
const POOL_SIZE = 50;
/** Connections to the read replica: reports and dashboards (a dashboard batch runs four panels at a time). */
const READ_POOL_SIZE = 20;
/** The advisory lock key of `exclusive` ('tyre' in ASCII): one per database, whatever the node. */
const STARTUP_LOCK_KEY = 0x74797265;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The tarball as PGlite reads it: it only calls `arrayBuffer()` (and looks at `type`). Node's Blob
 * answers that by streaming its bytes into a new buffer chunk by chunk, 0.5 to 0.8 s for a 64 MB
 * data folder; this copies them at once.
 */
class Tarball extends Blob {
  readonly #data: Uint8Array;

  constructor(data: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#data = data;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.#data).buffer;
  }
}
const tarball = (bytes: Uint8Array) => new Tarball(bytes);

/**
 * Opens the database the configuration names and brings its schema up to date. Drizzle's
 * migrators apply pending migrations forward only, inside one transaction.
 */
export async function openDatabase(opts: {
  dataDir: string; databaseUrl?: string;
  /** A tarball of a PGlite data folder to start from (a test server's copy of the seeded database). */
  pgliteSnapshot?: Uint8Array;
  /** A read replica of `databaseUrl` for reports and dashboards. */
  readUrl?: string;
  /** The business time zone: database sessions turn timestamps into days (`::date`) in it. Default: the database's own. */
  timeZone?: string;
  /** Told of an idle server connection that broke (server restart, terminated backend). */
  onIdleError?: (err: Error) => void;
  /** Told of a statement that waited long for the embedded database (pgliteGate.ts). */
  onLongWait?: LongWaitListener;
  /** Told of a statement that held the embedded database long (pgliteGate.ts), with its start. */
  onLongHold?: (heldMs: number, lane: Lane, statement: string) => void;
}): Promise<Database> {
  // Zone names are checked by the configuration (letters, digits, `/_+-`): safe inside the quotes.
  if (opts.timeZone && !/^[A-Za-z0-9/_+-]+$/.test(opts.timeZone)) throw new Error(`bad time zone ${opts.timeZone}`);
  if (opts.databaseUrl) {
    // JIT compilation costs more than it saves on the dashboards' short aggregate plans.
    // 50 connections: a dock of 50 scanners each holds one for its scan's transaction; with 10,
    // 40 scans queued in the pool behind round trips (bench/scans: 484 scans/s against 373).
    const options = `-c jit=off${opts.timeZone ? ` -c TimeZone=${opts.timeZone}` : ''}`;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE, options });
    // Without a listener an idle connection the server closes would crash the process; the pool
    // drops that connection and opens another for the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const readPool = opts.readUrl ? new pg.Pool({ connectionString: opts.readUrl, max: READ_POOL_SIZE, options }) : null;
    readPool?.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema });
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A connection of its own holds the lock for the whole of `fn` (whose queries use the pool);
      // were the node to die, its connection ends and the lock with it.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    await exclusive(() => migratePg(db, { migrationsFolder }));
    return {
      db, readDb: readPool ? drizzlePg({ client: readPool, schema }) : db, kind: 'postgres', exclusive,
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  let client: PGlite;
  if (opts.pgliteSnapshot) client = new PGlite({ loadDataDir: tarball(opts.pgliteSnapshot) });
  else if (opts.dataDir === 'memory://') client = new PGlite();
  else {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  // The instance reads dates and times (and their arrays) as text on every path (query, exec,
  // sql, a transaction's), as Drizzle asks of each of its queries (`withoutDrizzleReaders`). Set
  // once ready, and again after a refresh of the array types: both install array readers over them.
  Object.assign(client.parsers, asDrizzleExecuteReads);
  const refreshArrayTypes = client.refreshArrayTypes.bind(client);
  client.refreshArrayTypes = async () => {
    await refreshArrayTypes();
    Object.assign(client.parsers, asDrizzleExecuteReads);
  };
  client.query = namingStatements(withoutDrizzleReaders(client.query.bind(client)));
  // Drizzle hands a transaction's statements the transaction's own client: remember whose it is,
  // so prepared statements run inside it can reach the database's protocol (`preparedStatement`).
  // PGlite runs on this thread, synchronously, and its lock passes to the next statement through
  // promise callbacks: a queue of statements (40 dashboards' panels) ran in one microtask
  // checkpoint, seconds long, during which no connection was accepted and no request read (under
  // bench/load, new connections waited 20 to 90 s for their accept). Each statement or transaction
  // now starts in a task of its own, so the event loop polls between them.
  // Both lean on PGlite's own statement lock (`_runExclusiveTransaction`, `_runExclusiveQuery`), internals of the
  // version package.json pins exactly: a later PGlite that renames them stops here, at start, not at the first query.
  if (typeof client._runExclusiveTransaction !== 'function' || typeof client._runExclusiveQuery !== 'function') {
    throw new Error('this PGlite has no _runExclusiveTransaction/_runExclusiveQuery: src/server/db/client.ts is written for @electric-sql/pglite 0.5.16');
  }
  // Short statements (scans, writes, /health) go ahead of reports' and dashboards' reads (pgliteGate.ts).
  const gate = createPgliteGate({
    onLongWait: opts.onLongWait,
    onLongHold: opts.onLongHold && ((heldMs, lane) => opts.onLongHold?.(heldMs, lane, statementHead())),
  });
  const runExclusive = gate.wrap(client._runExclusiveTransaction.bind(client));
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    runExclusive(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return fn();
    });
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) => transaction((tx) => {
    pgliteOfTransaction.set(tx, client);
    tx.query = namingStatements(withoutDrizzleReaders(tx.query));
    return fn(tx);
  });
  if (opts.timeZone) await client.exec(`set time zone '${opts.timeZone}'`);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db, readDb: db, kind: 'pglite', gate, exclusive: (fn) => fn(), close: () => client.close(),
    // Uncompressed: PGlite opens it in 1.4 to 1.6 s where a gzipped one took 2.0 to 2.3 (each API test file starts from it).
    dump: () => client.dumpDataDir('none'),
  };
}

/** Rows of a raw SQL query (analytic queries read clearer in SQL); both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown> = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}

const dialect = new PgDialect();

/** The PGlite database of each open transaction's client. */
const pgliteOfTransaction = new WeakMap<object, PGlite>();
/** The statements PGlite has parsed under their names, with their parameters' types. */
const pgliteStatements = new WeakMap<PGlite, Map<string, number[]>>();

/** Dates, times and intervals (and their arrays) left as text, as `db.execute` answers them on both drivers. */
const TEXT_READ_OIDS = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const asDrizzleExecuteReads = Object.fromEntries(TEXT_READ_OIDS.map((oid) => [oid, (value: string) => value]));
const textRead = new Set(TEXT_READ_OIDS.map(String));
/** Whether each set of readers a query brought reads only those types, as text (Drizzle keeps one set per prepared query). */
const onlyTextReaders = new WeakMap<object, boolean>();
const PROBE = '2026-11-27';

/**
 * PGlite's `query` that leaves out the readers a query brings when they only read the types
 * the instance already reads as text, as Drizzle's do: PGlite merges a query's readers into its
 * own 384 by spreading both into a new object, about 0.2 ms of CPU a statement (a fifth of a
 * scan's server time). Readers of any other type, or that read one of those types otherwise,
 * still go through.
 */
export function withoutDrizzleReaders(query: PGlite['query']): PGlite['query'] {
  return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query<T>(text, params, options);
    const { parsers, ...rest } = options;
    let textOnly = onlyTextReaders.get(parsers);
    if (textOnly === undefined) {
      textOnly = Object.entries(parsers).every(([oid, read]) => textRead.has(oid) && read(PROBE) === PROBE);
      onlyTextReaders.set(parsers, textOnly);
    }
    return query<T>(text, params, textOnly ? rest : options);
  };
}

/** The text of the statement a `query` call runs, for the log of one that held the embedded database long. */
const statementOfCall = new AsyncLocalStorage<string>();
/** PGlite's `query`, its text kept where the gate's log finds it (`statementHead`). */
const namingStatements = (query: PGlite['query']): PGlite['query'] =>
  <T>(text: string, params?: unknown[], options?: QueryOptions) => statementOfCall.run(text, () => query<T>(text, params, options));
/** Its start, whitespace folded; a transaction or a prepared statement (a scan's) has no text of its own here. */
const statementHead = () => statementOfCall.getStore()?.replace(/\s+/g, ' ').trim().slice(0, 160) ?? '(a transaction or prepared statement)';

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * A named statement on PGlite, through its wire protocol: parsed and described once, then bound
 * and executed (PGlite's own `query` parses, plans and describes every statement again, about
 * four times the work for a scan's statements). Outside a transaction it waits, as `query` does,
 * for any open transaction and writes the data files after; inside one it runs in its turn.
 */
async function runOnPglite<T>(pglite: PGlite, inTransaction: boolean, name: string, text: string, params: unknown[]): Promise<T[]> {
  const { serialize } = protocol;
  const run = async () => {
    let statements = pgliteStatements.get(pglite);
    if (!statements) pgliteStatements.set(pglite, statements = new Map());
    let types = statements.get(name);
    if (!types) {
      const described = await pglite.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
      types = pgliteParse.parseDescribeStatementResults(described.messages);
      statements.set(name, types);
    }
    const values = params.map((v, i) => {
      if (v == null) return null;
      const serializer = pglite.serializers[types[i]];
      return serializer ? serializer(v) : String(v);
    });
    const { messages } = await pglite.execProtocol(concat([
      serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
    ]), { syncToFs: !inTransaction });
    return pgliteParse.parseResults(messages, pglite.parsers)[0].rows as T[];
  };
  try {
    return await (inTransaction ? pglite._runExclusiveQuery(run) : pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run)));
  } catch (err) {
    throw new Error(`statement ${name} failed: ${errorMessage(err)}`, { cause: err });
  }
}

/** Each prepared statement's SQL by its name. */
const preparedTexts = new Map<string, string>();

/**
 * The SQL a PGlite protocol message of `preparedStatement` runs (its Bind names the statement),
 * for what traces statements (tests, bench/scans); null for any other message.
 */
export function preparedStatementOf(message: Uint8Array): string | null {
  if (message[0] !== 0x42) return null; // 'B', length, portal name, statement name
  const portalEnd = message.indexOf(0, 5);
  return preparedTexts.get(new TextDecoder().decode(message.subarray(portalEnd + 1, message.indexOf(0, portalEnd + 1)))) ?? null;
}

/**
 * A statement of a hot path (a scan runs three, every call one), built once: drizzle does not
 * assemble its SQL again per call, and the database parses and plans it once, as the named
 * prepared statement `name` (PostgreSQL once per connection). Values are bound by name
 * (`sql.placeholder('orderId')`), so the text never varies: a list is bound as one array value.
 * Runs on a transaction or the database alike; answers the rows.
 */
export function preparedStatement<T>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  preparedTexts.set(name, built.sql);
  return async (db, values) => {
    const session = db._.session;
    // Both drivers' sessions hold their client (PGlite's, a transaction's, or a pg pool's).
    const client = 'client' in session && typeof session.client === 'object' && session.client !== null ? session.client : null;
    const pglite = client instanceof PGlite ? client : client && pgliteOfTransaction.get(client);
    if (pglite) return runOnPglite<T>(pglite, pglite !== client, name, built.sql, fillPlaceholders(built.params, values));
    const result = await session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(built, undefined, name, false).execute(values);
    return result.rows;
  };
}
